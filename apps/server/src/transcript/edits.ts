/**
 * The turn endpoints' edits on a transcript document, with the editing operations every editor uses
 * (`@palabre/shared/collab`). Each one runs inside `TranscriptDocuments.change`; a refusal is an
 * AppError thrown before the first change wherever it can be foreseen, so the document is not even
 * touched (the service would otherwise drop the half-made change by reloading the stored document).
 */
import type * as Y from 'yjs';
import { addSpeaker, deleteTurn, insertTurnAfter, mergeTurn, setTurnSpeaker, setTurnText, speakersOf, turnIndex, turnsOf, type NewId } from '@palabre/shared/collab';
import type { EditError, EditResult, zInsertTurnBody, zUpdateTurnBody } from '@palabre/shared';
import type { z } from 'zod';
import { AppError, notFound } from '../http/errors.ts';
import { presentEdit, type TurnEditResult } from './presenter.ts';

/** The `turnId` of POST /conversations/{id}/turns/{turnId} that inserts before the first turn. */
export const START = 'start';

type InsertTurnBody = z.output<typeof zInsertTurnBody>;
type UpdateTurnBody = z.output<typeof zUpdateTurnBody>;

function requireTurn(doc: Y.Doc, turnId: string): number {
  const index = turnIndex(doc, turnId);
  if (index < 0) throw notFound('Turn');
  return index;
}

/** An operation's refusal as the API answers it; `field`, when there is one, is the body field it concerns. */
export function refusal(error: EditError, field?: string): AppError {
  if (error.code === 'turn_too_long') {
    const message = `The turn would have ${error.length} characters, more than the turn size (${error.max})`;
    return new AppError('turn_too_long', message, field === undefined ? undefined : { [field]: 'error.too_long' });
  }
  // The checks before each change make this rare: the operation names the turn or speaker it lacks.
  if (error.code === 'not_found') return new AppError('not_found', error.message);
  return new AppError('validation_failed', 'This change does not fit the transcript', { [field ?? '_']: 'error.invalid' });
}

function unwrap<T>(result: EditResult<T>, field?: string): T {
  if (!result.ok) throw refusal(result.error, field);
  return result.value;
}

/**
 * A new turn after `afterTurnId` (START: first). A speaker id the document does not know is created
 * with `speaker_name`; for a known one `speaker_name` is ignored (renaming is PATCH /conversations/{id}).
 */
export function insertTurn(doc: Y.Doc, afterTurnId: string, body: InsertTurnBody, newId: NewId): TurnEditResult {
  const after = afterTurnId === START ? null : afterTurnId;
  if (after !== null) requireTurn(doc, after);
  const known = speakersOf(doc).has(body.speaker_id);
  if (!known && body.speaker_name === undefined) {
    throw new AppError('validation_failed', 'A new speaker needs a name', { speaker_name: 'error.required' });
  }
  if (!known)
    unwrap(
      addSpeaker(doc, body.speaker_name!, () => body.speaker_id),
      'speaker_name',
    );
  const { turnId } = unwrap(insertTurnAfter(doc, after, { turn_id: newId(), speaker_id: body.speaker_id, segment: body.segment }), 'segment');
  return presentEdit(doc, turnId);
}

/** A turn's new text (the timing rules keep untouched words' times) and/or another existing speaker. */
export function updateTurn(doc: Y.Doc, turnId: string, body: UpdateTurnBody): TurnEditResult {
  requireTurn(doc, turnId);
  if (body.speaker_id !== undefined && !speakersOf(doc).has(body.speaker_id)) {
    throw new AppError('validation_failed', 'This speaker is not in the transcript', { speaker_id: 'error.unknown_speaker' });
  }
  if (body.segment !== undefined) unwrap(setTurnText(doc, turnId, body.segment), 'segment');
  if (body.speaker_id !== undefined) unwrap(setTurnSpeaker(doc, turnId, body.speaker_id), 'speaker_id');
  return presentEdit(doc, turnId);
}

export function removeTurn(doc: Y.Doc, turnId: string): TurnEditResult {
  requireTurn(doc, turnId);
  unwrap(deleteTurn(doc, turnId));
  return presentEdit(doc, null);
}

/** Merges a turn with its neighbour; refused (`turn_too_long`) when the merged text would exceed the turn size. */
export function mergeTurns(doc: Y.Doc, turnId: string, direction: 'next' | 'previous'): TurnEditResult {
  const index = requireTurn(doc, turnId);
  const neighbour = direction === 'next' ? index + 1 : index - 1;
  if (neighbour < 0 || neighbour >= turnsOf(doc).length) {
    throw new AppError('validation_failed', `This turn has no ${direction} turn to merge with`, { direction: 'error.invalid' });
  }
  const merged = unwrap(mergeTurn(doc, turnId, direction));
  return presentEdit(doc, merged.turnId);
}
