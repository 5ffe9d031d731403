/** Transcripts for collaboration tests: a small one with accents and two speakers, and a three-hour one. */
import type { Transcript, Turn, Word } from '@palabre/shared';

const word = (wid: string, text: string, stime: number, etime: number, confidence = 0.8): Word => ({ wid, word: text, stime, etime, confidence });

function turn(turn_id: string, speaker_id: string, stime: number, etime: number, words: Word[]): Turn {
  return { turn_id, speaker_id, segment: words.map((w) => w.word).join(' '), stime, etime, words };
}

/** Three turns, two speakers (11 words). */
export function smallTranscript(): Transcript {
  return {
    version: 1,
    speakers: [
      { speaker_id: 'spk1', speaker_name: 'Alice' },
      { speaker_id: 'spk2', speaker_name: 'Bob' },
    ],
    text: [
      turn('t1', 'spk1', 0, 4, [word('w1', 'bonjour', 0.5, 1), word('w2', 'tout', 1.2, 1.5), word('w3', 'le', 1.6, 1.8), word('w4', 'monde', 2, 2.5, 0.4)]),
      turn('t2', 'spk2', 4, 8, [word('w5', 'salut', 4.2, 4.8), word('w6', 'ça', 5, 5.3), word('w7', 'va', 5.4, 5.9, 0.3), word('w8', 'oui', 6, 6.2)]),
      turn('t3', 'spk1', 8, 12, [word('w9', 'très', 8.1, 8.5), word('w10', 'bien', 8.6, 9), word('w11', 'merci', 9.2, 9.9)]),
    ],
  };
}

const VOCABULARY = ['alors', 'nous', 'avons', 'parlé', 'de', 'la', 'récolte', 'et', 'du', 'temps', 'qu’il', 'faisait', 'cet', 'été', 'très', 'chaud'];
const round = (t: number) => Math.round(t * 1000) / 1000;

/** A three-hour interview: `turns` turns of `wordsPerTurn` words over 10,800 s, four speakers. */
export function longTranscript(turns = 2000, wordsPerTurn = 15): Transcript {
  const span = (3 * 3600) / turns;
  const text: Turn[] = [];
  for (let t = 0; t < turns; t += 1) {
    const words = Array.from({ length: wordsPerTurn }, (_, k) => {
      const start = t * span + (k * span) / wordsPerTurn;
      return word(`w${t}.${k}`, VOCABULARY[(t * 5 + k) % VOCABULARY.length]!, round(start), round(start + (0.8 * span) / wordsPerTurn), ((t + k) % 10) / 10);
    });
    text.push(turn(`t${t}`, `spk${t % 4}`, round(t * span), round((t + 1) * span), words));
  }
  return { version: 1, speakers: [0, 1, 2, 3].map((i) => ({ speaker_id: `spk${i}`, speaker_name: `Speaker ${i + 1}` })), text };
}
