/** The editing operations on a collaborative transcript document, and the timing rule each applies. */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { TURN_SIZE, type EditResult } from '../../src/index.ts';
import {
  addSpeaker,
  baselineOf,
  createTranscriptDoc,
  deleteTurn,
  documentProblems,
  insertTurnAfter,
  mergeSpeakers,
  mergeTurn,
  readTranscript,
  readTurn,
  renameSpeaker,
  setTurnSpeaker,
  setTurnText,
  settleTurn,
  speakersOf,
  splitTurnAt,
  textOf,
  turnsOf,
} from '../../src/collab/index.ts';
import { ids, show, smallTranscript, turn, w } from './fixture.ts';

function value<T>(result: EditResult<T>): T {
  if (!result.ok) throw new Error(`unexpected ${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** A document, checked valid after every test step through `valid`. */
const open = () => createTranscriptDoc(smallTranscript());
const valid = (doc: Y.Doc) => {
  expect(documentProblems(doc)).toEqual([]);
  return readTranscript(doc);
};
const turnOf = (doc: Y.Doc, id: string) => readTranscript(doc).text.find((t) => t.turn_id === id)!;
const state = (doc: Y.Doc) => Y.encodeStateVector(doc).join(',');

/** A refusal returns the error and changes nothing. */
function refused<T>(doc: Y.Doc, run: () => EditResult<T>) {
  const before = state(doc);
  const result = run();
  expect(result.ok).toBe(false);
  expect(state(doc)).toBe(before);
  return (result as { error: { code: string; message: string } }).error;
}

describe('setTurnText', () => {
  it('typing inside a word keeps its times and wid, with confidence 1; others are untouched', () => {
    const doc = open();
    value(setTurnText(doc, 't1', 'bonjour tous le monde'));
    expect(show(valid(doc).text[0]!)).toEqual(['w1:bonjour[0.5,1]0.8', 'w2:tous[1.2,1.5]1', 'w3:le[1.6,1.8]0.8', 'w4:monde[2,2.5]0.4']);
  });

  it('an inserted word gets a time interpolated between its neighbours', () => {
    const doc = open();
    value(setTurnText(doc, 't1', 'bonjour à tout le monde'));
    expect(show(valid(doc).text[0]!)).toEqual(['w1:bonjour[0.5,1]0.8', 't1~1:à[1,1.2]1', 'w2:tout[1.2,1.5]0.8', 'w3:le[1.6,1.8]0.8', 'w4:monde[2,2.5]0.4']);
  });

  it('changes only the stretch between the common prefix and suffix of the Y.Text', () => {
    const doc = open();
    const deltas: unknown[] = [];
    textOf(turnsOf(doc).get(0)).observe((event) => deltas.push(event.delta));
    value(setTurnText(doc, 't1', 'bonjour tous le monde'));
    expect(deltas).toEqual([[{ retain: 11 }, { delete: 1 }, { insert: 's' }]]);
  });

  it('never cuts a surrogate pair in two', () => {
    const doc = open();
    // 😀 is \ud83d\ude00, 😃 is \ud83d\ude03: they share their first code unit.
    value(setTurnText(doc, 't2', 'salut\u202f! ça va 😃'));
    expect(textOf(turnsOf(doc).get(1)).toString()).toBe('salut\u202f! ça va 😃');
    expect(valid(doc).text[1]!.words[3]).toMatchObject({ wid: 'w8', word: '😃', confidence: 1 });
  });

  it('does not touch the baseline words', () => {
    const doc = open();
    value(setTurnText(doc, 't1', 'autre chose'));
    expect(baselineOf(turnsOf(doc).get(0))).toEqual(smallTranscript().text[0]!.words);
  });

  it('pasted text loses the times it could inherit: its words are inserted words', () => {
    const doc = open();
    // Typed, "tous" would take the times of "tout"; pasted, it is spread in the gap (1 → 1.6).
    value(setTurnText(doc, 't1', 'bonjour tous le monde', undefined, { pasted: [[8, 12]] }));
    expect(show(valid(doc).text[0]!)).toEqual(['w1:bonjour[0.5,1]0.8', 't1~1:tous[1,1.6]1', 'w3:le[1.6,1.8]0.8', 'w4:monde[2,2.5]0.4']);
  });

  it('text typed next to a pasted run is not marked pasted', () => {
    const doc = open();
    value(setTurnText(doc, 't1', 'bonjour tous le monde', undefined, { pasted: [[8, 12]] }));
    value(setTurnText(doc, 't1', 'bonjour tous lesmonde'));
    value(setTurnText(doc, 't1', 'bonjour tous les monde'));
    const words = valid(doc).text[0]!.words;
    expect(words[1]!.word).toBe('tous');
    // "les" is typing inside "le" (not pasted): it keeps le's times.
    expect(words[2]).toMatchObject({ wid: 'w3', word: 'les', stime: 1.6, etime: 1.8 });
  });

  it(`is refused past ${TURN_SIZE} characters, counted in code points of the segment`, () => {
    const doc = open();
    const emoji = Array.from({ length: TURN_SIZE / 2 }, () => '😀').join(' ');
    expect(value(setTurnText(doc, 't1', `  ${emoji}  `))).toBeUndefined();
    const error = refused(doc, () => setTurnText(doc, 't1', `${emoji} ab`));
    expect(error).toEqual({ code: 'turn_too_long', message: `The turn would have ${TURN_SIZE + 2} characters, more than ${TURN_SIZE}`, length: TURN_SIZE + 2, max: TURN_SIZE });
  });

  it('names an unknown turn', () => {
    const doc = open();
    expect(refused(doc, () => setTurnText(doc, 'nope', 'x')).code).toBe('not_found');
  });
});

describe('splitTurnAt', () => {
  it('cuts at a word boundary: the head keeps id and start, the tail starts at its first word', () => {
    const doc = open();
    expect(value(splitTurnAt(doc, 't1', 'bonjour tout'.length, 'n1', undefined, ids()))).toEqual({ headId: 't1', tailId: 'n1' });
    const [head, tail] = valid(doc).text;
    expect(head).toMatchObject({ turn_id: 't1', speaker_id: 'spk1', language: 'fr', segment: 'bonjour tout', stime: 0, etime: 1.5 });
    expect(tail).toMatchObject({ turn_id: 'n1', speaker_id: 'spk1', language: 'fr', segment: 'le monde', stime: 1.6, etime: 4 });
    expect(show(head!)).toEqual(['w1:bonjour[0.5,1]0.8', 'w2:tout[1.2,1.5]0.8']);
    expect(show(tail!)).toEqual(['w3:le[1.6,1.8]0.8', 'w4:monde[2,2.5]0.4']);
    expect(textOf(turnsOf(doc).get(1)).toString()).toBe('le monde');
  });

  it('a caret inside a word splits it: both parts keep its times, the second gets a new wid', () => {
    const doc = open();
    value(splitTurnAt(doc, 't1', 'bonjour to'.length, 'n1', undefined, ids()));
    const [head, tail] = valid(doc).text;
    expect(show(head!)).toEqual(['w1:bonjour[0.5,1]0.8', 'w2:to[1.2,1.5]1']);
    expect(show(tail!)).toEqual(['new1:ut[1.2,1.5]1', 'w3:le[1.6,1.8]0.8', 'w4:monde[2,2.5]0.4']);
    expect([head!.etime, tail!.stime]).toEqual([1.5, 1.2]);
  });

  it('settles both parts: words the projection invented get fresh wids', () => {
    const doc = open();
    value(setTurnText(doc, 't1', 'bonjour à tout le monde ici'));
    value(splitTurnAt(doc, 't1', 'bonjour à tout'.length, 'n1', undefined, ids()));
    const [head, tail] = valid(doc).text;
    expect(head!.words.map((x) => x.wid)).toEqual(['w1', 'new1', 'w2']);
    expect(tail!.words.map((x) => x.wid)).toEqual(['w3', 'w4', 'new2']);
    expect(baselineOf(turnsOf(doc).get(0))).toEqual(head!.words);
  });

  it('with no word after the caret, inserts an empty turn after, at the turn’s end', () => {
    const doc = open();
    expect(value(splitTurnAt(doc, 't1', 'bonjour tout le monde'.length, 'n1'))).toEqual({ headId: 't1', tailId: 'n1' });
    const text = valid(doc).text;
    expect(text[0]!.segment).toBe('bonjour tout le monde');
    expect(text[1]).toEqual({ turn_id: 'n1', speaker_id: 'spk1', language: 'fr', segment: '', stime: 4, etime: 4, words: [] });
  });

  it('with no word before the caret, inserts an empty turn before, at the turn’s start', () => {
    const doc = open();
    expect(value(splitTurnAt(doc, 't2', 0, 'n1'))).toEqual({ headId: 'n1', tailId: 't2' });
    const text = valid(doc).text;
    expect(text.map((t) => t.turn_id)).toEqual(['t1', 'n1', 't2', 't3']);
    expect(text[1]).toMatchObject({ segment: '', stime: 4, etime: 4, speaker_id: 'spk2' });
  });

  it('an empty turn after a turn overlapping the next one starts no later than the next', () => {
    const doc = createTranscriptDoc({
      version: 1,
      speakers: [{ speaker_id: 's', speaker_name: 'S' }],
      text: [turn('a', 's', 0, 5, [w('x', 'un', 0, 1)]), turn('b', 's', 3, 6, [w('y', 'deux', 3, 4)])],
    });
    value(splitTurnAt(doc, 'a', 2, 'n'));
    expect(valid(doc).text[1]).toMatchObject({ turn_id: 'n', stime: 3, etime: 3 });
  });

  it('never splits inside a surrogate pair', () => {
    const doc = open();
    const text = 'salut\u202f! ça va 😀';
    value(splitTurnAt(doc, 't2', text.length - 1, 'n1', undefined, ids()));
    expect(
      valid(doc)
        .text.slice(1, 3)
        .map((t) => t.segment),
    ).toEqual(['salut\u202f! ça va', '😀']);
  });

  it('refuses an offset out of the text, an unknown turn and a taken id', () => {
    const doc = open();
    expect(refused(doc, () => splitTurnAt(doc, 't1', 99, 'n1')).code).toBe('index_out_of_range');
    expect(refused(doc, () => splitTurnAt(doc, 't1', 1.5, 'n1')).code).toBe('index_out_of_range');
    expect(refused(doc, () => splitTurnAt(doc, 'nope', 0, 'n1')).code).toBe('not_found');
    expect(refused(doc, () => splitTurnAt(doc, 't1', 3, 't2')).code).toBe('duplicate_id');
  });
});

describe('mergeTurn', () => {
  it('joins a turn with the next: first id, speaker and start, the later end, words of both', () => {
    const doc = open();
    expect(value(mergeTurn(doc, 't1', 'next'))).toEqual({ turnId: 't1' });
    const text = valid(doc).text;
    expect(text.map((t) => t.turn_id)).toEqual(['t1', 't3']);
    expect(text[0]).toMatchObject({ speaker_id: 'spk1', stime: 0, etime: 8, segment: 'bonjour tout le monde salut\u202f! ça va 😀' });
    expect(text[0]!.words.map((x) => x.wid)).toEqual(['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7', 'w8']);
    expect(textOf(turnsOf(doc).get(0)).toString()).toBe(text[0]!.segment);
  });

  it('joins a turn with the previous one, which keeps its id', () => {
    const doc = open();
    expect(value(mergeTurn(doc, 't3', 'previous', undefined, ids()))).toEqual({ turnId: 't2' });
    expect(valid(doc).text.map((t) => [t.turn_id, t.segment])).toEqual([
      ['t1', 'bonjour tout le monde'],
      ['t2', 'salut\u202f! ça va 😀 très bien merci'],
    ]);
  });

  it('settles edited text first: the merged turn keeps what the projection showed', () => {
    const doc = open();
    value(setTurnText(doc, 't2', 'salut\u202f! ça va bien 😀'));
    const before = turnOf(doc, 't2').words;
    value(mergeTurn(doc, 't1', 'next', undefined, ids()));
    const merged = valid(doc).text[0]!;
    expect(merged.words.slice(4)).toEqual(before.map((x) => (x.wid.includes('~') ? { ...x, wid: 'new1' } : x)));
  });

  it(`is refused when the merged turn would exceed ${TURN_SIZE} characters`, () => {
    const doc = open();
    value(setTurnText(doc, 't1', 'x'.repeat(1990)));
    const error = refused(doc, () => mergeTurn(doc, 't1', 'next'));
    expect(error).toEqual({ code: 'turn_too_long', message: `The merged turn would have 2006 characters, more than ${TURN_SIZE}`, length: 2006, max: TURN_SIZE });
  });

  it('is refused without a turn on that side, or for an unknown turn', () => {
    const doc = open();
    expect(refused(doc, () => mergeTurn(doc, 't3', 'next')).code).toBe('index_out_of_range');
    expect(refused(doc, () => mergeTurn(doc, 't1', 'previous')).code).toBe('index_out_of_range');
    expect(refused(doc, () => mergeTurn(doc, 'nope', 'next')).code).toBe('not_found');
  });
});

describe('insertTurnAfter and deleteTurn', () => {
  it('a new turn spans the gap between its neighbours and its words are spread in it', () => {
    const doc = createTranscriptDoc({
      version: 1,
      speakers: [{ speaker_id: 's', speaker_name: 'S' }],
      text: [turn('a', 's', 0, 2, [w('x', 'un', 0, 1)]), turn('b', 's', 4, 6, [w('y', 'deux', 4, 5)])],
    });
    expect(value(insertTurnAfter(doc, 'a', { turn_id: 'n', speaker_id: 's', segment: 'trois quatre' }, undefined, ids()))).toEqual({ turnId: 'n' });
    const inserted = valid(doc).text[1]!;
    expect(inserted).toMatchObject({ turn_id: 'n', stime: 2, etime: 4, segment: 'trois quatre' });
    expect(show(inserted)).toEqual(['new1:trois[2,3]1', 'new2:quatre[3,4]1']);
  });

  it('first (null) starts at 0; last is an instant at the previous end', () => {
    const doc = open();
    value(insertTurnAfter(doc, null, { turn_id: 'first', speaker_id: 'spk2', segment: '' }));
    value(insertTurnAfter(doc, 't3', { turn_id: 'last', speaker_id: 'spk2', segment: 'fin' }, undefined, ids()));
    const text = valid(doc).text;
    expect(text[0]).toMatchObject({ turn_id: 'first', stime: 0, etime: 0, words: [] });
    expect(text[4]).toMatchObject({ turn_id: 'last', stime: 12, etime: 12, segment: 'fin' });
  });

  it('refuses an unknown place or speaker, a taken id, a text too long', () => {
    const doc = open();
    const ok = { turn_id: 'n', speaker_id: 'spk1', segment: 'x' };
    expect(refused(doc, () => insertTurnAfter(doc, 'nope', ok)).code).toBe('not_found');
    expect(refused(doc, () => insertTurnAfter(doc, 't1', { ...ok, speaker_id: 'ghost' })).code).toBe('not_found');
    expect(refused(doc, () => insertTurnAfter(doc, 't1', { ...ok, turn_id: 't2' })).code).toBe('duplicate_id');
    expect(refused(doc, () => insertTurnAfter(doc, 't1', { ...ok, segment: 'y'.repeat(TURN_SIZE + 1) })).code).toBe('turn_too_long');
  });

  it('deletes a turn; a speaker with no turn left disappears from the transcript', () => {
    const doc = open();
    value(deleteTurn(doc, 't2'));
    const after = valid(doc);
    expect(after.text.map((t) => t.turn_id)).toEqual(['t1', 't3']);
    expect(after.speakers).toEqual([{ speaker_id: 'spk1', speaker_name: 'Alice' }]);
    expect(refused(doc, () => deleteTurn(doc, 't2')).code).toBe('not_found');
  });
});

describe('speakers', () => {
  it('a turn changes speaker only to a known one', () => {
    const doc = open();
    value(setTurnSpeaker(doc, 't1', 'spk2'));
    expect(valid(doc).speakers).toEqual([
      { speaker_id: 'spk2', speaker_name: 'Bob' },
      { speaker_id: 'spk1', speaker_name: 'Alice' },
    ]);
    expect(refused(doc, () => setTurnSpeaker(doc, 't1', 'ghost')).code).toBe('not_found');
  });

  it('renaming changes the name everywhere', () => {
    const doc = open();
    value(renameSpeaker(doc, 'spk1', 'Alicia'));
    expect(valid(doc).speakers[0]).toEqual({ speaker_id: 'spk1', speaker_name: 'Alicia' });
    expect(refused(doc, () => renameSpeaker(doc, 'ghost', 'X')).code).toBe('not_found');
  });

  it('an added speaker appears once a turn uses it', () => {
    const doc = open();
    const { speakerId } = value(addSpeaker(doc, 'Carol', () => 'spk3'));
    expect(valid(doc).speakers.map((s) => s.speaker_id)).toEqual(['spk1', 'spk2']);
    value(setTurnSpeaker(doc, 't3', speakerId));
    expect(valid(doc).speakers[2]).toEqual({ speaker_id: 'spk3', speaker_name: 'Carol' });
    expect(refused(doc, () => addSpeaker(doc, 'Again', () => 'spk3')).code).toBe('duplicate_id');
  });

  it('merging moves every turn of one speaker to the other, which is all that is left', () => {
    const doc = open();
    value(mergeSpeakers(doc, 'spk1', 'spk2'));
    const after = valid(doc);
    expect(after.text.map((t) => t.speaker_id)).toEqual(['spk2', 'spk2', 'spk2']);
    expect(after.speakers).toEqual([{ speaker_id: 'spk2', speaker_name: 'Bob' }]);
    expect([...speakersOf(doc).keys()]).toEqual(['spk2']);
    expect(refused(doc, () => mergeSpeakers(doc, 'spk1', 'spk2')).code).toBe('not_found');
  });
});

describe('settleTurn', () => {
  it('writes the projection as the baseline with fresh wids, changing nothing the projection shows', () => {
    const doc = open();
    value(setTurnText(doc, 't1', 'bonjour  à tout le monde ', undefined, { pasted: [[9, 10]] }));
    const before = turnOf(doc, 't1');
    settleTurn(doc, 't1', ids());
    const after = valid(doc).text[0]!;
    expect(after).toEqual({ ...before, words: before.words.map((x) => (x.wid === 't1~1' ? { ...x, wid: 'new1' } : x)) });
    expect(baselineOf(turnsOf(doc).get(0))).toEqual(after.words);
    // The text is left as typed, and the pasted mark no longer applies.
    expect(textOf(turnsOf(doc).get(0)).toString()).toBe('bonjour  à tout le monde ');
    expect(readTurn(turnsOf(doc).get(0))).toEqual(after);
  });
});
