/** Undo and redo for a document's writers, each enabled when its stack has something to do. */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as Y from 'yjs';

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

export function UndoRedoButtons({ undo }: { undo: Y.UndoManager }) {
  const { t } = useTranslation('editor');
  const { canUndo, canRedo } = useUndoState(undo);
  return (
    <>
      <Tooltip label={t('toolbar.undo')}>
        <ActionIcon variant="default" size="lg" aria-label={t('toolbar.undo')} aria-keyshortcuts="Control+Z" disabled={!canUndo} onClick={() => undo.undo()}>
          <IconArrowBackUp size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('toolbar.redo')}>
        <ActionIcon variant="default" size="lg" aria-label={t('toolbar.redo')} aria-keyshortcuts="Control+Shift+Z Control+Y" disabled={!canRedo} onClick={() => undo.redo()}>
          <IconArrowForwardUp size={18} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
