/** The editor's toolbar: connection state, who is here, undo / redo, and the panels' controls. */
import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EditorControls, type EditorPanel } from './panels/index.ts';
import { PeerAvatars } from './PeerAvatars.tsx';
import { useEditorSession } from './session.ts';
import { SyncIndicator } from './SyncIndicator.tsx';
import { UndoRedoButtons } from './UndoRedoButtons.tsx';

export function EditorToolbar({ unsaved, onOpen, onHighlight, highlights }: { unsaved: boolean; onOpen(panel: EditorPanel): void; onHighlight?: () => void; highlights: boolean }) {
  const { t } = useTranslation('editor');
  const session = useEditorSession();
  const writable = session.access === 'write';
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" role="toolbar" aria-label={t('toolbar.label')}>
      <Group gap="sm" wrap="nowrap">
        <SyncIndicator sync={session.sync} unsaved={unsaved} />
        <PeerAvatars peers={session.peers} />
        {writable && <UndoRedoButtons undo={session.undo} />}
      </Group>
      <Group gap="xs" wrap="wrap">
        <EditorControls onOpen={onOpen} onHighlight={onHighlight} highlights={highlights} />
      </Group>
    </Group>
  );
}
