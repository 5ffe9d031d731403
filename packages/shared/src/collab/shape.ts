/** The shape a turn map must have: a client could write anything into the shared types. */
import * as Y from 'yjs';
import type { TurnMap } from './doc.ts';

const TURN_KEYS = new Set(['id', 'speaker', 'language', 'stime', 'etime', 'text', 'words']);

const isTime = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/**
 * Problems of one turn map's shape, each starting with the field it is about (`.id: …`, or `: …` for
 * the map itself) so the caller can prefix the turn's path. The speaker is checked against the
 * speakers map separately, since that map changes on its own.
 */
export function turnShapeProblems(item: unknown): string[] {
  if (!(item instanceof Y.Map)) return [': must be a map'];
  const problems: string[] = [];
  const map = item as TurnMap;
  for (const key of map.keys()) if (!TURN_KEYS.has(key)) problems.push(`: unknown field ${JSON.stringify(key)}`);
  const id = map.get('id');
  if (typeof id !== 'string' || id === '') problems.push('.id: must be a non-empty string');
  const speaker = map.get('speaker');
  if (typeof speaker !== 'string' || speaker === '') problems.push('.speaker: must be a non-empty string');
  if (map.has('language') && typeof map.get('language') !== 'string') problems.push('.language: must be a string');
  if (!isTime(map.get('stime'))) problems.push('.stime: must be a finite number');
  if (!isTime(map.get('etime'))) problems.push('.etime: must be a finite number');
  if (!(map.get('text') instanceof Y.Text)) problems.push('.text: must be a Y.Text');
  const raw = map.get('words');
  let words: unknown = null;
  if (typeof raw === 'string') {
    try {
      words = JSON.parse(raw);
    } catch {
      words = null;
    }
  }
  if (!Array.isArray(words)) problems.push('.words: must be the JSON of an array of words');
  else if (!words.every((w) => typeof w === 'object' && w !== null && typeof (w as { word?: unknown }).word === 'string' && typeof (w as { wid?: unknown }).wid === 'string')) {
    problems.push('.words: every word must be an object with a string wid and word');
  }
  return problems;
}
