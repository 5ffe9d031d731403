/**
 * The transcript's snapshots, newest first: when, why, by whom; a preview; and restore (writers).
 * A restore goes through the live document, so the editor follows by itself; the server takes a
 * "before restore" snapshot first, which undoes it.
 */
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { SnapshotSummary } from '@palabre/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../components/notify.ts';
import { useEditorSession } from '../session.ts';
import { useHistory, useRestoreSnapshot } from './historyApi.ts';
import { SnapshotPreview } from './SnapshotPreview.tsx';

export function HistoryPanel() {
  const { t, i18n } = useTranslation(['editorPanels', 'common']);
  const session = useEditorSession();
  const history = useHistory(session.conversationId);
  const restore = useRestoreSnapshot(session.conversationId);
  const [previewing, setPreviewing] = useState<SnapshotSummary | null>(null);
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const when = (snapshot: SnapshotSummary) => format.format(new Date(snapshot.createdAt));

  function confirmRestore(snapshot: SnapshotSummary) {
    modals.openConfirmModal({
      title: t('history.restoreTitle'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('history.restoreConfirm', { date: when(snapshot) })}</Text>
          <Text size="sm">{t('history.restoreUndo')}</Text>
        </Stack>
      ),
      labels: { confirm: t('history.restore'), cancel: t('common:actions.cancel') },
      onConfirm: () =>
        restore.mutate(snapshot._id, {
          onSuccess: () => notifySuccess(t('history.restored')),
          onError: (error) => notifyError(error, t('history.restoreFailed')),
        }),
    });
  }

  if (history.isPending) return <Loader size="sm" aria-label={t('history.loading')} />;
  if (history.isError) return <Alert color="red">{t('history.loadFailed')}</Alert>;

  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {t('history.intro')}
      </Text>
      {history.data.length === 0 && <Text size="sm">{t('history.empty')}</Text>}
      <Stack gap="xs" component="ul" aria-label={t('history.list')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {history.data.map((snapshot) => (
          <Paper key={snapshot._id} component="li" withBorder p="xs" data-snapshot-id={snapshot._id} data-snapshot-reason={snapshot.reason}>
            <Stack gap={4}>
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Text size="sm" fw={600} component="time" dateTime={snapshot.createdAt}>
                  {when(snapshot)}
                </Text>
                <Badge size="sm" variant="light" tt="none" style={{ overflow: 'visible' }} color={snapshot.reason === 'auto' ? 'gray' : 'blue'}>
                  {t(`history.reason.${snapshot.reason}`)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {snapshot.author ? t('history.author', { name: snapshot.author.name }) : t('history.byServer')}
                {snapshot.editors.length > 0 && ` · ${t('history.editors', { names: snapshot.editors.map((e) => e.name).join(', ') })}`}
              </Text>
              <Text size="xs" c="dimmed">
                {t('history.size', { turns: snapshot.turns, words: snapshot.words })}
              </Text>
              <Group gap="xs">
                <Button size="compact-xs" variant="default" onClick={() => setPreviewing(snapshot)} aria-label={t('history.previewOf', { date: when(snapshot) })}>
                  {t('history.preview')}
                </Button>
                {session.access === 'write' && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => confirmRestore(snapshot)}
                    loading={restore.isPending && restore.variables === snapshot._id}
                    aria-label={t('history.restoreOf', { date: when(snapshot) })}
                  >
                    {t('history.restore')}
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <SnapshotPreview snapshotId={previewing?._id ?? null} title={previewing ? t('history.previewTitle', { date: when(previewing) }) : ''} onClose={() => setPreviewing(null)} />
    </Stack>
  );
}
