/**
 * What went wrong with the shared document, said only when it is true: an update the server refused
 * (this copy has diverged: save and reload), a turn whose words cannot be bound to its text, a lost access, or a document that could not be opened. The words
 * are the `problems.*` of the editor's namespace (the transcript's, or the subtitles' for a version).
 */
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../routes/paths.ts';
import type { CollabProblem } from './collabClient.ts';

function Reload({ namespace }: { namespace: ProblemNamespace }) {
  const { t } = useTranslation(namespace);
  return (
    <Button size="xs" variant="white" color="red" onClick={() => window.location.reload()}>
      {t('problems.reload')}
    </Button>
  );
}

type ProblemNamespace = 'editor' | 'subtitles';

interface Props {
  problem: CollabProblem | null;
  unsynced: boolean;
  conversationId: string;
  namespace?: ProblemNamespace;
  /** Where "back" leads once the access is lost (the media's overview unless given). */
  back?: { to: string; label: string };
}

export function EditorProblems({ problem, unsynced, conversationId, namespace = 'editor', back }: Props) {
  const { t } = useTranslation(namespace);
  const reload = <Reload namespace={namespace} />;
  const alerts: { key: string; text: string; action?: React.ReactNode }[] = [];
  if (problem?.kind === 'update_failed') alerts.push({ key: 'update', text: t('problems.updateFailed'), action: reload });
  if (problem?.kind === 'join_failed')
    alerts.push({ key: 'join', text: `${t('problems.joinFailed')} ${t(`common:apiError.${problem.error}`, { defaultValue: '' })}`.trim(), action: reload });
  if (problem?.kind === 'access_lost')
    alerts.push({
      key: 'access',
      text: t('problems.accessLost'),
      action: (
        <Button size="xs" variant="white" color="red" component={Link} to={back?.to ?? paths.conversation(conversationId)}>
          {back?.label ?? t('editor:page.back')}
        </Button>
      ),
    });
  if (unsynced) alerts.push({ key: 'unsynced', text: t('problems.turnUnsynced'), action: reload });
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
