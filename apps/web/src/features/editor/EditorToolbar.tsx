/** The editor's toolbar: connection state, who is here, undo / redo, and the panels' controls. */
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as Y from 'yjs';
import { EditorControls, type EditorPanel } from './panels/index.ts';
import { PeerAvatars } from './PeerAvatars.tsx';
import { useEditorSession } from './session.ts';
import { SyncIndicator } from './SyncIndicator.tsx';

/** Whether undo and redo have something to do, renewed as the stacks change. */
export function useUndoState(undo: Y.UndoManager) {
  const read = () => ({ canUndo: undo.canUndo(), canRedo: undo.canRedo() });
  const [state, setState] = useState(read);
  useEffect(() => {
    const update = () => setState(read());
    update();
    undo.on('stack-item-added', update);
    undo.on('stack-item-popped', update);
    undo.on('stack-cleared', update);
    return () => {
      undo.off('stack-item-added', update);
      undo.off('stack-item-popped', update);
      undo.off('stack-cleared', update);
    };
  }, [undo]);
  return state;
}

export function EditorToolbar({ unsaved, onOpen }: { unsaved: boolean; onOpen(panel: EditorPanel): void }) {
  const { t } = useTranslation('editor');
  const session = useEditorSession();
  const { canUndo, canRedo } = useUndoState(session.undo);
  const writable = session.access === 'write';
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" role="toolbar" aria-label={t('toolbar.label')}>
      <Group gap="sm" wrap="nowrap">
        <SyncIndicator sync={session.sync} unsaved={unsaved} />
        <PeerAvatars peers={session.peers} />
        {writable && (
          <>
            <Tooltip label={t('toolbar.undo')}>
              <ActionIcon variant="default" size="lg" aria-label={t('toolbar.undo')} aria-keyshortcuts="Control+Z" disabled={!canUndo} onClick={() => session.undo.undo()}>
                <IconArrowBackUp size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('toolbar.redo')}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('toolbar.redo')}
                aria-keyshortcuts="Control+Shift+Z Control+Y"
                disabled={!canRedo}
                onClick={() => session.undo.redo()}
              >
                <IconArrowForwardUp size={18} />
              </ActionIcon>
            </Tooltip>
          </>
        )}
      </Group>
      <Group gap="xs" wrap="wrap">
        <EditorControls onOpen={onOpen} />
      </Group>
    </Group>
  );
}
