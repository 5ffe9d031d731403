/**
 * Editing operations on a collaborative transcript document (doc.ts). Each one runs in one Yjs
 * transaction with the given `origin` (editors pass their own origin so Y.UndoManager undoes only
 * their changes), keeps every invariant of the transcript format, and returns an EditResult: a
 * refusal changes nothing. The REST turn endpoints, the server bridge and the web editor all use
 * these, so a rule lives in one place.
 */
import type * as Y from 'yjs';
import type { EditResult } from '../transcript/timing.ts';
import type { Transcript } from '../transcript/schema.ts';

export type Origin = unknown;

/** Makes a new unique id (turn_id, speaker_id, wid). */
export type NewId = () => string;

/**
 * Replaces a turn's text by `text` with the smallest change (common prefix and suffix kept), so
 * concurrent typing elsewhere in the turn merges. Refused (`turn_too_long`) past TURN_SIZE characters.
 * `pasted`: UTF-16 ranges of `text` that were pasted (their tokens lose foreign times).
 */
export function setTurnText(doc: Y.Doc, turnId: string, text: string, origin?: Origin): EditResult<void> {
  throw new Error('not implemented yet');
}

/**
 * Splits a turn at a UTF-16 offset of its text (the caret when Enter is pressed): the head keeps the
 * turn's id, the tail becomes a new turn with `newTurnId`, same speaker; both settled. An offset at
 * either end inserts an empty turn after (or before) it instead.
 */
export function splitTurnAt(doc: Y.Doc, turnId: string, offset: number, newTurnId: string, origin?: Origin): EditResult<{ headId: string; tailId: string }> {
  throw new Error('not implemented yet');
}

/** Merges a turn with the next or previous one (refused with `turn_too_long` past TURN_SIZE). */
export function mergeTurn(doc: Y.Doc, turnId: string, direction: 'next' | 'previous', origin?: Origin): EditResult<{ turnId: string }> {
  throw new Error('not implemented yet');
}

/** Inserts a turn after `afterTurnId` (null: first), timed between its neighbours. */
export function insertTurnAfter(
  doc: Y.Doc,
  afterTurnId: string | null,
  turn: { turn_id: string; speaker_id: string; segment: string },
  origin?: Origin,
): EditResult<{ turnId: string }> {
  throw new Error('not implemented yet');
}

/** Deletes a turn. */
export function deleteTurn(doc: Y.Doc, turnId: string, origin?: Origin): EditResult<void> {
  throw new Error('not implemented yet');
}

/** Gives a turn another (existing) speaker. */
export function setTurnSpeaker(doc: Y.Doc, turnId: string, speakerId: string, origin?: Origin): EditResult<void> {
  throw new Error('not implemented yet');
}

/** Renames a speaker everywhere. */
export function renameSpeaker(doc: Y.Doc, speakerId: string, name: string, origin?: Origin): EditResult<void> {
  throw new Error('not implemented yet');
}

/** Adds a speaker (it appears in the transcript once a turn uses it); returns its id. */
export function addSpeaker(doc: Y.Doc, name: string, newId: NewId, origin?: Origin): EditResult<{ speakerId: string }> {
  throw new Error('not implemented yet');
}

/** Every turn of `fromId` goes to `intoId`; `fromId` disappears. */
export function mergeSpeakers(doc: Y.Doc, fromId: string, intoId: string, origin?: Origin): EditResult<void> {
  throw new Error('not implemented yet');
}

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

/** Every match of `query` in the document's turn texts, in document order. */
export function findInDocument(doc: Y.Doc, query: string, options: FindOptions): TextMatch[] {
  throw new Error('not implemented yet');
}

/**
 * Replaces matches (all of them, or the given ones) by `replacement`, in one transaction; turns that
 * would exceed TURN_SIZE are skipped and counted.
 */
export function replaceInDocument(
  doc: Y.Doc,
  query: string,
  replacement: string,
  options: FindOptions & { only?: TextMatch[] },
  origin?: Origin,
): { replaced: number; skipped: number } {
  throw new Error('not implemented yet');
}

/**
 * Settles a turn: its baseline words become its projection (invented wids replaced by `newId()`),
 * so the projection is cheap again. Changes nothing the projection shows.
 */
export function settleTurn(doc: Y.Doc, turnId: string, newId: NewId, origin?: Origin): void {
  throw new Error('not implemented yet');
}

/**
 * Replaces the whole content by a transcript with the fewest changes: unchanged turns are kept (their
 * Y.Text untouched, so open editors keep carets), changed ones are updated in place, others inserted
 * or deleted. Used by the server for REST edits, re-transcription and snapshot restores.
 */
export function applyTranscript(doc: Y.Doc, transcript: Transcript, origin?: Origin): void {
  throw new Error('not implemented yet');
}

/**
 * The document's problems against the transcript format (checkTranscript on the projection) plus the
 * document's own rules (every turn map well formed, known speaker, text within TURN_SIZE). Empty: valid.
 */
export function documentProblems(doc: Y.Doc, options?: { duration?: number }): string[] {
  throw new Error('not implemented yet');
}
