import { describe, expect, it } from 'vitest';
import { clamp, clock, edgeBounds, peakColumns, roomAfter, screenAt, screenBefore, timeToX, windowAround, xToTime } from './timeline.ts';

const screens = [
  { start: 1, end: 3 },
  { start: 3.08, end: 5 },
  { start: 8, end: 9 },
];
const GAP = 0.08;

describe('the visible stretch', () => {
  it('holds the time a third of the way in, within the media', () => {
    expect(windowAround(30, 15, 100)).toEqual({ start: 25, end: 40 });
    expect(windowAround(2, 15, 100)).toEqual({ start: 0, end: 15 });
    expect(windowAround(99, 15, 100)).toEqual({ start: 85, end: 100 });
    expect(windowAround(3, 15, 10)).toEqual({ start: 0, end: 15 });
  });

  it('turns times into positions and back', () => {
    const view = { start: 10, end: 20 };
    expect(timeToX(15, view, 400)).toBe(200);
    expect(xToTime(100, view, 400)).toBe(12.5);
    expect(xToTime(timeToX(17.3, view, 731), view, 731)).toBeCloseTo(17.3, 9);
  });
});

describe('dragging an edge', () => {
  it('lets the start go back until the previous screen keeps 0.1 s and the gap', () => {
    expect(edgeBounds(screens, 1, 'start', GAP, 10)).toEqual({ min: 1.18, max: 4.9 });
    expect(edgeBounds(screens, 0, 'start', GAP, 10)).toEqual({ min: 0, max: 2.9 });
  });

  it('lets the end go forward until the next screen keeps 0.1 s and the gap, or the end of the media', () => {
    expect(edgeBounds(screens, 1, 'end', GAP, 10)).toEqual({ min: 3.18, max: 8.82 });
    expect(edgeBounds(screens, 2, 'end', GAP, 10)).toEqual({ min: 8.1, max: 10 });
  });

  it('clamps a dragged time to its bounds, to the millisecond', () => {
    expect(clamp(0.5, { min: 1.18, max: 4.9 })).toBe(1.18);
    expect(clamp(5.2, { min: 1.18, max: 4.9 })).toBe(4.9);
    expect(clamp(2.34567, { min: 1.18, max: 4.9 })).toBe(2.346);
  });
});

describe('a new screen', () => {
  it('fits in the gap after a screen, at most the length asked', () => {
    expect(roomAfter(screens, 1, GAP, 2, 10)).toEqual({ start: 5.08, end: 7.08 });
    expect(roomAfter(screens, 2, GAP, 2, 10)).toEqual({ start: 9.08, end: 11.08 });
    expect(roomAfter(screens, -1, GAP, 2, 10)).toEqual({ start: 0, end: 0.92 });
  });

  it('starts at a wanted time when it is later than the gap allows', () => {
    expect(roomAfter(screens, 1, GAP, 2, 10, 6)).toEqual({ start: 6, end: 7.92 });
    expect(roomAfter(screens, -1, GAP, 2, 10, 0.5)).toEqual({ start: 0.5, end: 0.92 });
    expect(roomAfter(screens, -1, GAP, 2, 10, 0.85)).toBeNull();
  });

  it('goes after the last screen that ended', () => {
    expect(screenBefore(screens, 0.5)).toBe(-1);
    expect(screenBefore(screens, 3)).toBe(0);
    expect(screenBefore(screens, 6)).toBe(1);
    expect(screenBefore(screens, 20)).toBe(2);
  });

  it('finds no room between screens that follow at the minimum gap', () => {
    expect(roomAfter(screens, 0, GAP, 2, 10)).toBeNull();
  });
});

describe('the screen at a time', () => {
  it('is the one showing then, none in a gap', () => {
    expect(screenAt(screens, 1)).toBe(0);
    expect(screenAt(screens, 4)).toBe(1);
    expect(screenAt(screens, 3.04)).toBe(-1);
    expect(screenAt(screens, 9)).toBe(-1);
    expect(screenAt([], 1)).toBe(-1);
  });
});

describe('clock', () => {
  it('writes a time to the hundredth', () => {
    expect(clock(0)).toBe('0:00.00');
    expect(clock(62.345)).toBe('1:02.35');
    expect(clock(3662.5)).toBe('1:01:02.50');
    expect(clock(-1)).toBe('0:00.00');
  });
});

describe('peakColumns', () => {
  // Two pairs a second over 4 s: quiet, loud, silent…
  const data = [-0.1, 0.1, -0.5, 0.5, 0, 0, 0, 0, -0.25, 0.2, 0, 0, 0, 0, 0, 0];
  it('gives each pixel the extremes of its stretch, the loudest peak scaled to 1', () => {
    const columns = peakColumns(data, 2, { start: 0, end: 4 }, 4);
    expect(Array.from(columns)).toEqual([-1, 1, 0, 0, -0.5, expect.closeTo(0.4, 6), 0, 0]);
  });

  it('draws nothing past the end of the peaks, and nothing for silence', () => {
    expect(Array.from(peakColumns(data, 2, { start: 8, end: 10 }, 2))).toEqual([0, 0, 0, 0]);
    expect(Array.from(peakColumns([0, 0, 0, 0], 2, { start: 0, end: 1 }, 2))).toEqual([0, 0, 0, 0]);
  });
});
