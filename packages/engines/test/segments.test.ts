import { describe, expect, it } from 'vitest';
import { segmentAtSilences } from '../src/asr/segments.ts';

const w = (word: string, stime: number, etime: number) => ({ word, stime, etime, confidence: 1 });

describe('segmentAtSilences', () => {
  it('splits at pauses of at least the threshold', () => {
    const words = [w('a', 0, 0.4), w('b', 0.5, 0.9), w('c', 1.6, 2), w('d', 2.1, 2.5)];
    expect(segmentAtSilences(words).map((s) => s.words.map((x) => x.word))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(segmentAtSilences(words)[1]).toMatchObject({ stime: 1.6, etime: 2.5 });
    expect(segmentAtSilences(words, { minSilenceSeconds: 1 })).toHaveLength(1);
  });

  it('splits a long segment at its longest pauses', () => {
    const words = Array.from({ length: 40 }, (_, i) => w(`w${i}`, i, i + (i === 19 ? 0.5 : 0.9)));
    const segments = segmentAtSilences(words, { maxSegmentSeconds: 25 });
    expect(segments).toHaveLength(2);
    expect(segments[0]!.words.at(-1)!.word).toBe('w19');
    expect(segments.every((s) => s.etime - s.stime <= 25)).toBe(true);
  });

  it('gives no segment for no words', () => {
    expect(segmentAtSilences([])).toEqual([]);
  });
});
