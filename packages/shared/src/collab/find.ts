/**
 * Find and replace over every turn's text. Offsets are UTF-16 offsets of the turn's current text,
 * the ones Y.Text and the editor use. Case folding is locale-independent and code point by code
 * point, so a character whose lower case is longer (İ → i̇) still maps back to exact offsets.
 */
import type * as Y from 'yjs';
import { TURN_SIZE } from '../constants.ts';
import { PASTED_ATTRIBUTE, readTurnText, textOf, turnsOf } from './doc.ts';
import type { Origin } from './operations.ts';
import { textLength } from './text-diff.ts';

export interface FindOptions {
  /** Match whole words only (else any substring). */
  wholeWord: boolean;
  /** Case-sensitive. */
  matchCase: boolean;
}

export interface TextMatch {
  turnId: string;
  /** UTF-16 offsets in the turn's current text. */
  start: number;
  end: number;
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** A text folded to lower case with, for each folded offset, the original offset it came from. */
interface Folded {
  text: string;
  origin: number[];
}

function fold(text: string, matchCase: boolean): Folded {
  if (matchCase) return { text, origin: [] };
  let out = '';
  const origin: number[] = [];
  let at = 0;
  for (const c of text) {
    const lower = c.toLowerCase();
    for (let k = 0; k < lower.length; k += 1) origin.push(at);
    out += lower;
    at += c.length;
  }
  origin.push(at);
  return { text: out, origin };
}

/** The code point ending just before `offset`, or ''. */
function codePointBefore(text: string, offset: number): string {
  if (offset <= 0) return '';
  const low = text.charCodeAt(offset - 1);
  const pair = offset > 1 && low >= 0xdc00 && low <= 0xdfff && text.charCodeAt(offset - 2) >= 0xd800 && text.charCodeAt(offset - 2) <= 0xdbff;
  return String.fromCodePoint(text.codePointAt(offset - (pair ? 2 : 1))!);
}

/** Neither the code point before `start` nor the one at `end` is a letter or digit. */
function atWordBoundary(text: string, start: number, end: number): boolean {
  const after = end < text.length ? String.fromCodePoint(text.codePointAt(end)!) : '';
  return !WORD_CHARACTER.test(codePointBefore(text, start)) && !WORD_CHARACTER.test(after);
}

function startsCharacter(folded: Folded, i: number): boolean {
  return i === 0 || folded.origin[i - 1] !== folded.origin[i];
}

/** Matches of a query in one text, without overlaps, in order. */
export function findInText(text: string, query: string, options: FindOptions): Array<[number, number]> {
  if (query === '') return [];
  const haystack = fold(text, options.matchCase);
  const needle = fold(query, options.matchCase).text;
  const toOriginal = (i: number) => (options.matchCase ? i : haystack.origin[i]!);
  const found: Array<[number, number]> = [];
  let from = 0;
  for (;;) {
    const i = haystack.text.indexOf(needle, from);
    if (i < 0) break;
    const start = toOriginal(i);
    const end = toOriginal(i + needle.length);
    // A match must start and end on whole characters of the original (İ folds to two units).
    const whole = options.matchCase || (startsCharacter(haystack, i) && startsCharacter(haystack, i + needle.length));
    if (whole && end > start && (!options.wholeWord || atWordBoundary(text, start, end))) {
      found.push([start, end]);
      from = i + needle.length;
    } else from = i + 1;
  }
  return found;
}

/** Every match of `query` in the document's turn texts, in document order. */
export function findInDocument(doc: Y.Doc, query: string, options: FindOptions): TextMatch[] {
  const matches: TextMatch[] = [];
  for (const map of turnsOf(doc)) {
    const turnId = map.get('id') as string;
    for (const [start, end] of findInText(readTurnText(map).text, query, options)) matches.push({ turnId, start, end });
  }
  return matches;
}

/**
 * Replaces matches (all of them, or the given ones) by `replacement`, in one transaction, each turn
 * from its last match back so earlier offsets stay valid. A given match that no longer holds the
 * query is left alone; a turn whose text would exceed TURN_SIZE is left whole. `replaced` counts the
 * matches replaced, `skipped` those left alone.
 */
export function replaceInDocument(
  doc: Y.Doc,
  query: string,
  replacement: string,
  options: FindOptions & { only?: TextMatch[] },
  origin?: Origin,
): { replaced: number; skipped: number } {
  const wanted = options.only ?? findInDocument(doc, query, options);
  const byTurn = new Map<string, Array<[number, number]>>();
  for (const m of wanted) {
    const list = byTurn.get(m.turnId) ?? [];
    list.push([m.start, m.end]);
    byTurn.set(m.turnId, list);
  }
  let replaced = 0;
  let skipped = 0;
  doc.transact(() => {
    for (const map of turnsOf(doc)) {
      const asked = byTurn.get(map.get('id') as string);
      if (!asked) continue;
      byTurn.delete(map.get('id') as string);
      const text = readTurnText(map).text;
      const valid = new Set(findInText(text, query, options).map(([s, e]) => `${s}:${e}`));
      const ranges = asked
        .filter(([s, e]) => valid.has(`${s}:${e}`))
        .sort((a, b) => b[0] - a[0])
        .filter((range, i, list) => i === 0 || range[1] <= list[i - 1]![0]);
      skipped += asked.length - ranges.length;
      let next = text;
      for (const [s, e] of ranges) next = next.slice(0, s) + replacement + next.slice(e);
      if (ranges.length === 0) continue;
      if (textLength(next) > TURN_SIZE) {
        skipped += ranges.length;
        continue;
      }
      const ytext = textOf(map);
      for (const [s, e] of ranges) {
        ytext.delete(s, e - s);
        if (replacement !== '') ytext.insert(s, replacement, { [PASTED_ATTRIBUTE]: null });
      }
      replaced += ranges.length;
    }
  }, origin);
  for (const list of byTurn.values()) skipped += list.length;
  return { replaced, skipped };
}
