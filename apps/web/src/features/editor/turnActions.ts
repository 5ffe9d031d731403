/**
 * The turn actions of the editor, on the shared document operations (collab/operations.ts) with the
 * editor's origin, so undo covers them and nothing else. A refusal changes nothing and is shown.
 */
import { type EditError } from '@palabre/shared';
import { mergeTurn, setTurnText, splitTurnAt, turnIndex, turnsOf, textOf } from '@palabre/shared/collab';
import type * as Y from 'yjs';
import type { TurnActions } from './turnController.ts';

export interface TurnActionDeps {
  doc: Y.Doc;
  origin: object;
  undo: Y.UndoManager;
  focusTurn(turnId: string, offset?: number): void;
  presence(turnId: string | null, typing: boolean): void;
  refused(error: EditError, action: 'text' | 'split' | 'merge'): void;
  unsynced(turnId: string, failed: boolean): void;
  seeked(): void;
}

export const newId = () => crypto.randomUUID();

export function createTurnActions(deps: TurnActionDeps): TurnActions {
  const { doc, origin } = deps;
  return {
    setText(turnId, text, pasted) {
      const result = setTurnText(doc, turnId, text, origin, { pasted });
      if (!result.ok) deps.refused(result.error, 'text');
      return result.ok;
    },
    split(turnId, offset) {
      const result = splitTurnAt(doc, turnId, offset, newId(), origin);
      if (!result.ok) return deps.refused(result.error, 'split');
      // The caret goes where the user was typing: the start of the tail (or of the new empty turn).
      // The caret goes to the start of the later turn: the tail, the text after an empty turn put
      // before it (caret at the start), or the empty turn put after it (caret at the end).
      const { headId, tailId } = result.value;
      deps.focusTurn(turnIndex(doc, headId) > turnIndex(doc, tailId) ? headId : tailId, 0);
    },
    merge(turnId, direction) {
      const index = turnIndex(doc, turnId);
      const other = direction === 'previous' ? index - 1 : index + 1;
      if (index < 0 || other < 0 || other >= turnsOf(doc).length) return;
      // The caret stays at the join: the end of the first turn's text.
      const first = turnsOf(doc).get(Math.min(index, other));
      const join = textOf(first).length;
      const result = mergeTurn(doc, turnId, direction, origin);
      if (!result.ok) return deps.refused(result.error, 'merge');
      const merged = textOf(turnsOf(doc).get(turnIndex(doc, result.value.turnId))).toString();
      deps.focusTurn(result.value.turnId, join > 0 && join < merged.length && merged[join] === ' ' ? join + 1 : join);
    },
    focusNeighbour(turnId, direction) {
      const index = turnIndex(doc, turnId) + (direction === 'previous' ? -1 : 1);
      if (index < 0 || index >= turnsOf(doc).length) return;
      const map = turnsOf(doc).get(index);
      deps.focusTurn(map.get('id') as string, direction === 'previous' ? textOf(map).length : 0);
    },
    undo: () => void deps.undo.undo(),
    redo: () => void deps.undo.redo(),
    presence: deps.presence,
    unsynced: deps.unsynced,
    seeked: deps.seeked,
  };
}
