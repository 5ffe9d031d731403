/**
 * Shows the current match of a search in the transcript without moving the focus from the search
 * field (CSS Custom Highlight API), and selects it in the text when the user goes back to editing.
 * The turn may be rendered a few frames after it was revealed (the list is virtualised): retried.
 */
import type { TextMatch } from '@palabre/shared/collab';

const NAME = 'editor-find';

interface HighlightRegistry {
  set(name: string, value: unknown): void;
  delete(name: string): void;
}

function registry(): HighlightRegistry | null {
  const css = globalThis.CSS as unknown as { highlights?: HighlightRegistry } | undefined;
  return css?.highlights && 'Highlight' in globalThis ? css.highlights : null;
}

function textElement(turnId: string): Element | null {
  const id = CSS.escape(turnId);
  return document.querySelector(`[data-turn-id="${id}"] [data-turn-text], [data-turn-id="${id}"][data-turn-text]`);
}

/** A DOM range over UTF-16 offsets of an element's text. */
export function rangeOf(element: Element, start: number, end: number): Range | null {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let seen = 0;
  let started = false;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.nodeValue?.length ?? 0;
    if (!started && start <= seen + length) {
      range.setStart(node, start - seen);
      started = true;
    }
    if (started && end <= seen + length) {
      range.setEnd(node, end - seen);
      return range;
    }
    seen += length;
  }
  return null;
}

let pending = 0;

/** Marks a match (null: clears the mark), waiting up to a few frames for its turn to be rendered. */
export function highlightMatch(match: TextMatch | null): void {
  const highlights = registry();
  cancelAnimationFrame(pending);
  highlights?.delete(NAME);
  if (!match || !highlights) return;
  let tries = 0;
  const attempt = () => {
    const element = textElement(match.turnId);
    const range = element && rangeOf(element, match.start, match.end);
    if (range) {
      const Highlight = (globalThis as unknown as { Highlight: new (...ranges: Range[]) => unknown }).Highlight;
      highlights.set(NAME, new Highlight(range));
      return;
    }
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
