/** documentProblems: what the server refuses after applying a client's update, and its incremental projection. */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { checkTranscript, TURN_SIZE } from '../../src/index.ts';
import {
  TranscriptProjection,
  createTranscriptDoc,
  documentProblems,
  metaOf,
  readTranscript,
  setTurnText,
  speakersOf,
  textOf,
  turnsOf,
  type TurnMap,
} from '../../src/collab/index.ts';
import { longTranscript, smallTranscript } from './fixture.ts';

const open = () => createTranscriptDoc(smallTranscript());
/** A change made by a client that writes into the shared types directly, as a hostile one could. */
const raw = (doc: Y.Doc, change: (turns: Y.Array<TurnMap>) => void) => doc.transact(() => change(turnsOf(doc)));

describe('documentProblems', () => {
  it('is empty for a valid document, including a three-hour one', () => {
    expect(documentProblems(open())).toEqual([]);
    expect(documentProblems(createTranscriptDoc(longTranscript()), { duration: 3 * 3600 })).toEqual([]);
  });

  it('names malformed turn maps by their place in the document', () => {
    const doc = open();
    raw(doc, (turns) => {
      turns.get(0).set('stime', 'soon');
      turns.get(0).set('extra', 1);
      turns.get(1).delete('text');
      turns.get(2).set('words', JSON.stringify([null]));
      turns.push([new Y.Map()]);
    });
    expect(documentProblems(doc)).toEqual([
      'turns[0]: unknown field "extra"',
      'turns[0].stime: must be a finite number',
      'turns[1].text: must be a Y.Text',
      'turns[2].words: every word must be an object with a string wid and word',
      'turns[3].id: must be a non-empty string',
      'turns[3].speaker: must be a non-empty string',
      'turns[3].stime: must be a finite number',
      'turns[3].etime: must be a finite number',
      'turns[3].text: must be a Y.Text',
      'turns[3].words: must be the JSON of an array of words',
    ]);
  });

  it('refuses a speaker missing from the speakers map, and a foreign document version', () => {
    const doc = open();
    speakersOf(doc).delete('spk2');
    metaOf(doc).set('version', 99);
    expect(documentProblems(doc)).toEqual(['meta.version: must be 1', 'turns[1].speaker: "spk2" is not in the speakers map']);
  });

  it('reports the format’s problems as checkTranscript names them', () => {
    const doc = open();
    raw(doc, (turns) => {
      turns.get(2).set('stime', 1);
      turns.get(1).set('words', JSON.stringify([{ wid: 'w1', word: 'salut', stime: 4.2, etime: 4.8, confidence: 0.5 }]));
      turns.get(1).set('etime', 4.0005);
    });
    const problems = documentProblems(doc, { duration: 10 });
    const check = checkTranscript(readTranscript(doc), { duration: 10 });
    expect(check.ok).toBe(false);
    expect(problems).toEqual((check as { problems: string[] }).problems);
    expect(problems).toContain("text[2].stime: 1 is before the previous turn's stime 4 (turns must be ordered by stime)");
    expect(problems).toContain('text[1].words[0].wid: duplicate wid "w1" (also text[0].words[0])');
  });

  it('finds a duplicate wid made by a change to one turn of a long, already checked document', () => {
    const doc = createTranscriptDoc(longTranscript());
    expect(documentProblems(doc)).toEqual([]);
    raw(doc, (turns) =>
      turns
        .get(1500)
        .set(
          'words',
          JSON.stringify([...(JSON.parse(turns.get(1500).get('words') as string) as object[]), { wid: 'w3-1', word: 'x', stime: 8105.33, etime: 8105.4, confidence: 1 }]),
        ),
    );
    setTurnText(doc, 't1500', `${textOf(turnsOf(doc).get(1500)).toString()} x`);
    expect(documentProblems(doc)).toEqual(['text[1500].words[15].wid: duplicate wid "w3-1" (also text[3].words[1])']);
    raw(doc, (turns) => turns.delete(3, 1));
    expect(documentProblems(doc)).toEqual([]);
  });

  it('checks times against the media duration, whatever duration was asked before', () => {
    const doc = open();
    expect(documentProblems(doc, { duration: 12 })).toEqual([]);
    expect(documentProblems(doc, { duration: 11 })).toEqual(['text[2].etime: 12 is after the end of the media (11 s)']);
    expect(documentProblems(doc)).toEqual([]);
  });

  it(`refuses a text past ${TURN_SIZE} characters however it got there`, () => {
    const doc = open();
    raw(doc, (turns) => textOf(turns.get(0)).insert(0, 'y'.repeat(TURN_SIZE)));
    expect(documentProblems(doc)).toEqual([`text[0].segment: ${TURN_SIZE + 21} characters, more than the turn size ${TURN_SIZE}`]);
  });

  it('inside a transaction reads every turn afresh', () => {
    const doc = open();
    documentProblems(doc);
    let inside: string[] = [];
    doc.transact(() => {
      turnsOf(doc).get(0).set('stime', 9);
      inside = documentProblems(doc);
    });
    expect(inside).toEqual([
      'text[0]: stime 9 is after etime 4',
      "text[0].words[0].stime: 0.5 is before the turn's stime 9",
      "text[1].stime: 4 is before the previous turn's stime 9 (turns must be ordered by stime)",
    ]);
  });
});

describe('TranscriptProjection', () => {
  it('follows every change: local, remote, deletions, undo', () => {
    const doc = createTranscriptDoc(longTranscript(30, 4));
    const projection = new TranscriptProjection(doc);
    const undo = new Y.UndoManager(turnsOf(doc), { captureTimeout: 0 });
    const same = () => expect(projection.transcript()).toEqual(readTranscript(doc));
    same();
    setTurnText(doc, 't3', 'un deux trois');
    same();
    const remote = new Y.Doc();
    Y.applyUpdate(remote, Y.encodeStateAsUpdate(doc));
    setTurnText(remote, 't4', 'quatre');
    turnsOf(remote).delete(5, 2);
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(doc)));
    same();
    undo.undo();
    same();
    projection.destroy();
  });
});
