/**
 * Editing operations on a collaborative transcript document (doc.ts). Each one runs in one Yjs
 * transaction with the given `origin` (editors pass their own origin so Y.UndoManager undoes only
 * their changes), keeps every invariant of the transcript format, and returns an EditResult: a
 * refusal changes nothing. The REST turn endpoints, the server bridge and the web editor all use
 * these, so a rule lives in one place.
 *
 * Two kinds of operation:
 *  - text edits (`setTurnText`, find and replace) only change a turn's Y.Text, with the smallest
 *    change, so two people typing in one turn merge character by character; the projection
 *    (`readTurn`) retimes the turn's baseline words to whatever text results;
 *  - structural edits (split, merge, insert, delete, speakers, `applyTranscript`) settle the turns
 *    they touch: the projection becomes the new baseline, with fresh wids for the words it invented.
 *
 * Operations that create words or turns take an optional `newId` (default: random UUIDs).
 */
import type * as Y from 'yjs';
import { TURN_SIZE } from '../constants.ts';
import type { Turn, Word } from '../transcript/schema.ts';
import { tokenize, wordsOf } from '../transcript/text.ts';
import { mergeTurns, retimeEditedTurn, splitTurn, type EditError, type EditResult } from '../transcript/timing.ts';
import { baselineOf, encodeWords, isInventedWid, readTurn, readTurnText, sameWords, speakersOf, textOf, turnIndex, turnsOf, turnToMap, type TurnMap } from './doc.ts';
import { applyTextChange, clearPastedMarks, codePointBoundary, textLength } from './text-diff.ts';

export { textLength };

export { applyTranscript } from './apply.ts';
export { documentProblems } from './problems.ts';
export { findInDocument, replaceInDocument, type FindOptions, type TextMatch } from './find.ts';

export type Origin = unknown;

/** Makes a new unique id (turn_id, speaker_id, wid). */
export type NewId = () => string;

/** Random UUIDs (crypto.randomUUID where the platform has it). */
export const randomId: NewId = () => {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (crypto && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
};

const ok = <T>(value: T): EditResult<T> => ({ ok: true, value });
const fail = (error: EditError): EditResult<never> => ({ ok: false, error });
const notFound = (what: string, id: string) => fail({ code: 'not_found', message: `${what} ${JSON.stringify(id)} is not in the document` });
const tooLong = (length: number) => fail({ code: 'turn_too_long', message: `The turn would have ${length} characters, more than ${TURN_SIZE}`, length, max: TURN_SIZE });

/** The turn map with this id, and its index. */
function findTurn(doc: Y.Doc, turnId: string): { map: TurnMap; index: number } | null {
  const index = turnIndex(doc, turnId);
  return index < 0 ? null : { map: turnsOf(doc).get(index), index };
}

/** The projection of a turn with every invented wid replaced by a fresh one: what settling writes. */
export function settledTurn(map: TurnMap, newId: NewId): Turn {
  const turn = readTurn(map);
  if (!turn.words.some((w) => isInventedWid(w.wid))) return turn;
  return { ...turn, words: turn.words.map((w) => (isInventedWid(w.wid) ? { ...w, wid: newId() } : w)) };
}

/** Writes a settled turn's words and bounds into its map, bringing its text to the segment. */
function writeSettled(map: TurnMap, turn: Turn): void {
  map.set('words', encodeWords(turn.words));
  if (map.get('stime') !== turn.stime) map.set('stime', turn.stime);
  if (map.get('etime') !== turn.etime) map.set('etime', turn.etime);
  const text = textOf(map);
  clearPastedMarks(text);
  applyTextChange(text, turn.segment);
}

/** An empty turn of `like`'s speaker and language, at one instant. */
function emptyTurn(like: Turn, turnId: string, at: number): Turn {
  return { turn_id: turnId, speaker_id: like.speaker_id, ...(like.language !== undefined ? { language: like.language } : {}), segment: '', stime: at, etime: at, words: [] };
}

/**
 * Replaces a turn's text by `text` with the smallest change (common prefix and suffix kept), so
 * concurrent typing elsewhere in the turn merges. Refused (`turn_too_long`) past TURN_SIZE characters.
 * `options.pasted`: UTF-16 ranges of `text` that were pasted; they are marked on the Y.Text so their
 * tokens lose foreign times (the projection treats them as inserted words). The baseline words are
 * not touched.
 */
export function setTurnText(doc: Y.Doc, turnId: string, text: string, origin?: Origin, options: { pasted?: ReadonlyArray<readonly [number, number]> } = {}): EditResult<void> {
  const found = findTurn(doc, turnId);
  if (!found) return notFound('Turn', turnId);
  const length = textLength(text);
  if (length > TURN_SIZE) return tooLong(length);
  doc.transact(() => applyTextChange(textOf(found.map), text, options.pasted), origin);
  return ok(undefined);
}

/** Splits the projection's words at a UTF-16 offset of the text; a word the caret is inside is cut in two. */
function wordsAround(text: string, words: readonly Word[], offset: number, newId: NewId): { head: Word[]; tail: Word[] } {
  const tokens = tokenize(text);
  const head: Word[] = [];
  const tail: Word[] = [];
  tokens.forEach((token, i) => {
    const word = words[i];
    if (!word) return;
    if (token.end <= offset) head.push(word);
    else if (token.start >= offset) tail.push(word);
    else {
      // Both parts of a split word keep its times; the first keeps its wid.
      const before = wordsOf(text.slice(token.start, offset)).join('');
      const after = wordsOf(text.slice(offset, token.end)).join('');
      if (before !== '') head.push({ ...word, word: before, confidence: 1 });
      if (after !== '') tail.push({ ...word, wid: before !== '' ? newId() : word.wid, word: after, confidence: 1 });
    }
  });
  return { head, tail };
}

/**
 * Splits a turn at a UTF-16 offset of its text (the caret when Enter is pressed): the head keeps the
 * turn's id and start and ends at its last word's end, the tail becomes a new turn with `newTurnId`,
 * the same speaker, starting at its first word's start (splitTurn's rule); both are settled. A caret
 * inside a word cuts it: both parts keep the word's times. With no word before the caret an empty turn
 * is inserted before the turn (at its start); with no word after it, an empty turn after (at its end).
 * The head's Y.Text is edited in place, so others' carets and typing in the head survive.
 */
export function splitTurnAt(
  doc: Y.Doc,
  turnId: string,
  offset: number,
  newTurnId: string,
  origin?: Origin,
  newId: NewId = randomId,
): EditResult<{ headId: string; tailId: string }> {
  const found = findTurn(doc, turnId);
  if (!found) return notFound('Turn', turnId);
  if (turnIndex(doc, newTurnId) >= 0) return fail({ code: 'duplicate_id', message: `Turn ${JSON.stringify(newTurnId)} already exists` });
  const { text } = readTurnText(found.map);
  if (!Number.isInteger(offset) || offset < 0 || offset > text.length) {
    return fail({ code: 'index_out_of_range', message: `offset ${offset} is out of range (0..${text.length})`, index: offset, count: text.length });
  }
  const turn = settledTurn(found.map, newId);
  const { head, tail } = wordsAround(text, turn.words, codePointBoundary(text, offset), newId);
  const turns = turnsOf(doc);
  if (head.length === 0 && tail.length > 0) {
    doc.transact(() => turns.insert(found.index, [turnToMap(emptyTurn(turn, newTurnId, turn.stime))]), origin);
    return ok({ headId: newTurnId, tailId: turnId });
  }
  if (tail.length === 0) {
    // Not after the next turn's start: turns stay ordered even when they overlap.
    const next = found.index + 1 < turns.length ? (turns.get(found.index + 1).get('stime') as number) : Infinity;
    const at = Math.max(turn.stime, Math.min(turn.etime, next));
    doc.transact(() => turns.insert(found.index + 1, [turnToMap(emptyTurn(turn, newTurnId, at))]), origin);
    return ok({ headId: turnId, tailId: newTurnId });
  }
  const split = splitTurn({ ...turn, words: [...head, ...tail] }, head.length, newTurnId);
  if (!split.ok) return split;
  const [first, second] = split.value;
  doc.transact(() => {
    writeSettled(found.map, first);
    turns.insert(found.index + 1, [turnToMap(second)]);
  }, origin);
  return ok({ headId: turnId, tailId: newTurnId });
}

/**
 * Merges a turn with the next or previous one with mergeTurns' rules on their projections (refused
 * with `turn_too_long` past TURN_SIZE, `turns_out_of_order` when the second's words start before the
 * first's): the earlier turn survives with its id, speaker and start, the later end, settled words;
 * the later turn's text is appended to the earlier one's Y.Text.
 */
export function mergeTurn(doc: Y.Doc, turnId: string, direction: 'next' | 'previous', origin?: Origin, newId: NewId = randomId): EditResult<{ turnId: string }> {
  const found = findTurn(doc, turnId);
  if (!found) return notFound('Turn', turnId);
  const turns = turnsOf(doc);
  const other = direction === 'next' ? found.index + 1 : found.index - 1;
  if (other < 0 || other >= turns.length) {
    return fail({ code: 'index_out_of_range', message: `There is no ${direction} turn to merge with`, index: other, count: turns.length });
  }
  const firstIndex = Math.min(found.index, other);
  const firstMap = turns.get(firstIndex);
  const secondMap = turns.get(firstIndex + 1);
  const merged = mergeTurns(settledTurn(firstMap, newId), settledTurn(secondMap, newId));
  if (!merged.ok) return merged;
  doc.transact(() => {
    writeSettled(firstMap, merged.value);
    turns.delete(firstIndex + 1, 1);
  }, origin);
  return ok({ turnId: merged.value.turn_id });
}

/**
 * Inserts a turn after `afterTurnId` (null: first), timed between its neighbours: from the previous
 * turn's end (0 for the first) to the next turn's start (the same instant when last); its words are
 * spread over that span. The speaker must be in the document.
 */
export function insertTurnAfter(
  doc: Y.Doc,
  afterTurnId: string | null,
  turn: { turn_id: string; speaker_id: string; segment: string },
  origin?: Origin,
  newId: NewId = randomId,
): EditResult<{ turnId: string }> {
  const turns = turnsOf(doc);
  const at = afterTurnId === null ? 0 : turnIndex(doc, afterTurnId) + 1;
  if (at === 0 && afterTurnId !== null) return notFound('Turn', afterTurnId);
  if (turnIndex(doc, turn.turn_id) >= 0) return fail({ code: 'duplicate_id', message: `Turn ${JSON.stringify(turn.turn_id)} already exists` });
  if (!speakersOf(doc).has(turn.speaker_id)) return notFound('Speaker', turn.speaker_id);
  const length = textLength(turn.segment);
  if (length > TURN_SIZE) return tooLong(length);
  const previous = at > 0 ? turns.get(at - 1) : undefined;
  const next = at < turns.length ? turns.get(at) : undefined;
  let stime = previous ? (previous.get('etime') as number) : 0;
  let etime = next ? (next.get('stime') as number) : stime;
  if (etime < stime) stime = etime = Math.max(next!.get('stime') as number, previous ? (previous.get('stime') as number) : 0);
  const empty: Turn = { turn_id: turn.turn_id, speaker_id: turn.speaker_id, segment: '', stime, etime, words: [] };
  const filled = retimeEditedTurn(empty, turn.segment, newId);
  doc.transact(() => turns.insert(at, [turnToMap(filled)]), origin);
  return ok({ turnId: turn.turn_id });
}

/** Deletes a turn. Its speaker stays in the speakers map (it leaves the projection if no turn uses it). */
export function deleteTurn(doc: Y.Doc, turnId: string, origin?: Origin): EditResult<void> {
  const found = findTurn(doc, turnId);
  if (!found) return notFound('Turn', turnId);
  doc.transact(() => turnsOf(doc).delete(found.index, 1), origin);
  return ok(undefined);
}

/** Gives a turn another speaker, one of the speakers map. */
export function setTurnSpeaker(doc: Y.Doc, turnId: string, speakerId: string, origin?: Origin): EditResult<void> {
  const found = findTurn(doc, turnId);
  if (!found) return notFound('Turn', turnId);
  if (!speakersOf(doc).has(speakerId)) return notFound('Speaker', speakerId);
  if (found.map.get('speaker') !== speakerId) doc.transact(() => found.map.set('speaker', speakerId), origin);
  return ok(undefined);
}

/** Renames a speaker everywhere (one map entry: every turn refers to it by id). */
export function renameSpeaker(doc: Y.Doc, speakerId: string, name: string, origin?: Origin): EditResult<void> {
  const speakers = speakersOf(doc);
  if (!speakers.has(speakerId)) return notFound('Speaker', speakerId);
  if (speakers.get(speakerId) !== name) doc.transact(() => speakers.set(speakerId, name), origin);
  return ok(undefined);
}

/** Adds a speaker (it appears in the transcript once a turn uses it); returns its id. */
export function addSpeaker(doc: Y.Doc, name: string, newId: NewId, origin?: Origin): EditResult<{ speakerId: string }> {
  const speakers = speakersOf(doc);
  const speakerId = newId();
  if (speakers.has(speakerId)) return fail({ code: 'duplicate_id', message: `Speaker ${JSON.stringify(speakerId)} already exists` });
  doc.transact(() => speakers.set(speakerId, name), origin);
  return ok({ speakerId });
}

/** Every turn of `fromId` goes to `intoId`, and `fromId` leaves the speakers map. */
export function mergeSpeakers(doc: Y.Doc, fromId: string, intoId: string, origin?: Origin): EditResult<void> {
  const speakers = speakersOf(doc);
  if (!speakers.has(fromId)) return notFound('Speaker', fromId);
  if (!speakers.has(intoId)) return notFound('Speaker', intoId);
  if (fromId === intoId) return ok(undefined);
  doc.transact(() => {
    turnsOf(doc).forEach((map) => {
      if (map.get('speaker') === fromId) map.set('speaker', intoId);
    });
    speakers.delete(fromId);
  }, origin);
  return ok(undefined);
}

/**
 * Settles a turn: its baseline words become its projection (invented wids replaced by `newId()`)
 * and pasted marks are cleared, so the projection is cheap again. Changes nothing the projection
 * shows, and leaves the text as typed (spaces included) so a caret in it does not move.
 */
export function settleTurn(doc: Y.Doc, turnId: string, newId: NewId, origin?: Origin): void {
  const found = findTurn(doc, turnId);
  if (!found) return;
  const turn = settledTurn(found.map, newId);
  doc.transact(() => {
    if (!sameWords(baselineOf(found.map), turn.words)) found.map.set('words', encodeWords(turn.words));
    clearPastedMarks(textOf(found.map));
  }, origin);
}
