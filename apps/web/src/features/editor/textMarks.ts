/**
 * Marks on the transcript's rendered text (find's current match, highlights): DOM ranges over the
 * turns' text offsets, shown with the CSS Custom Highlight API (the turns' DOM stays untouched), and
 * stepping through a list of marks.
 */

interface HighlightRegistry {
  set(name: string, value: unknown): void;
  delete(name: string): void;
}

/** The page's CSS highlights, or null where the browser lacks the API. */
export function cssHighlights(): HighlightRegistry | null {
  const css = globalThis.CSS as unknown as { highlights?: HighlightRegistry } | undefined;
  return css?.highlights && 'Highlight' in globalThis ? css.highlights : null;
}

/** The text element of a rendered turn (null when the turn is not in the DOM: the list is virtualised). */
export function textElement(turnId: string): Element | null {
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

/** Shows `ranges` under a highlight name (none: removes it); nothing where the browser lacks the API. */
export function paintRanges(name: string, ranges: readonly Range[]): void {
  const highlights = cssHighlights();
  if (!highlights) return;
  if (ranges.length === 0) return highlights.delete(name);
  const Highlight = (globalThis as unknown as { Highlight: new (...ranges: Range[]) => unknown }).Highlight;
  highlights.set(name, new Highlight(...ranges));
}

/** The next (+1) or previous (-1) index of a list of marks, wrapping around; -1 when there is none. */
export function stepMatch(current: number, count: number, direction: 1 | -1): number {
  if (count === 0) return -1;
  if (current < 0 || current >= count) return direction === 1 ? 0 : count - 1;
  return (current + direction + count) % count;
}
