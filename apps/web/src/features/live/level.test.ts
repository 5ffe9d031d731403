import { describe, expect, it } from 'vitest';
import { meterValue, MUTE_AFTER_SECONDS, nextMuteState, NOT_MUTED, SILENCE_RMS, type MuteState } from './level.ts';

const after = (levels: number[], seconds = 0.5, trackMuted = false) => levels.reduce<MuteState>((state, level) => nextMuteState(state, level, seconds, trackMuted), NOT_MUTED);

describe('the microphone level and mute detection', () => {
  it('maps -60..0 dBFS onto 0..100', () => {
    expect(meterValue(0)).toBe(0);
    expect(meterValue(SILENCE_RMS)).toBe(0);
    expect(meterValue(1)).toBe(100);
    expect(meterValue(0.1)).toBe(67);
    expect(meterValue(2)).toBe(100);
  });

  it('reports silence lasting the threshold as muted, and sound clears it', () => {
    const steps = (MUTE_AFTER_SECONDS / 0.5) | 0;
    expect(after(Array<number>(steps - 1).fill(0)).muted).toBe(false);
    expect(after(Array<number>(steps).fill(0)).muted).toBe(true);
    expect(after([...Array<number>(steps).fill(0), 0.2])).toEqual(NOT_MUTED);
    expect(after([0, 0, 0.2, 0, 0, 0, 0]).muted).toBe(steps <= 4);
  });

  it('counts a track the browser mutes as silence, whatever level it reports', () => {
    expect(after([0.3], 0.5, true).muted).toBe(false);
    expect(after(Array<number>((MUTE_AFTER_SECONDS / 0.5) | 0).fill(0.3), 0.5, true).muted).toBe(true);
  });
});
