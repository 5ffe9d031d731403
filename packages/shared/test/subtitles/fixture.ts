/** Transcripts with plausible word times for subtitle tests. */
import type { Transcript } from '../../src/transcript/schema.ts';

/**
 * A transcript from (speaker, text) turns: words at `rate` words a second, a 0.4 s pause after a
 * sentence and 0.8 s between turns.
 */
export function timedTranscript(turns: ReadonlyArray<readonly [string, string]>, rate = 2.6, turnGap = 0.8): Transcript {
  let t = 0.5;
  let wid = 0;
  const speakers = [...new Set(turns.map(([speaker]) => speaker))];
  const text = turns.map(([speaker, segment], n) => {
    const words = segment
      .split(/\s+/u)
      .filter(Boolean)
      .map((word) => {
        const start = t;
        const end = t + Math.max(0.12, (0.8 / rate) * Math.min(1.6, Math.max(0.5, word.length / 5)));
        t = end + (/[.!?]$/u.test(word) ? 0.4 : 0.05);
        wid += 1;
        return { wid: `w${wid}`, word, stime: round(start), etime: round(end), confidence: 0.9 };
      });
    const turn = { turn_id: `t${n}`, speaker_id: speaker, segment: words.map((w) => w.word).join(' '), stime: words[0]!.stime, etime: words[words.length - 1]!.etime, words };
    t += turnGap;
    return turn;
  });
  return { version: 1, speakers: speakers.map((id) => ({ speaker_id: id, speaker_name: id.toUpperCase() })), text };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export const NEWS = [
  [
    'a',
    'Good evening and welcome to the programme. Tonight we look at how the city of New York plans to spend 3 000 million dollars on its subway, and what that means for the people who ride it every day.',
  ],
  ['b', 'Thank you. It is a huge sum, but the network is more than a hundred years old, and the stations in Lower Manhattan flood almost every spring.'],
  ['a', 'Really?'],
  ['b', 'Yes.'],
  ['a', 'So where does the money come from, and who decides which lines are repaired first? Many riders say they were never asked.'],
  [
    'b',
    'Most of it comes from the state, some from Washington, and the rest from fares. The authority publishes a plan every five years, and there are public hearings in each borough before it is adopted.',
  ],
] as const;

export const FRENCH = [
  ['a', 'Bonsoir et bienvenue. Ce soir, nous parlons de la réforme des retraites présentée par Élisabeth Borne, qui prévoit de reculer l’âge légal de 62 à 64 ans d’ici 2030.'],
  ['b', 'Merci. C’est une réforme importante, mais elle est contestée par les syndicats, qui appellent à manifester jeudi dans toute la France.'],
] as const;
