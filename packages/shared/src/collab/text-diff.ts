/**
 * Smallest changes to a turn's Y.Text: only the stretch between the common prefix and suffix is
 * deleted and inserted, so characters other editors typed elsewhere in the turn survive the merge.
 */
import type * as Y from 'yjs';
import { joinWords, segmentLength, wordsOf } from '../transcript/text.ts';
import { PASTED_ATTRIBUTE } from './doc.ts';

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The changed stretch between two strings: [start, prevEnd) of `prev` becomes [start, nextEnd) of `next`. */
export interface TextChange {
  start: number;
  prevEnd: number;
  nextEnd: number;
}

/** Common prefix and suffix of two strings, never cutting a surrogate pair in two. */
export function changedStretch(prev: string, next: string): TextChange {
  const shorter = Math.min(prev.length, next.length);
  let start = 0;
  while (start < shorter && prev.charCodeAt(start) === next.charCodeAt(start)) start += 1;
  if (start > 0 && isHighSurrogate(prev.charCodeAt(start - 1))) start -= 1;
  let suffix = 0;
  while (suffix < shorter - start && prev.charCodeAt(prev.length - 1 - suffix) === next.charCodeAt(next.length - 1 - suffix)) suffix += 1;
  if (suffix > 0 && isLowSurrogate(prev.charCodeAt(prev.length - suffix))) suffix -= 1;
  return { start, prevEnd: prev.length - suffix, nextEnd: next.length - suffix };
}

/** Moves a UTF-16 offset off the middle of a surrogate pair (to the pair's start). */
export function codePointBoundary(text: string, offset: number): number {
  if (offset > 0 && offset < text.length && isLowSurrogate(text.charCodeAt(offset)) && isHighSurrogate(text.charCodeAt(offset - 1))) return offset - 1;
  return offset;
}

/**
 * Turns `ytext` into `next` with the smallest edit. Inserted characters are never marked pasted
 * (explicitly, since Y.Text would otherwise extend the formatting of the character before them);
 * the `pasted` ranges of `next` are marked afterwards. Must run inside a transaction.
 */
export function applyTextChange(ytext: Y.Text, next: string, pasted: ReadonlyArray<readonly [number, number]> = []): void {
  const prev = ytext.toString();
  if (prev !== next) {
    const { start, prevEnd, nextEnd } = changedStretch(prev, next);
    if (prevEnd > start) ytext.delete(start, prevEnd - start);
    if (nextEnd > start) ytext.insert(start, next.slice(start, nextEnd), { [PASTED_ATTRIBUTE]: null });
  }
  for (const [from, to] of pasted) {
    const s = codePointBoundary(next, Math.max(0, Math.min(from, next.length)));
    let e = Math.max(0, Math.min(to, next.length));
    if (codePointBoundary(next, e) !== e) e += 1;
    if (e > s) ytext.format(s, e - s, { [PASTED_ATTRIBUTE]: true });
  }
}

/** Removes every pasted mark: once a turn is settled its words carry their times themselves. */
export function clearPastedMarks(ytext: Y.Text): void {
  if (ytext._hasFormatting && ytext.length > 0) ytext.format(0, ytext.length, { [PASTED_ATTRIBUTE]: null });
}

/** Code points of the segment a text makes (its tokens joined by single spaces): what TURN_SIZE bounds. */
export function textLength(text: string): number {
  return segmentLength(joinWords(wordsOf(text)));
}
