import { describe, expect, it } from 'vitest';
import { elapsedSeconds, NO_TIME, pause, resume } from './elapsed.ts';

describe('elapsed recording time', () => {
  it('counts nothing before the first run', () => {
    expect(elapsedSeconds(NO_TIME, 5_000)).toBe(0);
  });

  it('runs while recording and stops while paused, keeping what was counted', () => {
    let elapsed = resume(NO_TIME, 1_000);
    expect(elapsedSeconds(elapsed, 4_500)).toBe(3);
    elapsed = pause(elapsed, 6_000);
    expect(elapsedSeconds(elapsed, 60_000)).toBe(5);
    elapsed = resume(elapsed, 100_000);
    expect(elapsedSeconds(elapsed, 102_000)).toBe(7);
  });

  it('ignores a second resume or pause', () => {
    const running = resume(NO_TIME, 1_000);
    expect(resume(running, 3_000)).toBe(running);
    const paused = pause(running, 2_000);
    expect(pause(paused, 9_000)).toBe(paused);
  });

  it('never counts backwards when the clock does', () => {
    expect(elapsedSeconds(resume(NO_TIME, 10_000), 9_000)).toBe(0);
    expect(pause(resume(NO_TIME, 10_000), 9_000).counted).toBe(0);
  });
});
