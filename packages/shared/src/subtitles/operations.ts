/**
 * Editing a screen document: each operation is one transaction (one undo step) and changes nothing
 * when refused. Refusals carry the API error code. No screen is ever shorter than
 * MIN_EDIT_DURATION or overlaps another; the softer rules (minimum duration, gaps, reading speed)
 * are warnings, not refusals.
 */
import type * as Y from 'yjs';
import type { Screen, SubtitleSettings } from '../contracts/subtitles.ts';
import type { ErrorCode } from '../errors.ts';
import { changedStretch } from '../collab/text-diff.ts';
import { randomId } from '../collab/operations.ts';
import { readScreen, readSettings, screenIndex, screenMetaOf, screensOf, screenToMap, type ScreenMap } from './doc.ts';
import { layoutLines, minGapSeconds } from './rules.ts';

export type ScreenOpResult = { ok: true; screen?: Screen } | { ok: false; error: ErrorCode };

/** The shortest screen an edit may leave (seconds). */
export const MIN_EDIT_DURATION = 0.1;
const EPSILON = 1e-6;
const round = (t: number) => Math.round(t * 1000) / 1000;

const refused = (error: ErrorCode): ScreenOpResult => ({ ok: false, error });
const done = (map: ScreenMap | undefined): ScreenOpResult => ({ ok: true, ...(map ? { screen: readScreen(map) } : {}) });

function textOf(map: ScreenMap): Y.Text {
  return map.get('text') as Y.Text;
}

function replaceText(ytext: Y.Text, next: string): void {
  const prev = ytext.toString();
  if (prev === next) return;
  const { start, prevEnd, nextEnd } = changedStretch(prev, next);
  if (prevEnd > start) ytext.delete(start, prevEnd - start);
  if (nextEnd > start) ytext.insert(start, next.slice(start, nextEnd));
}

/** Replace a screen's text (minimal diff, so concurrent typing merges). */
export function setScreenText(doc: Y.Doc, screenId: string, text: string, origin?: unknown): ScreenOpResult {
  const index = screenIndex(doc, screenId);
  if (index < 0) return refused('not_found');
  const map = screensOf(doc).get(index);
  doc.transact(() => replaceText(textOf(map), text), origin);
  return done(map);
}

const timesOf = (map: ScreenMap) => ({ start: map.get('start') as number, end: map.get('end') as number });

/**
 * Move a screen's edges. `push`: neighbours are moved to keep the minimum gap, as long as they keep
 * MIN_EDIT_DURATION, else refused (`subtitle_overlap`); `refuse`: any overlap or gap violation is refused.
 */
export function retimeScreen(doc: Y.Doc, screenId: string, times: { start?: number; end?: number }, mode: 'push' | 'refuse', origin?: unknown): ScreenOpResult {
  const screens = screensOf(doc);
  const index = screenIndex(doc, screenId);
  if (index < 0) return refused('not_found');
  const map = screens.get(index);
  const current = timesOf(map);
  const start = round(times.start ?? current.start);
  const end = round(times.end ?? current.end);
  if (!(start >= 0) || !(end - start >= MIN_EDIT_DURATION - EPSILON)) return refused('subtitle_no_room');
  const gap = minGapSeconds(readSettings(doc));
  const previous = index > 0 ? screens.get(index - 1) : null;
  const next = index + 1 < screens.length ? screens.get(index + 1) : null;
  let previousEnd: number | null = null;
  let nextStart: number | null = null;
  if (previous) {
    const p = timesOf(previous);
    if (p.end > start - gap + EPSILON) {
      if (mode === 'refuse') return refused('subtitle_overlap');
      previousEnd = round(Math.max(0, start - gap));
      if (previousEnd - p.start < MIN_EDIT_DURATION - EPSILON) return refused('subtitle_overlap');
    }
  }
  if (next) {
    const n = timesOf(next);
    if (n.start < end + gap - EPSILON) {
      if (mode === 'refuse') return refused('subtitle_overlap');
      nextStart = round(end + gap);
      if (n.end - nextStart < MIN_EDIT_DURATION - EPSILON) return refused('subtitle_overlap');
    }
  }
  doc.transact(() => {
    if (previous && previousEnd !== null) previous.set('end', previousEnd);
    if (next && nextStart !== null) next.set('start', nextStart);
    if (start !== current.start) map.set('start', start);
    if (end !== current.end) map.set('end', end);
  }, origin);
  return done(map);
}

/** Split at a character offset; times shared in proportion to the characters. */
export function splitScreen(doc: Y.Doc, screenId: string, at: number, origin?: unknown): ScreenOpResult {
  const screens = screensOf(doc);
  const index = screenIndex(doc, screenId);
  if (index < 0) return refused('not_found');
  const map = screens.get(index);
  const text = textOf(map).toString();
  const head = text.slice(0, at).trim();
  const tail = text.slice(at).trim();
  if (at <= 0 || at >= text.length || head === '' || tail === '') return refused('validation_failed');
  const { start, end } = timesOf(map);
  const gap = minGapSeconds(readSettings(doc));
  const middle = start + ((end - start) * head.length) / (head.length + tail.length);
  const firstEnd = round(middle - gap / 2);
  const secondStart = round(middle + gap / 2);
  if (firstEnd - start < MIN_EDIT_DURATION - EPSILON || end - secondStart < MIN_EDIT_DURATION - EPSILON) return refused('subtitle_no_room');
  const speakers = JSON.parse(String(map.get('speakers') ?? '[]')) as string[];
  const second = screenToMap({ id: randomId(), start: secondStart, end, text: tail.replace(/^\s*\n/u, ''), speakers: speakers.slice(-1) });
  doc.transact(() => {
    replaceText(textOf(map), head);
    map.set('end', firstEnd);
    map.set('speakers', JSON.stringify(speakers.slice(0, 1)));
    screens.insert(index + 1, [second]);
  }, origin);
  return done(second);
}

/**
 * Merge screens: refused when they are not consecutive (`subtitle_merge_not_consecutive`), when the
 * joined text cannot be laid out within the line limits (`subtitle_merge_too_long`), or when the
 * merged screen would outlast the maximum duration (`subtitle_no_room`).
 */
export function mergeScreens(doc: Y.Doc, screenIds: readonly string[], origin?: unknown): ScreenOpResult {
  const screens = screensOf(doc);
  const indexes = [...new Set(screenIds)].map((id) => screenIndex(doc, id));
  if (indexes.some((i) => i < 0)) return refused('not_found');
  if (indexes.length < 2) return refused('validation_failed');
  indexes.sort((a, b) => a - b);
  if (indexes.some((value, k) => k > 0 && value !== indexes[k - 1]! + 1)) return refused('subtitle_merge_not_consecutive');
  const settings = readSettings(doc);
  const maps = indexes.map((i) => screens.get(i));
  const joined = maps
    .map((m) =>
      textOf(m)
        .toString()
        .replace(/\s*\n\s*/gu, ' ')
        .trim(),
    )
    .filter(Boolean)
    .join(' ');
  const laid = layoutLines(joined, settings);
  if (laid === null) return refused('subtitle_merge_too_long');
  const first = maps[0]!;
  const last = maps[maps.length - 1]!;
  const end = timesOf(last).end;
  if (end - timesOf(first).start > settings.maxScreenDuration + EPSILON) return refused('subtitle_no_room');
  const speakers = [...new Set(maps.flatMap((m) => JSON.parse(String(m.get('speakers') ?? '[]')) as string[]))];
  doc.transact(() => {
    replaceText(textOf(first), laid);
    first.set('end', end);
    first.set('speakers', JSON.stringify(speakers));
    screens.delete(indexes[0]! + 1, indexes.length - 1);
  }, origin);
  return done(first);
}

/** Add a screen after `after` (null: first) at the given times; refused when it would overlap (`subtitle_overlap`) or there is no room (`subtitle_no_room`). */
export function addScreen(doc: Y.Doc, after: string | null, screen: { start: number; end: number; text: string }, origin?: unknown): ScreenOpResult {
  const screens = screensOf(doc);
  let index = 0;
  if (after !== null) {
    const found = screenIndex(doc, after);
    if (found < 0) return refused('not_found');
    index = found + 1;
  }
  const gap = minGapSeconds(readSettings(doc));
  const previous = index > 0 ? timesOf(screens.get(index - 1)) : null;
  const next = index < screens.length ? timesOf(screens.get(index)) : null;
  const roomFrom = previous ? previous.end + gap : 0;
  const roomTo = next ? next.start - gap : Infinity;
  if (roomTo - roomFrom < MIN_EDIT_DURATION - EPSILON) return refused('subtitle_no_room');
  const start = round(screen.start);
  const end = round(screen.end);
  if (!(end - start >= MIN_EDIT_DURATION - EPSILON) || start < 0) return refused('subtitle_no_room');
  if (start < roomFrom - EPSILON || end > roomTo + EPSILON) return refused('subtitle_overlap');
  const map = screenToMap({ id: randomId(), start, end, text: screen.text, speakers: [] });
  doc.transact(() => screens.insert(index, [map]), origin);
  return done(map);
}

export function deleteScreen(doc: Y.Doc, screenId: string, origin?: unknown): ScreenOpResult {
  const index = screenIndex(doc, screenId);
  if (index < 0) return refused('not_found');
  doc.transact(() => screensOf(doc).delete(index, 1), origin);
  return { ok: true };
}

/** Settings changed by a PATCH: stored in the document so every editor's warnings follow. */
export function setSettings(doc: Y.Doc, settings: SubtitleSettings, origin?: unknown): void {
  doc.transact(() => screenMetaOf(doc).set('settings', JSON.stringify(settings)), origin);
}
