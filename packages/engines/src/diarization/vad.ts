/**
 * Energy / zero-crossing voice activity detection on frame features (see features.ts).
 *
 * The threshold adapts to the recording: with `floor` the 10th percentile and `peak` the 97th
 * percentile of frame energies (dBFS), a frame is speech when its energy exceeds
 * max(-60 dBFS, floor + 35 % of (peak − floor)), or when it is at most 6 dB below that and its
 * zero-crossing rate is above 0.3 (unvoiced consonants: s, f, ch). A recording whose peak is
 * under -60 dBFS, or whose dynamics are under 6 dB (steady noise), has no speech. Gaps shorter than
 * `minSilenceSeconds` are filled, then regions shorter than `minSpeechSeconds` are dropped.
 */
import { ENERGY_OFFSET, FRAMES_PER_SECOND, ZCR_OFFSET, type FeatureStore } from './features.ts';

export interface VadOptions {
  /** Default 0.3 s. */
  minSilenceSeconds?: number;
  /** Default 0.25 s. */
  minSpeechSeconds?: number;
}

/** A run of speech frames: [startFrame, endFrame). */
export interface FrameRegion {
  start: number;
  end: number;
}

const ABSOLUTE_FLOOR_DB = -60;

/** The value at fraction `p` of sorted frame energies (-100 dBFS when there are none). */
export function energyPercentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return -100;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))]!;
}

/**
 * The speech threshold (dBFS) of audio whose sorted frame energies are `sorted`, or null when it
 * holds no speech (too quiet, or too steady: noise).
 */
export function speechThreshold(sorted: Float64Array): number | null {
  return thresholdBetween(energyPercentile(sorted, 0.1), energyPercentile(sorted, 0.97));
}

/** The speech threshold between a noise floor and a speech peak (dBFS), or null when there is no speech. */
export function thresholdBetween(floor: number, peak: number): number | null {
  if (peak < ABSOLUTE_FLOOR_DB || peak - floor < 6) return null;
  return Math.max(ABSOLUTE_FLOOR_DB, floor + 0.35 * (peak - floor));
}

/** Whether a frame is speech: loud enough, or nearly so with the noise-like spectrum of s, f, ch. */
export function isSpeechFrame(energyDb: number, zcr: number, threshold: number): boolean {
  return energyDb > threshold || (energyDb > threshold - 6 && zcr > 0.3);
}

export function detectSpeech(store: FeatureStore, options: VadOptions = {}): FrameRegion[] {
  const n = store.frames;
  if (n === 0) return [];
  const energies = new Float64Array(n);
  for (let i = 0; i < n; i++) energies[i] = store.get(i, ENERGY_OFFSET);
  const threshold = speechThreshold(energies.slice().sort());
  if (threshold === null) return [];
  const speech = new Uint8Array(n);
  for (let i = 0; i < n; i++) speech[i] = isSpeechFrame(energies[i]!, store.get(i, ZCR_OFFSET), threshold) ? 1 : 0;
  const minSilence = Math.round((options.minSilenceSeconds ?? 0.3) * FRAMES_PER_SECOND);
  const minSpeech = Math.round((options.minSpeechSeconds ?? 0.25) * FRAMES_PER_SECOND);
  const regions: FrameRegion[] = [];
  for (let i = 0; i < n;) {
    if (!speech[i]) {
      i++;
      continue;
    }
    let end = i;
    while (end < n && speech[end]) end++;
    const last = regions[regions.length - 1];
    if (last && i - last.end < minSilence) last.end = end;
    else regions.push({ start: i, end });
    i = end;
  }
  return regions.filter((r) => r.end - r.start >= minSpeech);
}
