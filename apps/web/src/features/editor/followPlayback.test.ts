import { describe, expect, it } from 'vitest';
import { turnAt } from './followPlayback.ts';
import { playingIndex, type RenderedWord } from './turnDom.ts';

describe('turnAt', () => {
  const starts = [0, 4, 8, 8.5];
  const ends = [3, 7, 9, 12];
  it('finds the latest-starting turn that reaches the time', () => {
    expect(turnAt(starts, ends, 0)).toBe(0);
    expect(turnAt(starts, ends, 5)).toBe(1);
    expect(turnAt(starts, ends, 8.7)).toBe(3);
  });
  it('is -1 in a silence, before the first turn and after the last', () => {
    expect(turnAt(starts, ends, 3.5)).toBe(-1);
    expect(turnAt(starts, ends, -1)).toBe(-1);
    expect(turnAt(starts, ends, 13)).toBe(-1);
    expect(turnAt([], [], 1)).toBe(-1);
  });
});

describe('playingIndex', () => {
  const words = [
    [0, 0.4],
    [0.5, 0.9],
    [1.2, 1.5],
  ].map(([stime, etime], i) => ({ word: { wid: `w${i}`, word: 'x', stime, etime }, start: 0, end: 0 }) as unknown as RenderedWord);
  it('is the word being said, or none between words', () => {
    expect(playingIndex(words, 0.2)).toBe(0);
    expect(playingIndex(words, 0.5)).toBe(1);
    expect(playingIndex(words, 1.0)).toBe(-1);
    expect(playingIndex(words, 1.5)).toBe(2);
    expect(playingIndex(words, 2)).toBe(-1);
  });
});
