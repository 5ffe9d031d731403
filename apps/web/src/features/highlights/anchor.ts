/**
 * Where a highlight is. Made from the selection in the transcript (turn ids and character offsets of
 * the turns' texts, widened to whole words); drawn from its stored Yjs relative positions resolved
 * against the live document, so a mark follows edits as they are typed, before the server says so.
 */
import { textOf, turnsOf } from '@palabre/shared/collab';
import * as Y from 'yjs';

export interface HighlightAnchor {
  startTurnId: string;
  startOffset: number;
  endTurnId: string;
  endOffset: number;
}

/** A piece of a mark within one turn's text: [start, end) offsets. */
export interface MarkSegment {
  turnId: string;
  start: number;
  end: number;
}

const SPACE = /\s/;

/** Widens [start, end) of a text to whole words and leaves out spaces at its edges; null when nothing but spaces is left. */
export function wordRange(text: string, start: number, end: number): { start: number; end: number } | null {
  let from = Math.max(0, Math.min(start, text.length));
  let to = Math.max(from, Math.min(end, text.length));
  while (from < to && SPACE.test(text[from]!)) from += 1;
  while (to > from && SPACE.test(text[to - 1]!)) to -= 1;
  if (from === to) return null;
  while (from > 0 && !SPACE.test(text[from - 1]!)) from -= 1;
  while (to < text.length && !SPACE.test(text[to]!)) to += 1;
  return { start: from, end: to };
}

/** The anchor of a selection running from (startTurn, start) to (endTurn, end), given the turns' texts; null when it holds no word. */
export function selectionAnchor(start: { turnId: string; text: string; offset: number }, end: { turnId: string; text: string; offset: number }): HighlightAnchor | null {
  if (start.turnId === end.turnId) {
    const range = wordRange(start.text, Math.min(start.offset, end.offset), Math.max(start.offset, end.offset));
    return range && { startTurnId: start.turnId, startOffset: range.start, endTurnId: end.turnId, endOffset: range.end };
  }
  // Across turns: from the first selected word of the start turn to the last of the end turn.
  const head = wordRange(start.text, start.offset, start.text.length);
  const tail = wordRange(end.text, 0, end.offset);
  if (!head && !tail) return null;
  return {
    startTurnId: start.turnId,
    startOffset: head ? head.start : start.text.length,
    endTurnId: end.turnId,
    endOffset: tail ? tail.end : 0,
  };
}

function decode(base64: string): Y.RelativePosition | null {
  try {
    return Y.decodeRelativePosition(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** The index of each turn's text in the document, built once for the marks of one paint. */
export function turnTextIndex(doc: Y.Doc): { turns: Array<{ id: string; text: Y.Text }>; indexOf: Map<Y.AbstractType<unknown>, number> } {
  const turns = turnsOf(doc)
    .toArray()
    .map((map) => ({ id: map.get('id') as string, text: textOf(map) }));
  return { turns, indexOf: new Map(turns.map((turn, index) => [turn.text as Y.AbstractType<unknown>, index])) };
}

/**
 * The segments a highlight covers now, from its stored relative positions: its start turn from the
 * start offset, the turns between whole, its end turn up to the end offset. Empty when its text was
 * deleted; null when a position does not resolve in this document.
 */
export function resolveMark(doc: Y.Doc, relative: { start: string; end: string }, index = turnTextIndex(doc)): MarkSegment[] | null {
  const startRelative = decode(relative.start);
  const endRelative = decode(relative.end);
  if (!startRelative || !endRelative) return null;
  const start = Y.createAbsolutePositionFromRelativePosition(startRelative, doc);
  const end = Y.createAbsolutePositionFromRelativePosition(endRelative, doc);
  if (!start || !end) return null;
  const first = index.indexOf.get(start.type);
  const last = index.indexOf.get(end.type);
  if (first === undefined || last === undefined || last < first) return [];
  const segments: MarkSegment[] = [];
  for (let i = first; i <= last; i += 1) {
    const turn = index.turns[i]!;
    const from = i === first ? start.index : 0;
    const to = i === last ? end.index : turn.text.length;
    if (to > from) segments.push({ turnId: turn.id, start: from, end: to });
  }
  return segments;
}
