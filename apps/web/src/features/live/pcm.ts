/**
 * Microphone audio to the ingest's format (LIVE_AUDIO: 16 kHz, mono, s16le) in ~100 ms frames, and
 * its level. Pure: runs in the audio worklet, one render quantum at a time, which gets the output
 * rate and frame size from the page (the worklet's bundle stays free of the shared contracts).
 */

/** What the page tells the audio worklet: the output's rate and the samples in a frame. */
export interface WorkletFormat {
  sampleRate: number;
  frameSamples: number;
}

/** What the audio worklet posts to the page: a frame, and the level (RMS) of the input it covers. */
export interface WorkletFrame {
  frame: ArrayBuffer;
  level: number;
}

/** A float sample (-1..1) as a signed 16-bit integer, clipped. */
export function toInt16(sample: number): number {
  const clipped = Math.max(-1, Math.min(1, sample));
  return clipped < 0 ? Math.round(clipped * 0x8000) : Math.round(clipped * 0x7fff);
}

/**
 * Resamples a stream of float samples at `inputRate` to `outputRate` by averaging the
 * input samples each output sample covers (a box filter: enough against aliasing for speech), keeping
 * its position between calls. Rates below the output rate are linearly interpolated.
 */
export class Downsampler {
  private readonly ratio: number;
  /** Position of the next output sample, in input samples from the start of the pending input. */
  private position = 0;
  private pending: number[] = [];

  constructor(inputRate: number, outputRate: number) {
    if (!(inputRate > 0)) throw new Error('The input sample rate must be positive');
    this.ratio = inputRate / outputRate;
  }

  /** The output samples (as float) that `input` completes. */
  push(input: ArrayLike<number>): number[] {
    for (let i = 0; i < input.length; i++) this.pending.push(input[i]!);
    const out: number[] = [];
    const span = Math.max(1, this.ratio);
    while (this.position + span <= this.pending.length) {
      if (this.ratio >= 1) {
        const from = Math.floor(this.position);
        const to = Math.floor(this.position + this.ratio);
        let sum = 0;
        for (let i = from; i < to; i++) sum += this.pending[i]!;
        out.push(sum / Math.max(1, to - from));
      } else {
        const index = Math.floor(this.position);
        const fraction = this.position - index;
        const a = this.pending[index]!;
        const b = this.pending[index + 1] ?? a;
        out.push(a + (b - a) * fraction);
      }
      this.position += this.ratio;
    }
    // Drop what no later output sample needs.
    const consumed = Math.floor(this.position);
    if (consumed > 0) {
      this.pending = this.pending.slice(consumed);
      this.position -= consumed;
    }
    return out;
  }
}

/** Gathers samples into frames of `size` s16le samples, each its own ArrayBuffer. */
export class Framer {
  private frame: Int16Array;
  private filled = 0;
  private readonly size: number;

  constructor(size: number) {
    this.size = size;
    this.frame = new Int16Array(size);
  }

  /** The frames `samples` completes. */
  push(samples: readonly number[]): ArrayBuffer[] {
    const frames: ArrayBuffer[] = [];
    for (const sample of samples) {
      this.frame[this.filled++] = toInt16(sample);
      if (this.filled === this.size) {
        frames.push(toLittleEndian(this.frame));
        this.frame = new Int16Array(this.size);
        this.filled = 0;
      }
    }
    return frames;
  }
}

/** Int16 samples as little-endian bytes, whatever the platform's byte order. */
export function toLittleEndian(samples: Int16Array): ArrayBuffer {
  const buffer = new ArrayBuffer(samples.length * 2);
  const view = new DataView(buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i]!, true);
  return buffer;
}

/** The root mean square of float samples (0..1). */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / samples.length);
}
