/** What a change touched decides how much of a document is checked; the update rate limit. */
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { createTranscriptDoc, speakersOf, TranscriptProjection, textOf, turnsOf } from '@palabre/shared/collab';
import { TURN_SIZE } from '@palabre/shared';
import { captureScoped } from '../../src/collab/capture.ts';
import { TokenBucket } from '../../src/collab/token-bucket.ts';
import { problemsAfter } from '../../src/collab/validation.ts';
import { smallTranscript } from '../harness/collab-fixtures.ts';

function change(doc: Y.Doc, fn: (doc: Y.Doc) => void) {
  const origin = Symbol('test');
  return captureScoped(doc, origin, () => doc.transact(() => fn(doc), origin));
}

describe('the scope of a change', () => {
  it('is the turns whose text alone changed when people type', () => {
    const doc = createTranscriptDoc(smallTranscript());
    const { update, scope } = change(doc, (d) => {
      textOf(turnsOf(d).get(0)).insert(0, 'oui ');
      textOf(turnsOf(d).get(2)).delete(0, 5);
    });
    expect(update).toBeInstanceOf(Uint8Array);
    expect(scope && [...scope].map((map) => map.get('id'))).toEqual(['t1', 't3']);
  });

  it('is the whole document for anything else', () => {
    const doc = createTranscriptDoc(smallTranscript());
    expect(change(doc, (d) => turnsOf(d).get(1).set('speaker', 'spk1')).scope).toBeNull();
    expect(change(doc, (d) => speakersOf(d).set('spk9', 'Nine')).scope).toBeNull();
    expect(change(doc, (d) => turnsOf(d).delete(2, 1)).scope).toBeNull();
    expect(change(doc, (d) => turnsOf(d).get(0).set('text', new Y.Text('replaced'))).scope).toBeNull();
  });

  it('is empty when nothing changed', () => {
    const doc = createTranscriptDoc(smallTranscript());
    expect(change(doc, () => undefined)).toEqual({ update: null, scope: new Set() });
  });
});

describe('problems after a change', () => {
  it('finds a turn typed past the turn size by checking only that turn', () => {
    const doc = createTranscriptDoc(smallTranscript());
    const projection = new TranscriptProjection(doc);
    const fine = change(doc, (d) => textOf(turnsOf(d).get(1)).insert(0, 'eh '));
    expect(problemsAfter(doc, projection, fine.scope, 60)).toEqual([]);
    const long = change(doc, (d) => textOf(turnsOf(d).get(1)).insert(0, 'x'.repeat(TURN_SIZE)));
    expect(problemsAfter(doc, projection, long.scope, 60).join('\n')).toMatch(/turn size/);
  });

  it('checks the whole document after a structural change', () => {
    const doc = createTranscriptDoc(smallTranscript());
    const projection = new TranscriptProjection(doc);
    const ghost = change(doc, (d) => turnsOf(d).get(1).set('speaker', 'ghost'));
    expect(problemsAfter(doc, projection, ghost.scope, 60).join('\n')).toMatch(/ghost/);
  });
});

describe('the update rate limit', () => {
  it('allows a burst, then the refill rate', () => {
    const bucket = new TokenBucket(3, 2, 0);
    expect([bucket.take(1, 0), bucket.take(1, 0), bucket.take(1, 0), bucket.take(1, 0)]).toEqual([true, true, true, false]);
    expect(bucket.take(1, 400)).toBe(false);
    expect(bucket.take(1, 500)).toBe(true);
    expect(bucket.take(1, 10_000)).toBe(true);
  });

  it('takes a cost of several tokens at once, and refunds it', () => {
    const bucket = new TokenBucket(4, 2, 0);
    expect(bucket.take(3, 0)).toBe(true);
    expect(bucket.take(2, 0)).toBe(false);
    bucket.refund(3);
    expect(bucket.take(4, 0)).toBe(true);
    expect(bucket.full(2_000)).toBe(true);
  });
});
