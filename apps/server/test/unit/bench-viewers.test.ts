import { describe, expect, it } from 'vitest';
import { distribution, recordFinal, recordPartial, sentAt, viewerFigures, type ViewerLog } from '../../src/bench/viewers-figures.ts';

/** Message i (100 ms of audio) sent at 1000 + 100 × i ms since the epoch. */
const sendTimes = Array.from({ length: 100 }, (_, i) => 1000 + 100 * i);
/** When the server made a final (its `at`). */
const made = (ms: number) => new Date(ms).toISOString();
const words = [
  { word: 'ask', end: 0.25 },
  { word: 'not', end: 0.3 },
  { word: 'what', end: 0.61 },
];

describe('bench viewers: matching captions to the audio sent', () => {
  it('names the message holding the last sample of a stream time', () => {
    expect(sentAt(sendTimes, 0.25, 100)).toBe(1200);
    // Exactly at a message's end: that message, not the next (0.3 is not 0.30000000000000004 here).
    expect(sentAt(sendTimes, 0.3, 100)).toBe(1200);
    expect(sentAt(sendTimes, 0.301, 100)).toBe(1300);
    expect(sentAt(sendTimes, 0, 100)).toBe(1000);
    expect(sentAt(sendTimes, 10.5, 100)).toBeUndefined();
  });

  it('takes the median and the p95 of a distribution', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(distribution(values)).toEqual({ median: 50.5, p95: 95, count: 100 });
    expect(distribution([])).toEqual({ median: NaN, p95: NaN, count: 0 });
  });

  it('measures finals, partials per word and position, fan-out and translations over viewers', () => {
    const first: ViewerLog = new Map();
    const second: ViewerLog = new Map();
    // The first viewer sees "ask" at 1300, then a revised second word, then "ask not what".
    recordPartial(first, 0, 'ask', 1300);
    recordPartial(first, 0, 'Ask knot', 1350);
    recordPartial(first, 0, 'ask not what', 1900);
    recordFinal(first, 0, { words, translations: {}, at: made(2400) }, 2500);
    recordFinal(first, 0, { words, translations: { fr: 'ne demandez pas' }, at: made(2400) }, 2540);
    // The second viewer only sees the final, later, and never its translation.
    recordFinal(second, 0, { words, translations: {}, at: made(2400) }, 2530);
    // A second final only the first viewer got.
    recordFinal(first, 1, { words: [{ word: 'you', end: 2.0 }], translations: {}, at: made(3500) }, 3600);

    const figures = viewerFigures([first, second], sendTimes, 100);
    // Last word "what" ends at 0.61 s: message 6, sent at 1600 (900 and 930 ms); "you" ends at 2.0 s: message 19, sent at 2900 (700 ms).
    expect(figures.final).toEqual({ median: 900, p95: 930, count: 3 });
    // Split at the moment the server made each final: the engine part once per final (800, 600),
    // the delivery part per viewer (100, 130, 100).
    expect(figures.engine).toEqual({ median: 700, p95: 800, count: 2 });
    expect(figures.delivery).toEqual({ median: 100, p95: 130, count: 3 });
    // "ask" (sent 1200) seen at 1300; "not" (1200) at 1900 (not 1350: "knot" was another word);
    // "what" (1600) at 1900. The second viewer saw no partial.
    expect(figures.partial.count).toBe(3);
    expect(figures.partial.median).toBe(300);
    expect(figures.partial.p95).toBe(700);
    expect(figures.fanOut).toEqual({ median: 15, p95: 30, count: 2 });
    expect(figures.translation).toEqual({ median: 40, p95: 40, count: 1 });
    expect(figures).toMatchObject({ finals: 2, translated: 1, missingFinals: 1, missingTranslations: 1 });
  });

  it('keeps the first arrival of a final and of its translation', () => {
    const log: ViewerLog = new Map();
    recordFinal(log, 3, { words, translations: {}, at: made(5) }, 10);
    recordFinal(log, 3, { words: [], translations: {}, at: made(6) }, 20);
    recordFinal(log, 3, { words, translations: { fr: 'a' }, at: made(5) }, 30);
    recordFinal(log, 3, { words, translations: { fr: 'b' }, at: made(5) }, 40);
    expect(log.get(3)).toMatchObject({ final: 10, made: 5, words, translated: 30 });
  });
});
