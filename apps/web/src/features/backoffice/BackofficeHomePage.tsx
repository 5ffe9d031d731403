/** /backoffice: platform counts and shortcuts. */
import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconMicrophone, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBackofficeCounts } from './backofficeApi.ts';

function Tile({ to, title, count, icon, loading, note }: { to: string; title: string; count?: string; icon: ReactNode; loading?: boolean; note?: string }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="xs">
        {icon}
        <Anchor component={Link} to={to} fw={600} size="lg">
          {title}
        </Anchor>
        {note && <Text c="dimmed">{note}</Text>}
        {loading ? (
          <Skeleton h={32} w={80} />
        ) : (
          count !== undefined && (
            <Text size="xl" fw={700}>
              {count}
            </Text>
          )
        )}
      </Stack>
    </Paper>
  );
}

export function BackofficeHomePage() {
  const { t, i18n } = useTranslation('backoffice');
  const counts = useBackofficeCounts();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('home.title')}</Title>
        <Text c="dimmed">{t('home.subtitle')}</Text>
      </div>
      {counts.isError && <Text c="red">{counts.error.message}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Tile
          to="/backoffice/users"
          title={t('nav.users')}
          icon={<IconUsers aria-hidden />}
          loading={counts.isPending}
          count={counts.data && t('home.users', { count: counts.data.users, formatted: number.format(counts.data.users) })}
        />
        <Tile
          to="/backoffice/organizations"
          title={t('nav.organizations')}
          icon={<IconBuilding aria-hidden />}
          loading={counts.isPending}
          count={counts.data && t('home.organizations', { count: counts.data.organizations, formatted: number.format(counts.data.organizations) })}
        />
        <Tile to="/backoffice/transcriberProfiles" title={t('nav.transcriberProfiles')} icon={<IconMicrophone aria-hidden />} note={t('transcriberProfiles.tileNote')} />
      </SimpleGrid>
    </Stack>
  );
}
