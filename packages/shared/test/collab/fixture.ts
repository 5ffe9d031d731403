/** Transcripts for the collaborative document tests: a small realistic one and a three-hour one. */
import type { Transcript, Turn, Word } from '../../src/index.ts';

export const w = (wid: string, word: string, stime: number, etime: number, confidence = 0.8): Word => ({ wid, word, stime, etime, confidence });

export function turn(turn_id: string, speaker_id: string, stime: number, etime: number, words: Word[], extra: Partial<Turn> = {}): Turn {
  return { turn_id, speaker_id, segment: words.map((x) => x.word).join(' '), stime, etime, words, ...extra };
}

/** Two speakers, three turns, French punctuation with a no-break space, an emoji, a language. */
export function smallTranscript(): Transcript {
  return {
    version: 1,
    speakers: [
      { speaker_id: 'spk1', speaker_name: 'Alice' },
      { speaker_id: 'spk2', speaker_name: 'Bob' },
    ],
    text: [
      turn('t1', 'spk1', 0, 4, [w('w1', 'bonjour', 0.5, 1), w('w2', 'tout', 1.2, 1.5), w('w3', 'le', 1.6, 1.8), w('w4', 'monde', 2, 2.5, 0.4)], { language: 'fr' }),
      turn('t2', 'spk2', 4, 8, [w('w5', 'salut\u202f!', 4.2, 4.8), w('w6', 'ça', 5, 5.3), w('w7', 'va', 5.4, 5.9, 0.3), w('w8', '😀', 6, 6.2)]),
      turn('t3', 'spk1', 8, 12, [w('w9', 'très', 8.1, 8.5), w('w10', 'bien', 8.6, 9), w('w11', 'merci', 9.2, 9.9)]),
    ],
  };
}

const VOCABULARY = ['le', 'chat', 'mange', 'une', 'souris', 'et', 'puis', 'il', 'dort', 'sous', 'la', 'table', 'bonjour', 'été', 'ça', 'va', 'très', 'bien', 'merci', 'alors'];

/** A synthetic three-hour transcript: `turns` turns of `wordsPerTurn` words, four speakers. */
export function longTranscript(turns = 2000, wordsPerTurn = 15): Transcript {
  const text: Turn[] = [];
  const turnSeconds = (3 * 3600) / turns;
  for (let t = 0; t < turns; t += 1) {
    const stime = Math.round(t * turnSeconds * 1000) / 1000;
    const step = turnSeconds / wordsPerTurn;
    const words: Word[] = [];
    for (let k = 0; k < wordsPerTurn; k += 1) {
      const s = Math.round((t * turnSeconds + k * step) * 1000) / 1000;
      const e = Math.round((t * turnSeconds + (k + 0.8) * step) * 1000) / 1000;
      words.push(w(`w${t}-${k}`, VOCABULARY[(t * 7 + k * 3) % VOCABULARY.length]!, s, e, ((t + k) % 10) / 10));
    }
    text.push(turn(`t${t}`, `spk${t % 4}`, stime, Math.round((t + 1) * turnSeconds * 1000) / 1000, words));
  }
  return { version: 1, speakers: [0, 1, 2, 3].map((i) => ({ speaker_id: `spk${i}`, speaker_name: `Speaker ${i}` })), text };
}

/** Deterministic ids: new1, new2, … */
export function ids(prefix = 'new'): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}

/** wid:word[stime,etime]confidence, compact and exact. */
export const show = (turn: Turn): string[] => turn.words.map((x) => `${x.wid}:${x.word}[${x.stime},${x.etime}]${x.confidence}`);

/** A transcript without what documents do not keep (raw_segment) and with only the speakers turns use, in order of use. */
export function asProjected(transcript: Transcript): Transcript {
  const names = new Map(transcript.speakers.map((s) => [s.speaker_id, s.speaker_name]));
  const seen: string[] = [];
  for (const t of transcript.text) if (!seen.includes(t.speaker_id)) seen.push(t.speaker_id);
  return {
    version: 1,
    speakers: seen.map((id) => ({ speaker_id: id, speaker_name: names.get(id) ?? id })),
    text: transcript.text.map(({ raw_segment: _raw, ...rest }) => rest),
  };
}

/** mulberry32: a small seeded generator, so a failing random sequence can be replayed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
