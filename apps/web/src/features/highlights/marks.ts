/**
 * Draws the highlights in the rendered turns (a background on their ranges, CSS Custom Highlight
 * API: the turns' DOM, built by their controllers, is left untouched). Turns out of view are not in
 * the DOM; they are drawn when the list renders them.
 */
import { paintRanges, rangeOf, textElement } from '../editor/textMarks.ts';
import type { MarkSegment } from './anchor.ts';
import './marks.css';

const ALL = 'editor-highlights';
const CURRENT = 'editor-highlight-current';

export interface Mark {
  id: string;
  segments: readonly MarkSegment[];
}

export function paintMarks(marks: readonly Mark[], currentId: string | null): void {
  const all: Range[] = [];
  const current: Range[] = [];
  for (const mark of marks) {
    for (const segment of mark.segments) {
      const element = textElement(segment.turnId);
      const range = element && rangeOf(element, segment.start, segment.end);
      if (!range) continue;
      (mark.id === currentId ? current : all).push(range);
    }
  }
  paintRanges(ALL, all);
  paintRanges(CURRENT, current);
}

export function clearMarks(): void {
  paintRanges(ALL, []);
  paintRanges(CURRENT, []);
}
