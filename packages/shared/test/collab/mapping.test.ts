/** The mapping between a transcript and its collaborative document, both ways. */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { checkTranscript, type Transcript, type Turn, type Word } from '../../src/index.ts';
import { applyTranscript, createTranscriptDoc, documentProblems, readTranscript, setTurnText, speakersOf, splitTurnAt, textOf, turnsOf } from '../../src/collab/index.ts';
import { asProjected, longTranscript, seeded, smallTranscript, turn, w } from './fixture.ts';

const VOCABULARY = ['oui', 'non', 'peut-être', 'été', 'ça', 'va', 'l’été', '«\u00a0bien\u00a0»', '42', '😀', 'Ünïcödé', '.', ','];

/** A random valid transcript whose turn ids come from a small pool, so that it shares turns with others. */
function randomTranscript(rng: () => number, salt: string): Transcript {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)]!;
  const pool = Array.from({ length: 8 }, (_, i) => `t${i}`).sort(() => rng() - 0.5);
  const count = Math.floor(rng() * 7);
  const speakers = ['s0', 's1', 's2'].filter(() => rng() < 0.8);
  if (speakers.length === 0) speakers.push('s0');
  const text: Turn[] = [];
  let clock = 0;
  for (let t = 0; t < count; t += 1) {
    const stime = clock;
    const words: Word[] = [];
    const size = Math.floor(rng() * 5);
    for (let k = 0; k < size; k += 1) {
      const s = clock + Math.round(rng() * 500) / 1000;
      clock = s + Math.round(rng() * 500) / 1000;
      // Word ids collide across transcripts on purpose (same turn, same place), as they do when a turn is edited.
      words.push(w(rng() < 0.7 ? `${pool[t]}-w${k}` : `${salt}-${t}-${k}`, pick(VOCABULARY), s, clock, Math.round(rng() * 100) / 100));
    }
    clock += Math.round(rng() * 1000) / 1000;
    text.push(turn(pool[t]!, pick(speakers), stime, clock, words, rng() < 0.3 ? { language: pick(['fr', 'en-US']) } : {}));
  }
  return { version: 1, speakers: speakers.map((id) => ({ speaker_id: id, speaker_name: rng() < 0.5 ? `Name ${id}` : `Other ${id}` })), text };
}

describe('transcript → document → transcript', () => {
  it('a transcript read back from its document is the same transcript', () => {
    const transcript = smallTranscript();
    expect(readTranscript(createTranscriptDoc(transcript))).toEqual(transcript);
  });

  it('a three-hour transcript survives the document and its encoding', () => {
    const transcript = longTranscript(300);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(createTranscriptDoc(transcript)));
    expect(readTranscript(copy)).toEqual(transcript);
    expect(documentProblems(copy, { duration: 3 * 3600 })).toEqual([]);
  });

  it('what documents do not keep: raw_segment, and speakers no turn uses', () => {
    const transcript = smallTranscript();
    transcript.text[0]!.raw_segment = 'bonjour tout le monde';
    transcript.speakers.push({ speaker_id: 'spk9', speaker_name: 'Nobody' });
    const back = readTranscript(createTranscriptDoc(transcript));
    expect(back).toEqual(asProjected(transcript));
    expect(checkTranscript(back)).toEqual({ ok: true });
  });

  it('the document holds each turn as a map with its text, bounds and baseline words', () => {
    const map = turnsOf(createTranscriptDoc(smallTranscript())).get(0);
    expect(map.toJSON()).toEqual({
      id: 't1',
      speaker: 'spk1',
      language: 'fr',
      stime: 0,
      etime: 4,
      text: 'bonjour tout le monde',
      words: JSON.stringify(smallTranscript().text[0]!.words),
    });
  });
});

describe('applyTranscript', () => {
  it('brings any document to exactly any transcript, with the fewest changes, and only once', () => {
    const rng = seeded(20261123);
    for (let round = 0; round < 300; round += 1) {
      const doc = createTranscriptDoc(randomTranscript(rng, `a${round}`));
      // Edits in flight that the target does not know of.
      const first = turnsOf(doc).length > 0 ? (turnsOf(doc).get(0).get('id') as string) : null;
      if (first && rng() < 0.5) setTurnText(doc, first, `${textOf(turnsOf(doc).get(0)).toString()} ajouté`, 'editor', { pasted: rng() < 0.5 ? [[0, 3]] : [] });
      const target = randomTranscript(rng, `b${round}`);
      applyTranscript(doc, target, 'server');
      expect(readTranscript(doc)).toEqual(asProjected(target));
      expect([...speakersOf(doc).keys()].sort()).toEqual(target.speakers.map((s) => s.speaker_id).sort());
      expect(documentProblems(doc)).toEqual([]);
      let updates = 0;
      doc.on('update', () => (updates += 1));
      applyTranscript(doc, target, 'server');
      expect(updates).toBe(0);
    }
  });

  it('keeps the Y.Map and Y.Text of every turn it keeps, and leaves unchanged ones untouched', () => {
    const doc = createTranscriptDoc(smallTranscript());
    const maps = turnsOf(doc).toArray();
    const texts = maps.map((map) => textOf(map));
    const changed: string[] = [];
    turnsOf(doc).observeDeep((events) => {
      for (const event of events) if (event.target instanceof Y.Text) changed.push(event.target.toString());
    });
    const target = smallTranscript();
    target.text[1] = { ...target.text[1]!, segment: 'salut\u202f! ça va 😀 bien', words: [...target.text[1]!.words, w('w20', 'bien', 6.5, 7)] };
    applyTranscript(doc, target);
    expect(turnsOf(doc).toArray()).toEqual(maps);
    expect(
      turnsOf(doc)
        .toArray()
        .map((map) => textOf(map)),
    ).toEqual(texts);
    expect(changed).toEqual(['salut\u202f! ça va 😀 bien']);
    expect(readTranscript(doc)).toEqual(target);
  });

  it('a changed turn gets a text diff, so a concurrent edit elsewhere in it survives', () => {
    const server = createTranscriptDoc(smallTranscript());
    const client = new Y.Doc();
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    setTurnText(client, 't1', 'bonjour tout le monde entier');
    const target = smallTranscript();
    target.text[0] = {
      ...target.text[0]!,
      segment: 'Bonjour tout le monde',
      words: [{ ...target.text[0]!.words[0]!, word: 'Bonjour', confidence: 1 }, ...target.text[0]!.words.slice(1)],
    };
    applyTranscript(server, target);
    Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
    Y.applyUpdate(server, Y.encodeStateAsUpdate(client));
    expect(readTranscript(server).text[0]!.segment).toBe('Bonjour tout le monde entier');
    expect(readTranscript(client)).toEqual(readTranscript(server));
  });

  it('reorders by moving the fewest turns, and fills an empty document', () => {
    const doc = new Y.Doc();
    const source = smallTranscript();
    applyTranscript(doc, source);
    expect(readTranscript(doc)).toEqual(source);
    const t3 = turnsOf(doc).get(2);
    const reordered: Transcript = { ...source, text: [source.text[1]!, source.text[2]!, { ...source.text[0]!, stime: 12, etime: 12.5, words: [], segment: '' }] };
    applyTranscript(doc, reordered);
    expect(readTranscript(doc).text.map((t) => t.turn_id)).toEqual(['t2', 't3', 't1']);
    expect(turnsOf(doc).get(1)).toBe(t3);
  });

  it('a split turn written back by a script keeps the ids and times the script gave', () => {
    const doc = createTranscriptDoc(smallTranscript());
    splitTurnAt(doc, 't1', 8, 'n1');
    const target = readTranscript(doc);
    target.text[1] = { ...target.text[1]!, speaker_id: 'spk2' };
    applyTranscript(doc, target);
    expect(readTranscript(doc)).toEqual(asProjected(target));
  });
});
