/**
 * Validation of a collaborative document: the shape of every turn map (a client could write
 * anything into the shared types), then every rule of the transcript format on its projection.
 * The server runs it after every client update, so it is fast on three-hour documents when given
 * a TranscriptProjection.
 */
import * as Y from 'yjs';
import { checkTranscript } from '../transcript/schema.ts';
import { COLLAB_DOC_VERSION, metaOf, readTurn, speakersOf, turnsOf, type TurnMap } from './doc.ts';
import { usedSpeakers, type TranscriptProjection } from './projection.ts';
import type { Turn } from '../transcript/schema.ts';

const TURN_KEYS = new Set(['id', 'speaker', 'language', 'stime', 'etime', 'text', 'words']);

const isTime = (value: unknown) => typeof value === 'number' && Number.isFinite(value);

/** Problems of one turn map's shape, named `turns[i].field`. */
function turnShapeProblems(item: unknown, at: string, speakers: Y.Map<string>): string[] {
  if (!(item instanceof Y.Map)) return [`${at}: must be a map`];
  const problems: string[] = [];
  const map = item as TurnMap;
  for (const key of map.keys()) if (!TURN_KEYS.has(key)) problems.push(`${at}: unknown field ${JSON.stringify(key)}`);
  const id = map.get('id');
  if (typeof id !== 'string' || id === '') problems.push(`${at}.id: must be a non-empty string`);
  const speaker = map.get('speaker');
  if (typeof speaker !== 'string' || speaker === '') problems.push(`${at}.speaker: must be a non-empty string`);
  else if (!speakers.has(speaker)) problems.push(`${at}.speaker: ${JSON.stringify(speaker)} is not in the speakers map`);
  if (map.has('language') && typeof map.get('language') !== 'string') problems.push(`${at}.language: must be a string`);
  if (!isTime(map.get('stime'))) problems.push(`${at}.stime: must be a finite number`);
  if (!isTime(map.get('etime'))) problems.push(`${at}.etime: must be a finite number`);
  if (!(map.get('text') instanceof Y.Text)) problems.push(`${at}.text: must be a Y.Text`);
  const words = map.get('words');
  if (!Array.isArray(words)) problems.push(`${at}.words: must be an array`);
  else if (!words.every((w) => typeof w === 'object' && w !== null && typeof (w as { word?: unknown }).word === 'string' && typeof (w as { wid?: unknown }).wid === 'string')) {
    problems.push(`${at}.words: every word must be an object with a string wid and word`);
  }
  return problems;
}

/**
 * The document's problems against the transcript format (checkTranscript on the projection) plus the
 * document's own rules (every turn map well formed, known speaker, text within TURN_SIZE). Empty: valid.
 * With `projection` (following this document), unchanged turns are not retimed again.
 */
export function documentProblems(doc: Y.Doc, options: { duration?: number; projection?: TranscriptProjection } = {}): string[] {
  const problems: string[] = [];
  const version = metaOf(doc).get('version');
  if (version !== undefined && version !== COLLAB_DOC_VERSION) problems.push(`meta.version: must be ${COLLAB_DOC_VERSION}`);
  const speakers = speakersOf(doc);
  for (const [id, name] of speakers.entries()) {
    if (id === '') problems.push('speakers: a speaker id must not be empty');
    if (typeof name !== 'string') problems.push(`speakers.${JSON.stringify(id)}: the name must be a string`);
  }
  const turns = turnsOf(doc);
  const text: Turn[] = [];
  turns.forEach((item, i) => {
    const shape = turnShapeProblems(item, `turns[${i}]`, speakers);
    if (shape.length > 0) {
      problems.push(...shape);
      return;
    }
    try {
      text.push(options.projection ? options.projection.turn(item) : readTurn(item));
    } catch {
      problems.push(`turns[${i}]: its words cannot be read`);
    }
  });
  if (problems.length > 0) return problems;
  const check = checkTranscript({ version: 1, speakers: usedSpeakers(doc, text), text }, options.duration !== undefined ? { duration: options.duration } : {});
  return check.ok ? [] : check.problems;
}
