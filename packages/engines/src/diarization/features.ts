/**
 * Frame features for diarization, computed while streaming over 16 kHz mono 16-bit PCM: only the
 * features are kept (FEATURE_STRIDE floats per 10 ms frame, ~30 MB for an hour), never the audio.
 *
 * Per frame (25 ms Hamming window, 10 ms hop): log energy in dBFS and zero-crossing rate of the raw
 * frame (for voice activity detection), and MFCCs of the pre-emphasised frame (512-point FFT power
 * spectrum → 26 triangular mel bands 60–7600 Hz → natural log → DCT-II → coefficients c0…c19).
 */
import { Pcm16Decoder } from '../media/pcm.ts';

export const FRAME_LENGTH = 400; // 25 ms at 16 kHz
export const FRAME_HOP = 160; // 10 ms
export const FRAMES_PER_SECOND = 100;
export const MFCC_COUNT = 20;
export const MEL_BANDS = 26;
const FFT_SIZE = 512;
const PRE_EMPHASIS = 0.97;
/** Layout of one frame in the feature store: [energyDb, zcr, c0 … c19]. */
export const FEATURE_STRIDE = 2 + MFCC_COUNT;
export const ENERGY_OFFSET = 0;
export const ZCR_OFFSET = 1;
export const MFCC_OFFSET = 2;

const hzToMel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const melToHz = (mel: number) => 700 * (10 ** (mel / 2595) - 1);

interface Tables {
  window: Float64Array;
  cos: Float64Array;
  sin: Float64Array;
  bitReverse: Uint32Array;
  /** Per band: first FFT bin and weights. */
  bands: { first: number; weights: Float64Array }[];
  dct: Float64Array; // MFCC_COUNT × MEL_BANDS
}

let tablesCache: Map<number, Tables> | undefined;

function tables(sampleRate: number): Tables {
  tablesCache ??= new Map();
  const cached = tablesCache.get(sampleRate);
  if (cached) return cached;
  const window = new Float64Array(FRAME_LENGTH);
  for (let i = 0; i < FRAME_LENGTH; i++) window[i] = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FRAME_LENGTH - 1));
  const cos = new Float64Array(FFT_SIZE / 2);
  const sin = new Float64Array(FFT_SIZE / 2);
  for (let i = 0; i < FFT_SIZE / 2; i++) {
    cos[i] = Math.cos((-2 * Math.PI * i) / FFT_SIZE);
    sin[i] = Math.sin((-2 * Math.PI * i) / FFT_SIZE);
  }
  const bits = Math.log2(FFT_SIZE);
  const bitReverse = new Uint32Array(FFT_SIZE);
  for (let i = 0; i < FFT_SIZE; i++) {
    let r = 0;
    for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
    bitReverse[i] = r;
  }
  const lowMel = hzToMel(60);
  const highMel = hzToMel(Math.min(7600, sampleRate / 2));
  const binHz = sampleRate / FFT_SIZE;
  const edges: number[] = [];
  for (let m = 0; m < MEL_BANDS + 2; m++) edges.push(melToHz(lowMel + ((highMel - lowMel) * m) / (MEL_BANDS + 1)));
  const bands: Tables['bands'] = [];
  for (let m = 0; m < MEL_BANDS; m++) {
    const [left, centre, right] = [edges[m]!, edges[m + 1]!, edges[m + 2]!];
    const first = Math.max(0, Math.ceil(left / binHz));
    const last = Math.min(FFT_SIZE / 2, Math.floor(right / binHz));
    const weights = new Float64Array(Math.max(0, last - first + 1));
    for (let k = first; k <= last; k++) {
      const hz = k * binHz;
      weights[k - first] = hz <= centre ? (hz - left) / (centre - left) : (right - hz) / (right - centre);
    }
    bands.push({ first, weights });
  }
  const dct = new Float64Array(MFCC_COUNT * MEL_BANDS);
  for (let c = 0; c < MFCC_COUNT; c++) {
    for (let m = 0; m < MEL_BANDS; m++) dct[c * MEL_BANDS + m] = Math.cos((Math.PI * c * (m + 0.5)) / MEL_BANDS);
  }
  const built = { window, cos, sin, bitReverse, bands, dct };
  tablesCache.set(sampleRate, built);
  return built;
}

/** In-place iterative radix-2 complex FFT of length FFT_SIZE. */
function fft(re: Float64Array, im: Float64Array, t: Tables): void {
  const n = FFT_SIZE;
  for (let i = 0; i < n; i++) {
    const j = t.bitReverse[i]!;
    if (j > i) {
      const r = re[i]!;
      re[i] = re[j]!;
      re[j] = r;
      const m = im[i]!;
      im[i] = im[j]!;
      im[j] = m;
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const step = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < half; k++) {
        const wr = t.cos[k * step]!;
        const wi = t.sin[k * step]!;
        const a = start + k;
        const b = a + half;
        const xr = re[b]! * wr - im[b]! * wi;
        const xi = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a] = re[a]! + xr;
        im[a] = im[a]! + xi;
      }
    }
  }
}

/**
 * Log energy (dBFS, after removing the frame's mean) and zero-crossing rate of
 * `samples[start, start + length)`, written to `out[ENERGY_OFFSET]` and `out[ZCR_OFFSET]`.
 * Shared by the diarization features and the live speech chunker.
 */
export function frameEnergyAndZcr(samples: ArrayLike<number>, start: number, length: number, out: { [index: number]: number }): void {
  let energy = 0;
  let crossings = 0;
  let mean = 0;
  for (let i = start; i < start + length; i++) mean += samples[i]!;
  mean /= length;
  for (let i = start; i < start + length; i++) {
    const x = samples[i]! - mean;
    energy += x * x;
    if (i > start && samples[i - 1]! - mean >= 0 !== x >= 0) crossings++;
  }
  out[ENERGY_OFFSET] = 10 * Math.log10(energy / length / (32768 * 32768) + 1e-10);
  out[ZCR_OFFSET] = crossings / (length - 1);
}

/** Growable Float32 store of frame features. */
export class FeatureStore {
  private data = new Float32Array(FEATURE_STRIDE * 4096);
  frames = 0;

  push(values: ArrayLike<number>): void {
    if ((this.frames + 1) * FEATURE_STRIDE > this.data.length) {
      const bigger = new Float32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    const base = this.frames * FEATURE_STRIDE;
    for (let i = 0; i < FEATURE_STRIDE; i++) this.data[base + i] = values[i]!;
    this.frames++;
  }

  get(frame: number, offset: number): number {
    return this.data[frame * FEATURE_STRIDE + offset]!;
  }

  set(frame: number, offset: number, value: number): void {
    this.data[frame * FEATURE_STRIDE + offset] = value;
  }
}

/**
 * Streams PCM into frame features. Accepts byte chunks of any size (odd lengths included) or
 * Int16Array samples; frames are emitted as soon as 25 ms are available.
 */
export class FeatureExtractor {
  readonly sampleRate: number;
  readonly store = new FeatureStore();
  private readonly t: Tables;
  private readonly pending = new Float64Array(FRAME_LENGTH);
  private filled = 0;
  private readonly pcm = new Pcm16Decoder();
  private samples = 0;
  private readonly re = new Float64Array(FFT_SIZE);
  private readonly im = new Float64Array(FFT_SIZE);
  private readonly logMel = new Float64Array(MEL_BANDS);
  private readonly frame = new Float64Array(FEATURE_STRIDE);

  constructor(sampleRate = 16_000) {
    this.sampleRate = sampleRate;
    this.t = tables(sampleRate);
  }

  /** Seconds of audio seen so far. */
  get duration(): number {
    return this.samples / this.sampleRate;
  }

  push(chunk: Uint8Array): void {
    for (const sample of this.pcm.decode(chunk)) this.add(sample);
  }

  pushSamples(samples: ArrayLike<number>): void {
    for (let i = 0; i < samples.length; i++) this.add(samples[i]!);
  }

  private add(sample: number): void {
    this.samples++;
    this.pending[this.filled++] = sample;
    if (this.filled === FRAME_LENGTH) {
      this.computeFrame();
      this.pending.copyWithin(0, FRAME_HOP);
      this.filled = FRAME_LENGTH - FRAME_HOP;
    }
  }

  private computeFrame(): void {
    const { pending, re, im, t, frame } = this;
    frameEnergyAndZcr(pending, 0, FRAME_LENGTH, frame);
    // Pre-emphasis within the frame (the first sample uses itself), Hamming window, zero padding.
    for (let i = 0; i < FRAME_LENGTH; i++) {
      const previous = i === 0 ? pending[0]! : pending[i - 1]!;
      re[i] = ((pending[i]! - PRE_EMPHASIS * previous) / 32768) * t.window[i]!;
      im[i] = 0;
    }
    re.fill(0, FRAME_LENGTH);
    im.fill(0, FRAME_LENGTH);
    fft(re, im, t);
    for (let m = 0; m < MEL_BANDS; m++) {
      const band = t.bands[m]!;
      let sum = 0;
      for (let k = 0; k < band.weights.length; k++) {
        const bin = band.first + k;
        sum += band.weights[k]! * (re[bin]! * re[bin]! + im[bin]! * im[bin]!);
      }
      this.logMel[m] = Math.log(sum + 1e-8);
    }
    for (let c = 0; c < MFCC_COUNT; c++) {
      let sum = 0;
      for (let m = 0; m < MEL_BANDS; m++) sum += t.dct[c * MEL_BANDS + m]! * this.logMel[m]!;
      frame[MFCC_OFFSET + c] = sum;
    }
    this.store.push(frame);
  }
}
