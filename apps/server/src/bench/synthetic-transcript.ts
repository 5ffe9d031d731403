/**
 * A synthetic long transcript (Transcript format v1) for the editor benchmark and for tests that
 * need a realistic large document: by default three hours of a meeting, about 30,000 words in
 * 2,000 turns between 4 to 6 speakers. Words have everyday English lengths (Zipf-weighted
 * vocabulary), sentences start with a capital and end with a full stop or a question mark, some
 * words carry a comma, most confidences are high and a share is low (what the low-confidence marks
 * show), and every time is a whole millisecond within the duration, words and turns in order.
 *
 * Deterministic: the same options give the same transcript (a seeded generator).
 */
import type { Speaker, Transcript, Turn, Word } from '@palabre/shared';
import { generator } from './library-seed.ts';

export interface SyntheticOptions {
  seed?: number;
  /** Seconds the transcript spans (the media's duration). */
  duration?: number;
  turns?: number;
  /** Total words (the turns' sizes are scaled to reach about this many). */
  words?: number;
  /** Share of words with a low confidence (below 0.6). */
  lowConfidenceShare?: number;
  language?: string;
}

export const THREE_HOURS: Required<SyntheticOptions> = {
  seed: 20261123,
  duration: 10_800,
  turns: 2000,
  words: 30_000,
  lowConfidenceShare: 0.08,
  language: 'en',
};

// Everyday meeting speech, most frequent first: short function words dominate, with a long tail of
// longer content words, as in real transcripts (average written word length about 4.5 letters).
const VOCABULARY = `the and to I you of a that it is we so in this for on be have with but not they
what just was are do like know yeah think at can if going all about there one right people get well
would because really or time from more out then our some me okay when now go see need make how work
want team project meeting week data client next here mean good question point also call sure new
report plan part thing issue last first way look back customer product design budget year month
quarter today tomorrow review update release server test feature deadline schedule priority decision
contract sales marketing support training agenda action follow share document presentation numbers
result target growth risk cost invoice supplier partner strategy process quality launch version
network security access account mobile website feedback survey interview hiring office remote travel
conference implementation infrastructure requirements stakeholders measurement responsibility
architecture documentation communication availability performance integration organisation
recommendation transcription collaboration configuration accessibility`
  .split(/\s+/)
  .filter(Boolean);

const NAMES = ['Alice Martin', 'Bruno Lefèvre', 'Chloé Dubois', 'David Okafor', 'Emma Schmidt', 'Farid Benali'];

function zipfDraw(words: readonly string[]): (random: () => number) => string {
  const cumulative: number[] = [];
  let sum = 0;
  for (let i = 0; i < words.length; i++) cumulative.push((sum += 1 / (i + 1) ** 0.9));
  return (random) => {
    const x = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Words of one turn with punctuation: sentences of 4–18 words, commas now and then. */
function turnWords(count: number, random: () => number, draw: (random: () => number) => string): string[] {
  const words: string[] = [];
  let sentenceLeft = 0;
  for (let i = 0; i < count; i++) {
    let word = draw(random);
    if (sentenceLeft === 0) {
      word = capitalize(word);
      sentenceLeft = 4 + Math.floor(random() * 15);
    }
    sentenceLeft -= 1;
    const last = i === count - 1;
    if (sentenceLeft === 0 || last) word += random() < 0.15 ? '?' : '.';
    else if (random() < 0.07) word += ',';
    words.push(word);
  }
  return words;
}

/** Standard normal deviate (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The transcript, with its word count and the duration it was built for. */
export function syntheticTranscript(options: SyntheticOptions = {}): { transcript: Transcript; words: number; duration: number } {
  const o = { ...THREE_HOURS, ...options };
  const random = generator(o.seed);
  const draw = zipfDraw(VOCABULARY);

  // Turn sizes: log-normal (many short replies, some long explanations), scaled to the word total.
  const raw = Array.from({ length: o.turns }, () => Math.exp(0.8 * normal(random)));
  const scale = o.words / raw.reduce((a, b) => a + b, 0);
  const sizes = raw.map((r) => Math.max(1, Math.min(300, Math.round(r * scale))));

  const speakerCount = 4 + Math.floor(random() * 3);
  const speakers: Speaker[] = NAMES.slice(0, speakerCount).map((name, i) => ({ speaker_id: `spk${i}`, speaker_name: name }));

  // Relative durations: each word lasts with its length, short pauses between words, longer ones
  // between turns; then everything is scaled to fill the duration (half a second of margin each end).
  const texts = sizes.map((size) => turnWords(size, random, draw));
  const wordSpans: number[][] = texts.map((words) => words.map((w) => 0.12 + 0.055 * w.length * (0.8 + 0.4 * random())));
  const wordGaps: number[][] = texts.map((words) => words.map(() => (random() < 0.1 ? 0.3 + random() * 0.5 : random() * 0.06)));
  const turnGaps = texts.map(() => 0.2 + random() * 1.5);
  let total = 0;
  for (let t = 0; t < texts.length; t++) {
    total += turnGaps[t]!;
    for (let w = 0; w < texts[t]!.length; w++) total += wordSpans[t]![w]! + (w > 0 ? wordGaps[t]![w]! : 0);
  }
  const stretch = (o.duration - 1) / total;

  const text: Turn[] = [];
  let clock = 0.5;
  let speaker = 0;
  let wid = 0;
  for (let t = 0; t < texts.length; t++) {
    clock += turnGaps[t]! * stretch;
    // Two people lead the conversation; the others speak now and then. Never the same speaker twice in a row.
    const next = random() < 0.7 ? (speaker + 1) % 2 : Math.floor(random() * speakerCount);
    speaker = next === speaker ? (speaker + 1) % speakerCount : next;
    const words: Word[] = texts[t]!.map((word, w) => {
      if (w > 0) clock += wordGaps[t]![w]! * stretch;
      const stime = ms(clock);
      clock += wordSpans[t]![w]! * stretch;
      const low = random() < o.lowConfidenceShare;
      const confidence = Math.round((low ? 0.2 + random() * 0.39 : 0.75 + random() * 0.25) * 100) / 100;
      return { wid: `w${(wid += 1)}`, word, stime, etime: ms(clock), confidence };
    });
    text.push({
      turn_id: `t${t + 1}`,
      speaker_id: speakers[speaker]!.speaker_id,
      segment: words.map((w) => w.word).join(' '),
      language: o.language,
      stime: words[0]!.stime,
      etime: words[words.length - 1]!.etime,
      words,
    });
  }
  return { transcript: { version: 1, speakers, text }, words: wid, duration: o.duration };
}
