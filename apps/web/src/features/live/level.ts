/**
 * The microphone's level for the meter, and mute detection: a muted track, or a level under the
 * silence threshold for `MUTE_AFTER_SECONDS` in a row, means the microphone is muted or gives nothing.
 */

/** Levels at or under this RMS are silence (about -60 dBFS). */
export const SILENCE_RMS = 0.001;
export const MUTE_AFTER_SECONDS = 3;

/** An RMS level (0..1) on a 0..100 meter scale, in decibels from -60 dBFS (0) to 0 dBFS (100). */
export function meterValue(level: number): number {
  if (level <= SILENCE_RMS) return 0;
  const db = 20 * Math.log10(Math.min(1, level));
  return Math.round(Math.max(0, Math.min(100, ((db + 60) / 60) * 100)));
}

export interface MuteState {
  /** Seconds of silence in a row so far. */
  silentFor: number;
  muted: boolean;
}

export const NOT_MUTED: MuteState = { silentFor: 0, muted: false };

/** The state after `seconds` more of audio at `level`, on a track the browser reports muted or not. */
export function nextMuteState(state: MuteState, level: number, seconds: number, trackMuted = false, after: number = MUTE_AFTER_SECONDS): MuteState {
  // A track the browser mutes gives silence: it counts like silence.
  if (level > SILENCE_RMS && !trackMuted) return NOT_MUTED;
  const silentFor = state.silentFor + seconds;
  return { silentFor, muted: silentFor >= after };
}
