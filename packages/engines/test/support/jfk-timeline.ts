/**
 * What is said when in jfk-en.wav, for fakes of engines that decode windows of it: a window of its
 * samples is located in the recording (exactly: the samples are the file's) and the words said
 * inside it are what a decoder would hear. A word cut by the window's end comes out garbled, as a
 * real decoder's guess would.
 */
import type { StreamWord } from '../../src/asr/streaming.ts';
import { jfkSamples } from './streaming-contract.ts';

const RATE = 16_000;

/** When each word of jfk-en.wav is said (seconds). */
export const JFK_TIMELINE: ReadonlyArray<readonly [string, number, number]> = [
  ['And', 0.32, 0.5],
  ['so', 0.5, 0.8],
  ['my', 0.8, 1.1],
  ['fellow', 1.1, 1.5],
  ['Americans,', 1.5, 2.2],
  ['ask', 3.3, 3.8],
  ['not', 3.9, 4.4],
  ['what', 5.4, 5.6],
  ['your', 5.6, 5.9],
  ['country', 5.9, 6.4],
  ['can', 6.4, 6.7],
  ['do', 6.7, 6.9],
  ['for', 6.9, 7.1],
  ['you,', 7.1, 7.7],
  ['ask', 8.1, 8.5],
  ['what', 8.5, 8.8],
  ['you', 8.8, 9.1],
  ['can', 9.2, 9.35],
  ['do', 9.35, 9.6],
  ['for', 9.6, 9.75],
  ['your', 9.75, 9.95],
  ['country.', 9.95, 10.4],
];

let jfk: Int16Array | undefined;

/** Where `window` starts in jfk-en.wav (seconds); throws when it is not a piece of it. */
export function locateInJfk(window: Int16Array): number {
  if (!jfk) {
    const pcm = jfkSamples();
    jfk = new Int16Array(pcm.length / 2);
    for (let i = 0; i < jfk.length; i++) jfk[i] = pcm.readInt16LE(2 * i);
  }
  const probe = Math.min(64, window.length);
  outer: for (let at = 0; at + probe <= jfk.length; at++) {
    for (let k = 0; k < probe; k++) if (jfk[at + k] !== window[k]) continue outer;
    return at / RATE;
  }
  throw new Error('the audio is not a piece of jfk-en.wav');
}

/** The words said in `window` (a piece of jfk-en.wav), times in seconds from its start. */
export function wordsHeard(window: Int16Array): StreamWord[] {
  const from = locateInJfk(window);
  const to = from + window.length / RATE;
  const words: StreamWord[] = [];
  for (const [word, start, end] of JFK_TIMELINE) {
    if (start < from - 0.05 || start >= to) continue;
    const heard = end <= to + 0.05 ? word : word.slice(0, 2);
    words.push({ word: heard, start: Math.max(0, start - from), end: Math.min(end, to) - from, confidence: 1 });
  }
  return words;
}
