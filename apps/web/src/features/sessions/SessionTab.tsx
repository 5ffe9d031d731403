/**
 * The create page's session tab: what a live session gives (captions from encoders or microphones,
 * saved to the library when it ends), and the way to create one or open the sessions, for those who
 * may create sessions in the current organization.
 */
import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicConfig } from '../../api/queries.ts';
import { paths } from '../../routes/paths.ts';
import { useSessionCreateAllowed } from './access.ts';

export function SessionTab() {
  const { t } = useTranslation('sessions');
  const allowed = useSessionCreateAllowed();
  const config = usePublicConfig();
  if (config.data?.features.sessionsEnabled === false) return <Alert color="gray">{t('createTab.disabled')}</Alert>;
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconBroadcast size={26} />
        </ThemeIcon>
        <Text fw={600}>{t('createTab.title')}</Text>
        <Text c="dimmed" size="sm" maw={560}>
          {t('createTab.message')}
        </Text>
        <Group justify="center">
          {allowed && (
            <Button component={Link} to={paths.sessionCreate} size="md">
              {t('createTab.create')}
            </Button>
          )}
          <Button component={Link} to={paths.sessionsList} size="md" variant="default">
            {t('createTab.list')}
          </Button>
        </Group>
        {!allowed && (
          <Text c="dimmed" size="xs">
            {t('createTab.notAllowed')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
