/**
 * What went wrong with the shared document, said only when it is true: an update the server refused
 * (this copy has diverged: save and reload), a rewrite this copy cannot follow, a turn whose words
 * cannot be bound to its text, a lost access, or a document that could not be opened.
 */
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';
import type { CollabProblem } from './collabClient.ts';

function Reload() {
  const { t } = useTranslation('editor');
  return (
    <Button size="xs" variant="white" color="red" onClick={() => window.location.reload()}>
      {t('problems.reload')}
    </Button>
  );
}

export function EditorProblems({ problem, unsynced, conversationId }: { problem: CollabProblem | null; unsynced: boolean; conversationId: string }) {
  const { t } = useTranslation('editor');
  const alerts: { key: string; text: string; action?: React.ReactNode }[] = [];
  if (problem?.kind === 'update_failed') alerts.push({ key: 'update', text: t('problems.updateFailed'), action: <Reload /> });
  if (problem?.kind === 'conflict') alerts.push({ key: 'conflict', text: t('problems.conflict'), action: <Reload /> });
  if (problem?.kind === 'join_failed')
    alerts.push({ key: 'join', text: `${t('problems.joinFailed')} ${t(`common:apiError.${problem.error}`, { defaultValue: '' })}`.trim(), action: <Reload /> });
  if (problem?.kind === 'access_lost')
    alerts.push({
      key: 'access',
      text: t('problems.accessLost'),
      action: (
        <Button size="xs" variant="white" color="red" component={Link} to={paths.conversation(conversationId)}>
          {t('page.back')}
        </Button>
      ),
    });
  if (unsynced) alerts.push({ key: 'unsynced', text: t('problems.turnUnsynced'), action: <Reload /> });
  if (alerts.length === 0) return null;
  return (
    <Stack gap="xs">
      {alerts.map((alert) => (
        <Alert key={alert.key} color="red" variant="filled" role="alert" icon={<IconAlertTriangle size={18} />} data-testid={`editor-problem-${alert.key}`}>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <span>{alert.text}</span>
            {alert.action}
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
