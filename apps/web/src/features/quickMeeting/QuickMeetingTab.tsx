/**
 * The create page's quick meeting tab: what a quick meeting is, and one click to start one (the quick
 * session page's creation step) for those who may create sessions in the current organization.
 */
import { Alert, Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicConfig } from '../../api/queries.ts';
import { useOrganizationScope } from '../../app/OrganizationScope.tsx';
import { paths } from '../../routes/paths.ts';
import { useSessionCreateAllowed } from '../sessions/access.ts';

export function QuickMeetingTab() {
  const { t } = useTranslation('quickMeeting');
  const { current } = useOrganizationScope();
  const allowed = useSessionCreateAllowed();
  const config = usePublicConfig();
  if (config.data?.features.sessionsEnabled === false) return <Alert color="gray">{t('tab.disabled')}</Alert>;
  if (!current || !allowed) return <Alert color="gray">{t('tab.notAllowed')}</Alert>;
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconUsersGroup size={26} />
        </ThemeIcon>
        <Text fw={600}>{t('tab.title')}</Text>
        <Text c="dimmed" size="sm" maw={520}>
          {t('tab.message')}
        </Text>
        <Button component={Link} to={paths.quickSession(current._id)} size="md">
          {t('tab.start')}
        </Button>
      </Stack>
    </Paper>
  );
}
