/** The backoffice frame: navigation and the current page, for system administrators and above only. */
import { AppShell, Burger, Button, Center, Group, Loader, NavLink, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft, IconBuilding, IconHome, IconKey, IconMicrophone, IconSparkles, IconUsers } from '@tabler/icons-react';
import { isSystemAdministratorOrHigher } from '@palabre/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useMe } from '../../api/queries.ts';

const HOME = '/backoffice';

function NavItem({ to, label, icon, exact, onClick }: { to: string; label: string; icon: ReactNode; exact?: boolean; onClick?: () => void }) {
  const { pathname } = useLocation();
  const active = exact ? pathname === to || pathname === `${to}/` : pathname === to || pathname.startsWith(`${to}/`);
  return <NavLink component={Link} to={to} label={label} leftSection={icon} active={active} aria-current={active ? 'page' : undefined} onClick={onClick} />;
}

export function BackofficeLayout() {
  const { t } = useTranslation(['backoffice', 'common']);
  const me = useMe();
  const [opened, { toggle, close }] = useDisclosure(false);

  if (me.isPending) {
    return (
      <Center h="100vh">
        <Loader aria-label={t('common:app.loading')} />
      </Center>
    );
  }
  if (!me.data || !isSystemAdministratorOrHigher(me.data.role)) {
    return (
      <Center h="100vh" p="md">
        <Stack align="center" gap="md">
          <Title order={1} size="h3" ta="center">
            {t('backoffice:forbidden')}
          </Title>
          <Button component={Link} to="/" variant="light" leftSection={<IconArrowLeft size={16} />}>
            {t('backoffice:nav.backToApp')}
          </Button>
        </Stack>
      </Center>
    );
  }

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header component="header">
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('backoffice:nav.toggle')} />
            <Text fw={700} size="lg">
              {t('backoffice:title')}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {me.data.email}
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={t('backoffice:nav.label')}>
        <Stack gap={2} style={{ flex: 1 }}>
          <NavItem to={HOME} exact label={t('backoffice:nav.home')} icon={<IconHome size={18} />} onClick={close} />
          <NavItem to={`${HOME}/users`} label={t('backoffice:nav.users')} icon={<IconUsers size={18} />} onClick={close} />
          <NavItem to={`${HOME}/organizations`} label={t('backoffice:nav.organizations')} icon={<IconBuilding size={18} />} onClick={close} />
          <NavItem to={`${HOME}/transcriberProfiles`} label={t('backoffice:nav.transcriberProfiles')} icon={<IconMicrophone size={18} />} onClick={close} />
          <NavItem to={`${HOME}/aiProfiles`} label={t('backoffice:nav.aiProfiles')} icon={<IconSparkles size={18} />} onClick={close} />
          <NavItem to={`${HOME}/apiKeys`} label={t('backoffice:nav.apiKeys')} icon={<IconKey size={18} />} onClick={close} />
        </Stack>
        <NavLink component={Link} to="/" label={t('backoffice:nav.backToApp')} leftSection={<IconArrowLeft size={18} />} />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" component="main">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
