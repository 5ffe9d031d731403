import { describe, expect, it } from 'vitest';
import { createTranscriptDoc, deleteTurn, documentProblems, setTurnSpeaker, speakersOf, textOf, turnsOf } from '@palabre/shared/collab';
import * as Y from 'yjs';
import type { Transcript } from '@palabre/shared';
import { diffWithSnapshot, listedSpeakers, speakerStats, turnOrder } from './docState.ts';

function transcript(): Transcript {
  const turn = (id: string, speaker: string, words: string[], at: number) => ({
    turn_id: id,
    speaker_id: speaker,
    segment: words.join(' '),
    stime: at,
    etime: at + words.length,
    words: words.map((word, i) => ({ wid: `${id}-${i}`, stime: at + i, etime: at + i + 1, word, confidence: 0.9 })),
  });
  return {
    version: 1,
    speakers: [
      { speaker_id: 's1', speaker_name: 'Alice' },
      { speaker_id: 's2', speaker_name: 'Bob' },
    ],
    text: [turn('t1', 's1', ['hello', 'there'], 0), turn('t2', 's2', ['hi'], 2), turn('t3', 's1', ['how', 'are', 'you'], 3)],
  } as Transcript;
}

describe('what the panels read from the document', () => {
  it('counts the turns of each speaker, unused ones last', () => {
    const doc = createTranscriptDoc(transcript());
    speakersOf(doc).set('s3', 'Carol');
    expect(speakerStats(doc)).toEqual([
      { id: 's1', name: 'Alice', turns: 2 },
      { id: 's2', name: 'Bob', turns: 1 },
      { id: 's3', name: 'Carol', turns: 0 },
    ]);
  });

  it('lists only speakers with turns, and those added here until they get one', () => {
    const doc = createTranscriptDoc(transcript());
    speakersOf(doc).set('s3', 'Carol');
    speakersOf(doc).set('s4', 'Dan');
    const added = new Set(['s4']);
    const names = () => listedSpeakers(doc, added).map((s) => s.name);
    // Carol was added by someone else (or before this page) and has no turn: not listed.
    expect(names()).toEqual(['Alice', 'Bob', 'Dan']);
    // Bob's only turn goes to Dan: Bob leaves the list, Dan stays because of his turn.
    expect(setTurnSpeaker(doc, 't2', 's4').ok).toBe(true);
    expect(names()).toEqual(['Alice', 'Dan']);
    expect(added.has('s4')).toBe(false);
    // Dan's only turn is deleted: he is not listed any more, though still in the document.
    expect(deleteTurn(doc, 't2').ok).toBe(true);
    expect(names()).toEqual(['Alice']);
    expect([...speakersOf(doc).keys()]).toEqual(expect.arrayContaining(['s2', 's3', 's4']));
  });

  it('would break the document if a speaker were removed with its last turn while another person gives it one', () => {
    const here = createTranscriptDoc(transcript());
    const there = new Y.Doc();
    Y.applyUpdate(there, Y.encodeStateAsUpdate(here));
    // Here, Bob's only turn goes to Alice, and Bob is removed in the same transaction.
    here.transact(() => {
      setTurnSpeaker(here, 't2', 's1');
      speakersOf(here).delete('s2');
    });
    // Meanwhile, there, another person gives Bob the first turn.
    expect(setTurnSpeaker(there, 't1', 's2').ok).toBe(true);
    Y.applyUpdate(here, Y.encodeStateAsUpdate(there));
    expect(documentProblems(here)).toEqual([expect.stringContaining('is not in the speakers map')]);
  });

  it('orders turns as in the document', () => {
    expect([...turnOrder(createTranscriptDoc(transcript()))]).toEqual([
      ['t1', 0],
      ['t2', 1],
      ['t3', 2],
    ]);
  });

  it('finds no difference with a snapshot of the same transcript', () => {
    expect(diffWithSnapshot(createTranscriptDoc(transcript()), transcript())).toEqual({ removed: 0, added: 0, changed: 0 });
  });

  it('counts changed, added and removed turns since a snapshot', () => {
    const snapshot = transcript();
    const doc = createTranscriptDoc(snapshot);
    textOf(turnsOf(doc).get(0)).insert(0, 'oh ');
    turnsOf(doc).delete(1, 1);
    const extra = createTranscriptDoc({ ...snapshot, text: [{ ...snapshot.text[1]!, turn_id: 't9' }] });
    turnsOf(doc).push([turnsOf(extra).get(0).clone()]);
    expect(diffWithSnapshot(doc, snapshot)).toEqual({ removed: 1, added: 1, changed: 1 });
  });
});
