/**
 * The screen document of a subtitle version (a Y.Doc): `meta` (Y.Map: `settings` as a JSON string)
 * and `screens` (Y.Array of Y.Map: id, start, end, text as Y.Text, speakers as a JSON string), in
 * time order. The server and every client read it through these functions only.
 */
import * as Y from 'yjs';
import { DEFAULT_SUBTITLE_SETTINGS, SUBTITLE_LIMITS, zSubtitleSettings, type Screen, type SubtitleSettings } from '../contracts/subtitles.ts';

export type ScreenMap = Y.Map<unknown>;

export const screenMetaOf = (doc: Y.Doc): Y.Map<unknown> => doc.getMap('meta');
export const screensOf = (doc: Y.Doc): Y.Array<ScreenMap> => doc.getArray<ScreenMap>('screens');

const SCREEN_KEYS = new Set(['id', 'start', 'end', 'text', 'speakers']);

/** A Y.Map for a screen (to insert into the document). */
export function screenToMap(screen: Screen): ScreenMap {
  const map = new Y.Map<unknown>();
  map.set('id', screen.id);
  map.set('start', screen.start);
  map.set('end', screen.end);
  map.set('text', new Y.Text(screen.text));
  map.set('speakers', JSON.stringify(screen.speakers));
  return map;
}

function parseSpeakers(raw: unknown): string[] {
  if (typeof raw !== 'string') return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function readScreen(map: ScreenMap): Screen {
  const text = map.get('text');
  return {
    id: String(map.get('id') ?? ''),
    start: Number(map.get('start') ?? 0),
    end: Number(map.get('end') ?? 0),
    text: text instanceof Y.Text ? text.toString() : '',
    speakers: parseSpeakers(map.get('speakers')),
  };
}

/** The screens, in order. */
export function readScreens(doc: Y.Doc): Screen[] {
  return screensOf(doc).toArray().map(readScreen);
}

export function readSettings(doc: Y.Doc): SubtitleSettings {
  const raw = screenMetaOf(doc).get('settings');
  if (typeof raw !== 'string') return DEFAULT_SUBTITLE_SETTINGS;
  try {
    const parsed = zSubtitleSettings.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_SUBTITLE_SETTINGS;
  } catch {
    return DEFAULT_SUBTITLE_SETTINGS;
  }
}

/** Fills an empty document (generation, copy, restore), in one transaction. */
export function initScreenDocument(doc: Y.Doc, screens: readonly Screen[], settings: SubtitleSettings, origin?: unknown): void {
  doc.transact(() => {
    screenMetaOf(doc).set('settings', JSON.stringify(settings));
    const array = screensOf(doc);
    if (array.length > 0) array.delete(0, array.length);
    array.insert(0, screens.map(screenToMap));
  }, origin);
}

/** Index of a screen by id, -1 when absent. */
export function screenIndex(doc: Y.Doc, screenId: string): number {
  const array = screensOf(doc);
  for (let i = 0; i < array.length; i += 1) if (array.get(i).get('id') === screenId) return i;
  return -1;
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Shape problems that make an update unacceptable (overlapping or unordered screens, bad times, oversized text). */
export function screenDocumentProblems(doc: Y.Doc): string[] {
  const problems: string[] = [];
  const array = screensOf(doc);
  if (array.length > SUBTITLE_LIMITS.maxScreens) problems.push(`screens: more than ${SUBTITLE_LIMITS.maxScreens}`);
  const settings = screenMetaOf(doc).get('settings');
  if (settings !== undefined && (typeof settings !== 'string' || !zSubtitleSettings.safeParse(safeJson(settings)).success)) {
    problems.push('meta.settings: must be the JSON of valid settings');
  }
  const ids = new Set<string>();
  let previousEnd = -Infinity;
  array.forEach((item, index) => {
    const at = `screens[${index}]`;
    if (!(item instanceof Y.Map)) {
      problems.push(`${at}: must be a map`);
      return;
    }
    for (const key of item.keys()) if (!SCREEN_KEYS.has(key)) problems.push(`${at}: unknown field ${JSON.stringify(key)}`);
    const id = item.get('id');
    if (typeof id !== 'string' || id === '' || id.length > 100) problems.push(`${at}.id: must be a non-empty string`);
    else if (ids.has(id)) problems.push(`${at}.id: duplicate ${JSON.stringify(id)}`);
    else ids.add(id);
    const start = item.get('start');
    const end = item.get('end');
    if (!isTime(start) || start < 0) problems.push(`${at}.start: must be a finite time ≥ 0`);
    if (!isTime(end)) problems.push(`${at}.end: must be a finite time`);
    if (isTime(start) && isTime(end)) {
      if (end <= start) problems.push(`${at}: ends before it starts`);
      if (start < previousEnd - 1e-6) problems.push(`${at}: overlaps the previous screen or is out of order`);
      previousEnd = end;
    }
    const text = item.get('text');
    if (!(text instanceof Y.Text)) problems.push(`${at}.text: must be a Y.Text`);
    else if (text.length > SUBTITLE_LIMITS.maxScreenText) problems.push(`${at}.text: longer than ${SUBTITLE_LIMITS.maxScreenText} characters`);
    const speakers = item.get('speakers');
    if (speakers !== undefined && (typeof speakers !== 'string' || !Array.isArray(safeJson(speakers)))) problems.push(`${at}.speakers: must be the JSON of an array`);
  });
  return problems;
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
