/** Several editors on one document: concurrent edits converge to a valid transcript; undo is per origin. */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addSpeaker,
  applyTranscript,
  createTranscriptDoc,
  deleteTurn,
  documentProblems,
  insertTurnAfter,
  mergeSpeakers,
  mergeTurn,
  projectionOf,
  readTranscript,
  renameSpeaker,
  replaceInDocument,
  setTurnSpeaker,
  setTurnText,
  settleTurn,
  speakersOf,
  splitTurnAt,
  textOf,
  turnsOf,
} from '../../src/collab/index.ts';
import { ids, longTranscript, seeded, smallTranscript } from './fixture.ts';

const clone = (doc: Y.Doc) => {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
};
const textAt = (doc: Y.Doc, id: string) => readTranscript(doc).text.find((t) => t.turn_id === id)?.segment;

/**
 * Runs two editors' changes from the same state, then delivers each one's update to the other and,
 * on two more copies, in both orders: every copy must end the same and valid.
 */
function concurrently(doc: Y.Doc, left: (doc: Y.Doc) => void, right: (doc: Y.Doc) => void): Y.Doc {
  const a = clone(doc);
  const b = clone(doc);
  const base = Y.encodeStateVector(doc);
  left(a);
  right(b);
  const fromA = Y.encodeStateAsUpdate(a, base);
  const fromB = Y.encodeStateAsUpdate(b, base);
  const abFirst = clone(doc);
  Y.applyUpdate(abFirst, fromA);
  Y.applyUpdate(abFirst, fromB);
  const baFirst = clone(doc);
  Y.applyUpdate(baFirst, fromB);
  Y.applyUpdate(baFirst, fromA);
  Y.applyUpdate(a, fromB);
  Y.applyUpdate(b, fromA);
  const expected = readTranscript(a);
  for (const copy of [b, abFirst, baFirst]) expect(readTranscript(copy)).toEqual(expected);
  for (const copy of [a, b, abFirst, baFirst]) expect(documentProblems(copy)).toEqual([]);
  return a;
}

describe('concurrent editing', () => {
  it('two people typing in two turns both keep their changes', () => {
    const doc = concurrently(
      createTranscriptDoc(smallTranscript()),
      (a) => setTurnText(a, 't1', 'bonjour à tout le monde'),
      (b) => setTurnText(b, 't2', 'salut\u202f! ça va bien 😀'),
    );
    expect([textAt(doc, 't1'), textAt(doc, 't2')]).toEqual(['bonjour à tout le monde', 'salut\u202f! ça va bien 😀']);
  });

  it('two people typing in one turn merge character by character, and every copy times the words alike', () => {
    const doc = concurrently(
      createTranscriptDoc(smallTranscript()),
      (a) => setTurnText(a, 't1', 'Bonjour tout le monde'),
      (b) => setTurnText(b, 't1', 'bonjour tout le monde entier', undefined, { pasted: [[21, 28]] }),
    );
    expect(textAt(doc, 't1')).toBe('Bonjour tout le monde entier');
  });

  it('a split and a merge merge with typing; what is typed after a split point stays in the head, not lost', () => {
    const doc = concurrently(
      createTranscriptDoc(smallTranscript()),
      (a) => {
        splitTurnAt(a, 't1', 8, 'n1', 'a', ids('a'));
        mergeTurn(a, 't2', 'next', 'a', ids('b'));
      },
      (b) => setTurnText(b, 't1', 'bonjour tout le monde !'),
    );
    expect(readTranscript(doc).text.map((t) => t.segment)).toEqual(['bonjour !', 'tout le monde', 'salut\u202f! ça va 😀 très bien merci']);
  });

  it('typing in the head of a turn while another person splits it is kept', () => {
    const doc = concurrently(
      createTranscriptDoc(smallTranscript()),
      (a) => splitTurnAt(a, 't1', 13, 'n1', 'a', ids('a')),
      (b) => setTurnText(b, 't1', 'Bonjour tout le monde'),
    );
    expect(
      readTranscript(doc)
        .text.slice(0, 2)
        .map((t) => t.segment),
    ).toEqual(['Bonjour tout', 'le monde']);
  });

  it('random concurrent typing on a long document always converges to a valid transcript', { timeout: 60_000 }, () => {
    const rng = seeded(42);
    let doc = createTranscriptDoc(longTranscript(40, 6));
    for (let round = 0; round < 30; round += 1) {
      const edits = (copy: Y.Doc) => {
        for (let k = 0; k < 3; k += 1) randomTextEdit(copy, rng);
      };
      doc = concurrently(doc, edits, edits);
    }
  });
});

describe('undo', () => {
  const scope = (doc: Y.Doc) => new Y.UndoManager([turnsOf(doc), speakersOf(doc)], { trackedOrigins: new Set(['me']), captureTimeout: 0 });

  it('undoes only the changes of its own origin, never another person’s', () => {
    const doc = createTranscriptDoc(smallTranscript());
    const undo = scope(doc);
    const remote = clone(doc);
    setTurnText(doc, 't1', 'bonjour à tout le monde', 'me');
    setTurnText(remote, 't2', 'salut\u202f! ça va bien 😀');
    setTurnText(remote, 't1', 'bonjour tout le monde !');
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(doc)), 'remote');
    renameSpeaker(doc, 'spk1', 'Alicia', 'someone-else');
    undo.undo();
    expect(textAt(doc, 't1')).toBe('bonjour tout le monde !');
    expect(textAt(doc, 't2')).toBe('salut\u202f! ça va bien 😀');
    expect(readTranscript(doc).speakers[0]!.speaker_name).toBe('Alicia');
    expect(documentProblems(doc)).toEqual([]);
  });

  it('undo and redo of a split, a merge and a speaker change restore the transcript exactly', () => {
    const doc = createTranscriptDoc(smallTranscript());
    const undo = scope(doc);
    const states = [readTranscript(doc)];
    splitTurnAt(doc, 't1', 10, 'n1', 'me', ids());
    states.push(readTranscript(doc));
    mergeTurn(doc, 't2', 'next', 'me', ids('m'));
    states.push(readTranscript(doc));
    setTurnSpeaker(doc, 't2', 'spk1', 'me');
    states.push(readTranscript(doc));
    for (let i = states.length - 2; i >= 0; i -= 1) {
      undo.undo();
      expect(readTranscript(doc)).toEqual(states[i]);
      expect(documentProblems(doc)).toEqual([]);
    }
    for (let i = 1; i < states.length; i += 1) {
      undo.redo();
      expect(readTranscript(doc)).toEqual(states[i]);
    }
  });
});

/** A random edit of a random turn's text: typing inside a word, a new word, a deletion, a paste. */
function randomTextEdit(doc: Y.Doc, rng: () => number): void {
  const turns = turnsOf(doc);
  if (turns.length === 0) return;
  const map = turns.get(Math.floor(rng() * turns.length));
  const chars = [...textOf(map).toString()];
  const at = Math.floor(rng() * (chars.length + 1));
  const pieces = ['x', 'é', ' ', ' mot ', '😀', '.', '\u00a0!', 'Ça'];
  const piece = pieces[Math.floor(rng() * pieces.length)]!;
  const kind = rng();
  let next: string[];
  const pasted: Array<[number, number]> = [];
  if (kind < 0.5) next = [...chars.slice(0, at), ...piece, ...chars.slice(at)];
  else if (kind < 0.8) next = [...chars.slice(0, at), ...chars.slice(at + 1 + Math.floor(rng() * 6))];
  else {
    next = [...chars.slice(0, at), ...' collé ', ...chars.slice(at + 2)];
    const start = chars.slice(0, at).join('').length;
    pasted.push([start, start + ' collé '.length]);
  }
  const result = setTurnText(doc, map.get('id') as string, next.join(''), undefined, { pasted });
  expect(result.ok || result.error.code === 'turn_too_long').toBe(true);
}

describe('random sequences of every operation', () => {
  it('keep the document valid, refusals change nothing, and the incremental projection matches a fresh read', { timeout: 60_000 }, () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const rng = seeded(seed);
      const doc = createTranscriptDoc(longTranscript(12, 5));
      const newId = ids(`s${seed}-`);
      const pickTurn = () =>
        turnsOf(doc).length > 0
          ? (turnsOf(doc)
              .get(Math.floor(rng() * turnsOf(doc).length))
              .get('id') as string)
          : 'none';
      const pickSpeaker = () => {
        const keys = [...speakersOf(doc).keys()];
        return keys[Math.floor(rng() * keys.length)] ?? 'none';
      };
      for (let step = 0; step < 150; step += 1) {
        const before = Y.encodeStateVector(doc).join();
        const kind = Math.floor(rng() * 12);
        let result: { ok: boolean } = { ok: true };
        const id = pickTurn();
        if (kind <= 3) randomTextEdit(doc, rng);
        else if (kind === 4) {
          const length =
            turnsOf(doc).length > 0
              ? textOf(
                  turnsOf(doc)
                    .toArray()
                    .find((map) => map.get('id') === id)!,
                ).length
              : 0;
          result = splitTurnAt(doc, id, Math.floor(rng() * (length + 2)), newId(), 'me', newId);
        } else if (kind === 5) result = mergeTurn(doc, id, rng() < 0.5 ? 'next' : 'previous', 'me', newId);
        else if (kind === 6) result = insertTurnAfter(doc, rng() < 0.2 ? null : id, { turn_id: newId(), speaker_id: pickSpeaker(), segment: 'un nouveau tour' }, 'me', newId);
        else if (kind === 7 && turnsOf(doc).length > 3) result = deleteTurn(doc, id);
        else if (kind === 8) result = setTurnSpeaker(doc, id, pickSpeaker());
        else if (kind === 9) result = rng() < 0.5 ? addSpeaker(doc, 'Nouveau', newId) : mergeSpeakers(doc, pickSpeaker(), pickSpeaker());
        else if (kind === 10) settleTurn(doc, id, newId);
        else if (kind === 11) replaceInDocument(doc, 'le', 'LE', { wholeWord: rng() < 0.5, matchCase: rng() < 0.5 });
        if (!result.ok) expect(Y.encodeStateVector(doc).join()).toBe(before);
        expect(documentProblems(doc)).toEqual([]);
        expect(projectionOf(doc).transcript()).toEqual(readTranscript(doc));
      }
      // Writing back what one reads changes nothing.
      let updates = 0;
      doc.on('update', () => (updates += 1));
      const all = [...speakersOf(doc).entries()].map(([speaker_id, speaker_name]) => ({ speaker_id, speaker_name }));
      applyTranscript(doc, { ...readTranscript(doc), speakers: all });
      expect(updates).toBe(0);
    }
  });
});
