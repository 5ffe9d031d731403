import { describe, expect, it } from 'vitest';
import { alreadyCounted, elapsedSeconds, NO_TIME, pause, resume } from './elapsed.ts';

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

  it('goes on from what a continued meeting already recorded, not from 0:00', () => {
    const continued = alreadyCounted(125.6);
    // Paused until the microphone sends again: what was recorded shows.
    expect(elapsedSeconds(continued, 50_000)).toBe(125);
    let elapsed = resume(continued, 1_000);
    expect(elapsedSeconds(elapsed, 4_000)).toBe(128);
    elapsed = pause(elapsed, 5_000);
    expect(elapsedSeconds(elapsed, 90_000)).toBe(129);
  });

  it('starts a new meeting, or one that received nothing, at 0:00', () => {
    expect(alreadyCounted(0)).toEqual(NO_TIME);
    expect(alreadyCounted(-3)).toEqual(NO_TIME);
    expect(alreadyCounted(Number.NaN)).toEqual(NO_TIME);
    expect(elapsedSeconds(resume(alreadyCounted(0), 1_000), 3_000)).toBe(2);
  });

  it('never counts backwards when the clock does', () => {
    expect(elapsedSeconds(resume(NO_TIME, 10_000), 9_000)).toBe(0);
    expect(pause(resume(NO_TIME, 10_000), 9_000).counted).toBe(0);
  });
});
