/**
 * Shows the current match of a search in the transcript without moving the focus from the search
 * field (CSS Custom Highlight API), and selects it in the text when the user goes back to editing.
 * The turn may be rendered a few frames after it was revealed (the list is virtualised): retried.
 */
import type { TextMatch } from '@palabre/shared/collab';
import { cssHighlights, paintRanges, rangeOf, textElement } from '../textMarks.ts';

const NAME = 'editor-find';

let pending = 0;

/** Marks a match (null: clears the mark), waiting up to a few frames for its turn to be rendered. */
export function highlightMatch(match: TextMatch | null): void {
  cancelAnimationFrame(pending);
  paintRanges(NAME, []);
  if (!match || !cssHighlights()) return;
  let tries = 0;
  const attempt = () => {
    const element = textElement(match.turnId);
    const range = element && rangeOf(element, match.start, match.end);
    if (range) return paintRanges(NAME, [range]);
    tries += 1;
    if (tries < 20) pending = requestAnimationFrame(attempt);
  };
  attempt();
}

/** Selects a match in its turn's text (the caret first goes there through the editor). */
export function selectMatch(match: TextMatch): void {
  const element = textElement(match.turnId);
  const range = element && rangeOf(element, match.start, match.end);
  if (!range) return;
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}
