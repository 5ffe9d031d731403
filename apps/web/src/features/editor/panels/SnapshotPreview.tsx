/** A snapshot's turns, read-only, with how the live document differs from it. */
import { Alert, Loader, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import type { Snapshot } from '@palabre/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditorSession } from '../session.ts';
import { diffWithSnapshot } from './docState.ts';
import { useSnapshot } from './historyApi.ts';

/** Enough to recognise the version; the whole text is restored, not shown. */
const SHOWN_TURNS = 200;

interface Props {
  snapshotId: string | null;
  title: string;
  onClose(): void;
}

export function SnapshotPreview({ snapshotId, title, onClose }: Props) {
  const { t } = useTranslation('editorPanels');
  const session = useEditorSession();
  const snapshot = useSnapshot(session.conversationId, snapshotId);
  return (
    <Modal opened={snapshotId !== null} onClose={onClose} title={title} size="lg" scrollAreaComponent={ScrollArea.Autosize}>
      {snapshot.isPending ? (
        <Loader size="sm" aria-label={t('history.loading')} />
      ) : snapshot.isError ? (
        <Alert color="red">{t('history.previewFailed')}</Alert>
      ) : (
        <SnapshotTurns snapshot={snapshot.data} />
      )}
    </Modal>
  );
}

function SnapshotTurns({ snapshot }: { snapshot: Snapshot }) {
  const { t } = useTranslation('editorPanels');
  const session = useEditorSession();
  const diff = useMemo(() => diffWithSnapshot(session.doc, snapshot.transcript), [session.doc, snapshot]);
  const names = new Map(snapshot.transcript.speakers.map((s) => [s.speaker_id, s.speaker_name]));
  const turns = snapshot.transcript.text;
  const unchanged = diff.added + diff.removed + diff.changed === 0;
  return (
    <Stack gap="sm" data-testid="snapshot-preview">
      <Text size="sm" c="dimmed">
        {unchanged ? t('history.diffNone') : t('history.diff', { changed: diff.changed, added: diff.added, removed: diff.removed })}
      </Text>
      {turns.length === 0 && <Text size="sm">{t('history.emptySnapshot')}</Text>}
      {turns.slice(0, SHOWN_TURNS).map((turn) => (
        <Stack key={turn.turn_id} gap={2}>
          <Text size="xs" fw={600} c="dimmed">
            {names.get(turn.speaker_id) ?? turn.speaker_id}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {turn.segment}
          </Text>
        </Stack>
      ))}
      {turns.length > SHOWN_TURNS && (
        <Text size="sm" c="dimmed">
          {t('history.moreTurns', { count: turns.length - SHOWN_TURNS })}
        </Text>
      )}
    </Stack>
  );
}
