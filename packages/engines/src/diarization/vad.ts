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

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return -100;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))]!;
}

export function detectSpeech(store: FeatureStore, options: VadOptions = {}): FrameRegion[] {
  const n = store.frames;
  if (n === 0) return [];
  const energies = new Float64Array(n);
  for (let i = 0; i < n; i++) energies[i] = store.get(i, ENERGY_OFFSET);
  const sorted = energies.slice().sort();
  const floor = percentile(sorted, 0.1);
  const peak = percentile(sorted, 0.97);
  if (peak < ABSOLUTE_FLOOR_DB || peak - floor < 6) return [];
  const threshold = Math.max(ABSOLUTE_FLOOR_DB, floor + 0.35 * (peak - floor));
  const speech = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const e = energies[i]!;
    speech[i] = e > threshold || (e > threshold - 6 && store.get(i, ZCR_OFFSET) > 0.3) ? 1 : 0;
  }
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
