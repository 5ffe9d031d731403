/** Header of the main area: app name, organization switcher, user menu (or a sign-in link for visitors). */
import { Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import type { User } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePublicConfig } from '../../api/queries.ts';
import { paths } from '../../routes/paths.ts';
import { OrganizationSwitcher } from './OrganizationSwitcher.tsx';
import { PreferencesMenu } from './PreferencesMenuItems.tsx';
import { UserMenu } from './UserMenu.tsx';

export function AppName() {
  const config = usePublicConfig();
  return (
    <UnstyledButton component={Link} to={paths.root} aria-label={config.data?.appName ?? 'Palabre'}>
      <Text fw={800} size="lg" c="var(--mantine-primary-color-filled)">
        {config.data?.appName ?? 'Palabre'}
      </Text>
    </UnstyledButton>
  );
}

interface AppHeaderProps {
  user: User | null;
  withOrganization?: boolean;
  navigation?: { opened: boolean; toggle: () => void };
}

export function AppHeader({ user, withOrganization = false, navigation }: AppHeaderProps) {
  const { t } = useTranslation('layout');
  const location = useLocation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        {navigation && <Burger opened={navigation.opened} onClick={navigation.toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.toggle')} />}
        <AppName />
        {user && withOrganization && <OrganizationSwitcher role={user.role} />}
      </Group>
      {user ? (
        <UserMenu user={user} />
      ) : (
        <Group gap="xs" wrap="nowrap">
          <PreferencesMenu />
          <Button component={Link} to={`${paths.login}?${new URLSearchParams({ next: location.pathname + location.search })}`} variant="light">
            {t('signIn')}
          </Button>
        </Group>
      )}
    </Group>
  );
}
