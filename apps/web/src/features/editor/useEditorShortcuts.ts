/**
 * An editor's keys on the whole page (editorShortcuts.ts lists the transcript's): in the document's
 * text (a turn, a screen: `textSelector`) the player keys that leave letters to the text, and undo /
 * redo of one's own changes anywhere but in another text field (which keeps its own undo). The
 * page-wide player keys are usePlayerShortcuts'.
 */
import { useEffect } from 'react';
import type * as Y from 'yjs';
import type { PlayerController } from '../player/player.ts';
import { editingPlayerShortcut, keyTarget } from '../player/shortcuts.ts';
import { runPlayerAction } from '../player/usePlayerShortcuts.ts';
import { editorAction } from './editorShortcuts.ts';

export function useEditorShortcuts(player: PlayerController, undo: Y.UndoManager, writable: boolean, textSelector = '[data-turn-text]') {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      const target = event.target instanceof Element ? event.target : null;
      const inTurn = Boolean(target?.closest(textSelector));
      if (!inTurn && keyTarget(target) === 'typing') return;
      const playerAction = editingPlayerShortcut(event);
      // Outside a turn the arrows' jumps are the page-wide shortcuts' (usePlayerShortcuts).
      if (playerAction && (inTurn || playerAction.kind !== 'jump')) {
        event.preventDefault();
        event.stopPropagation();
        runPlayerAction(player, playerAction);
        return;
      }
      const action = editorAction(event);
      if (!action) return;
      event.preventDefault();
      event.stopPropagation();
      if (!writable) return;
      if (action === 'undo') undo.undo();
      else undo.redo();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [player, undo, writable, textSelector]);
}
