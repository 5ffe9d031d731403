/** Jumping to a highlight: its turn scrolled into view, its words selected, the player at its start. */
import type { Highlight } from '@palabre/shared';
import { textElement } from '../editor/textMarks.ts';
import type { EditorSession } from '../editor/session.ts';
import { setSelectionOffsets } from '../editor/turnDom.ts';
import { resolveMark } from './anchor.ts';
import { setCurrentHighlight } from './current.ts';

/** Selects [start, end) of a turn's text once the list has rendered it (after the caret the focus placed). */
function selectWhenRendered(turnId: string, start: number, end: number) {
  let tries = 0;
  const attempt = () => {
    const element = textElement(turnId);
    if (element instanceof HTMLElement) {
      requestAnimationFrame(() => setSelectionOffsets(element, start, end));
      return;
    }
    tries += 1;
    if (tries < 30) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

export function jumpToHighlight(session: Pick<EditorSession, 'doc' | 'focusTurn' | 'player'>, highlight: Highlight): void {
  setCurrentHighlight(highlight._id);
  const segments = resolveMark(session.doc, highlight.relative) ?? [];
  const first = segments[0];
  if (first) {
    session.focusTurn(first.turnId, first.start);
    selectWhenRendered(first.turnId, first.start, first.end);
  }
  if (highlight.start !== null) session.player.seek(highlight.start);
}
