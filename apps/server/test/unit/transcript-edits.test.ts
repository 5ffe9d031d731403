/** The turn endpoints' edits on a document: refusals as API errors, checked before anything changes. */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { TRANSCRIPT_FORMAT_VERSION, TURN_SIZE, type Transcript } from '@palabre/shared';
import { createTranscriptDoc, readTranscript } from '@palabre/shared/collab';
import { AppError } from '../../src/http/errors.ts';
import { insertTurn, mergeTurns, refusal, removeTurn, updateTurn } from '../../src/transcript/edits.ts';

const transcript: Transcript = {
  version: TRANSCRIPT_FORMAT_VERSION,
  speakers: [{ speaker_id: 'a', speaker_name: 'Ann' }],
  text: [
    {
      turn_id: 't1',
      speaker_id: 'a',
      segment: 'one two',
      stime: 0,
      etime: 2,
      words: [
        { wid: 'w1', word: 'one', stime: 0, etime: 0.5, confidence: 0.7 },
        { wid: 'w2', word: 'two', stime: 1, etime: 2, confidence: 0.7 },
      ],
    },
  ],
};

function refused(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('transcript edits', () => {
  it('refuses before changing anything: unknown turn, nameless new speaker, unknown speaker, no neighbour', () => {
    const doc = createTranscriptDoc(transcript);
    const before = Y.encodeStateVector(doc);
    expect(refused(() => updateTurn(doc, 'missing', { segment: 'x' })).code).toBe('not_found');
    expect(refused(() => removeTurn(doc, 'missing')).code).toBe('not_found');
    expect(refused(() => insertTurn(doc, 'missing', { speaker_id: 'a', segment: 'x' }, () => 'n1')).code).toBe('not_found');
    expect(refused(() => insertTurn(doc, 't1', { speaker_id: 'b', segment: 'x' }, () => 'n1')).fields).toEqual({ speaker_name: 'error.required' });
    expect(refused(() => updateTurn(doc, 't1', { speaker_id: 'b', segment: 'changed' })).fields).toEqual({ speaker_id: 'error.unknown_speaker' });
    expect(refused(() => mergeTurns(doc, 't1', 'next')).fields).toEqual({ direction: 'error.invalid' });
    expect(Y.encodeStateVector(doc)).toEqual(before);
    expect(readTranscript(doc)).toEqual(transcript);
  });

  it('answers the edited turn, the speakers in use and the turn count', () => {
    const doc = createTranscriptDoc(transcript);
    const result = insertTurn(doc, 'start', { speaker_id: 'b', speaker_name: 'Ben', segment: 'hi' }, () => 'n1');
    expect(result.turns).toBe(2);
    expect(result.turn).toMatchObject({ turn_id: 'n1', speaker_id: 'b', segment: 'hi' });
    expect(result.speakers).toEqual([
      { speaker_id: 'b', speaker_name: 'Ben' },
      { speaker_id: 'a', speaker_name: 'Ann' },
    ]);
    expect(removeTurn(doc, 'n1')).toEqual({ speakers: [{ speaker_id: 'a', speaker_name: 'Ann' }], turns: 1 });
  });

  it('maps refusals of the operations to API errors', () => {
    const tooLong = refusal({ code: 'turn_too_long', message: '', length: TURN_SIZE + 5, max: TURN_SIZE });
    expect(tooLong).toMatchObject({ code: 'turn_too_long', status: 422, fields: undefined });
    expect(tooLong.message).toContain(String(TURN_SIZE));
    expect(refusal({ code: 'turn_too_long', message: '', length: 1, max: 0 }, 'segment').fields).toEqual({ segment: 'error.too_long' });
    expect(refusal({ code: 'not_found', message: 'Turn "x" is not in the document' }).status).toBe(404);
    expect(refusal({ code: 'turns_out_of_order', message: '' }, 'direction')).toMatchObject({ code: 'validation_failed', fields: { direction: 'error.invalid' } });
  });
});
