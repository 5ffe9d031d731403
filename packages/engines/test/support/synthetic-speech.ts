/**
 * Speech-like test audio with known boundaries: quiet noise, and voiced bursts (a 180 Hz tone with
 * two harmonics whose loudness rises and falls four times a second, like syllables) over the given
 * spans. Deterministic (no Math.random).
 */
const RATE = 16_000;

export interface SyntheticSpeechOptions {
  /** Peak amplitude of the bursts (default 6000). */
  loud?: number;
  /** Amplitude of the background noise (default 60). */
  floor?: number;
  /** Syllable-like loudness changes (default true); without, a steady tone. */
  syllables?: boolean;
}

export function syntheticSpeech(seconds: number, bursts: ReadonlyArray<readonly [number, number]>, options: SyntheticSpeechOptions = {}): Int16Array {
  let state = 7;
  const samples = new Int16Array(Math.round(seconds * RATE));
  for (let i = 0; i < samples.length; i++) {
    const t = i / RATE;
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    let value = (state / 2 ** 31 - 0.5) * (options.floor ?? 60);
    if (bursts.some(([a, b]) => t >= a && t < b)) {
      const loud = (options.loud ?? 6000) * (options.syllables === false ? 1 : 0.55 + 0.45 * Math.sin(2 * Math.PI * 4 * t));
      value += loud * (Math.sin(2 * Math.PI * 180 * t) + 0.5 * Math.sin(2 * Math.PI * 360 * t) + 0.25 * Math.sin(2 * Math.PI * 540 * t));
    }
    samples[i] = Math.max(-32768, Math.min(32767, Math.round(value)));
  }
  return samples;
}

/** The same as 16-bit little-endian PCM bytes, as a stream is written. */
export function syntheticSpeechBytes(seconds: number, bursts: ReadonlyArray<readonly [number, number]>, options?: SyntheticSpeechOptions): Buffer {
  const samples = syntheticSpeech(seconds, bursts, options);
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) out.writeInt16LE(samples[i]!, 2 * i);
  return out;
}
