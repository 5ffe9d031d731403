import { DEFAULT_SUBTITLE_SETTINGS, type Screen } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { nextProblem, warningsByScreen } from './warnings.ts';

const screen = (id: string, start: number, end: number, text: string): Screen => ({ id, start, end, text, speakers: [] });
const screens = [
  screen('a', 0, 2, 'Fine words'),
  screen('b', 2.5, 3, 'A screen far too quick to read for anyone'),
  screen('c', 4, 6, 'Fine again'),
  screen('d', 7, 9, 'x'.repeat(50)),
];

describe('warningsByScreen', () => {
  it("gathers each screen's broken rules, and nothing for good screens", () => {
    const warnings = warningsByScreen(screens, DEFAULT_SUBTITLE_SETTINGS);
    expect(warnings.has('a')).toBe(false);
    expect(warnings.get('b')).toEqual(expect.arrayContaining(['too_fast', 'too_short']));
    expect(warnings.has('c')).toBe(false);
    expect(warnings.get('d')).toEqual(['line_too_long', 'too_fast']);
  });

  it('follows the limits', () => {
    const loose = warningsByScreen(screens, { ...DEFAULT_SUBTITLE_SETTINGS, maxCharsPerLine: 60, maxCharsPerSecond: 40, minScreenDuration: 0.2 });
    expect([...loose.entries()]).toEqual([['b', ['too_fast']]]);
  });
});

describe('nextProblem', () => {
  const warnings = warningsByScreen(screens, DEFAULT_SUBTITLE_SETTINGS);
  it('goes to the next screen with a problem, wrapping around', () => {
    expect(nextProblem(screens, warnings, -1)).toBe(1);
    expect(nextProblem(screens, warnings, 1)).toBe(3);
    expect(nextProblem(screens, warnings, 3)).toBe(1);
  });

  it('goes back too', () => {
    expect(nextProblem(screens, warnings, 3, -1)).toBe(1);
    expect(nextProblem(screens, warnings, 1, -1)).toBe(3);
  });

  it('finds nothing when every screen is fine', () => {
    expect(nextProblem(screens, new Map(), 0)).toBe(-1);
    expect(nextProblem([], warnings, 0)).toBe(-1);
  });
});
