/**
 * Validation of a collaborative document: the shape of every turn map, then every rule of the
 * transcript format on its projection. The server runs it after every client update on documents of
 * thousands of turns, so the work it repeats for unchanged turns is cached (see TranscriptProjection).
 */
import type * as Y from 'yjs';
import { COLLAB_LIMITS } from '../contracts/collab-socket.ts';
import { checkTranscript, type Turn } from '../transcript/schema.ts';
import { COLLAB_DOC_VERSION, metaOf, readTurn, speakersOf, turnsOf } from './doc.ts';
import { projectionOf, usedSpeakers, type TranscriptProjection, type TurnEntry } from './projection.ts';
import { turnShapeProblems } from './shape.ts';

/** Above this many turns not yet checked, one checkTranscript of the whole is cheaper than one per turn. */
const WHOLE_CHECK_ABOVE = 32;

/** A turn map read afresh, for reads inside a transaction (where the cache may be stale). */
function freshEntry(item: unknown): TurnEntry {
  const entry: TurnEntry = { problems: turnShapeProblems(item), verdicts: new Map() };
  if (entry.problems.length === 0) {
    try {
      entry.turn = readTurn(item as Y.Map<unknown>);
    } catch {
      entry.problems.push(': its words cannot be read');
    }
  }
  return entry;
}

/** The format's checks that involve one turn only (shape, times, words, segment, length), remembered per duration. */
function aloneValid(entry: TurnEntry, turn: Turn, duration: number | undefined): boolean {
  const known = entry.verdicts.get(duration);
  if (known !== undefined) return known;
  const alone = { version: 1, speakers: [{ speaker_id: turn.speaker_id, speaker_name: '' }], text: [turn] };
  const ok = checkTranscript(alone, duration !== undefined ? { duration } : {}).ok;
  entry.verdicts.set(duration, ok);
  return ok;
}

/** The format's checks across turns: unique turn ids, turns ordered by start, unique wids. */
function acrossTurnsValid(text: readonly Turn[], projection: TranscriptProjection | null): boolean {
  const ids = new Set<string>();
  let previous = -Infinity;
  for (const turn of text) {
    if (ids.has(turn.turn_id) || turn.stime < previous) return false;
    ids.add(turn.turn_id);
    previous = turn.stime;
  }
  if (projection) return !projection.hasDuplicateWids();
  const wids = new Set<string>();
  for (const turn of text) {
    for (const word of turn.words) {
      if (wids.has(word.wid)) return false;
      wids.add(word.wid);
    }
  }
  return true;
}

/**
 * The document's problems against the transcript format (checkTranscript on the projection) plus the
 * document's own rules (every turn map well formed, known speaker, text within TURN_SIZE, at most
 * COLLAB_LIMITS.maxSpeakers speakers). Empty: valid.
 *
 * Turns come from a TranscriptProjection (`projection`, else the one `projectionOf` keeps for the
 * document), so an unchanged turn is neither re-read nor re-checked; only the checks across turns run
 * in full. When anything fails, checkTranscript runs on the whole projection so that problems are
 * named exactly as it names them (`text[3].words[0].stime: …`); shape problems are named after the
 * document (`turns[3].stime: …`). Inside a transaction every turn is read afresh.
 */
export function documentProblems(doc: Y.Doc, options: { duration?: number; projection?: TranscriptProjection } = {}): string[] {
  const problems: string[] = [];
  const version = metaOf(doc).get('version');
  if (version !== undefined && version !== COLLAB_DOC_VERSION) problems.push(`meta.version: must be ${COLLAB_DOC_VERSION}`);
  const speakers = speakersOf(doc);
  // Unused speakers count too: nothing else would bound them (they are never removed).
  if (speakers.size > COLLAB_LIMITS.maxSpeakers) problems.push(`speakers: more than ${COLLAB_LIMITS.maxSpeakers}`);
  for (const [id, name] of speakers.entries()) {
    if (id === '') problems.push('speakers: a speaker id must not be empty');
    if (typeof name !== 'string') problems.push(`speakers.${JSON.stringify(id)}: the name must be a string`);
  }
  const projection = doc._transaction !== null ? null : (options.projection ?? projectionOf(doc));
  const { duration } = options;
  const text: Turn[] = [];
  const entries: TurnEntry[] = [];
  turnsOf(doc).forEach((item, i) => {
    const entry = projection ? projection.entry(item) : freshEntry(item);
    for (const problem of entry.problems) problems.push(`turns[${i}]${problem}`);
    const turn = entry.turn;
    if (!turn) return;
    if (!speakers.has(turn.speaker_id)) problems.push(`turns[${i}].speaker: ${JSON.stringify(turn.speaker_id)} is not in the speakers map`);
    text.push(turn);
    entries.push(entry);
  });
  if (problems.length > 0) return problems;
  const full = () => checkTranscript({ version: 1, speakers: usedSpeakers(doc, text), text }, duration !== undefined ? { duration } : {});
  // Many turns not checked yet (a document just loaded): one whole check costs less than one per turn.
  const unchecked = entries.filter((entry) => !entry.verdicts.has(duration)).length;
  if (unchecked > WHOLE_CHECK_ABOVE) {
    const check = full();
    if (!check.ok) return check.problems;
    for (const entry of entries) entry.verdicts.set(duration, true);
    return [];
  }
  if (entries.every((entry, k) => aloneValid(entry, text[k]!, duration)) && acrossTurnsValid(text, projection)) return [];
  const check = full();
  return check.ok ? [] : check.problems;
}
