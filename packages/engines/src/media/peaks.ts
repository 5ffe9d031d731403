/**
 * Waveform peaks for the player, computed from 16 kHz mono 16-bit PCM while streaming over it
 * (memory stays constant whatever the length of the media).
 *
 * Format (`WaveformPeaks`, declared with its zod schema in @palabre/shared): `data` holds
 * interleaved `[min0, max0, min1, max1, …]` pairs, one pair per window of `samplesPerPeak`
 * samples (320 samples = 20 ms at the default 50 peaks per second),
 * each value normalised to [-1, 1] by dividing by 32768 (full scale; no per-file normalisation,
 * so quiet recordings look quiet — wavesurfer's own `normalize: true` option rescales on display).
 * Values are rounded to 4 decimals to keep the JSON small. A last, shorter window is included.
 *
 * wavesurfer.js (v7) takes this as it is, one array per channel, plus the duration, and draws
 * without downloading or decoding the audio:
 *
 *   WaveSurfer.create({ container, url: renditionUrl, peaks: [peaks.data], duration: peaks.duration })
 *
 * (its renderer takes the highest and lowest value of each pixel column, so min/max pairs draw
 * the true envelope at any zoom).
 */
import { createReadStream } from 'node:fs';
import type { WaveformPeaks } from '@palabre/shared';
import { EngineError } from '../errors.ts';
import { withMediaInput } from './containers.ts';
import { ENGINE_SAMPLE_RATE, peaksArgs, runFfmpeg, type ConvertOptions } from './ffmpeg.ts';
import { Pcm16Decoder } from './pcm.ts';
import { assertEnginePcm, readWavInfo } from './wav.ts';

export type { WaveformPeaks };

export interface PeaksOptions {
  sampleRate?: number | undefined;
  /** Default 50 (a pair every 20 ms): enough for a sharp waveform at word-level zoom. */
  peaksPerSecond?: number | undefined;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** Accumulates PCM chunks of any size (odd byte counts included) into peaks. */
export class PeaksAccumulator {
  readonly sampleRate: number;
  readonly samplesPerPeak: number;
  private readonly data: number[] = [];
  private readonly pcm = new Pcm16Decoder();
  private inWindow = 0;
  private min = 0;
  private max = 0;
  private samples = 0;

  constructor(options: PeaksOptions = {}) {
    this.sampleRate = options.sampleRate ?? ENGINE_SAMPLE_RATE;
    const perSecond = options.peaksPerSecond ?? 50;
    if (!(perSecond > 0) || perSecond > this.sampleRate) throw new RangeError(`peaksPerSecond out of range: ${perSecond}`);
    this.samplesPerPeak = Math.max(1, Math.round(this.sampleRate / perSecond));
  }

  push(chunk: Uint8Array): void {
    for (const sample of this.pcm.decode(chunk)) this.addSample(sample);
  }

  pushSamples(samples: Int16Array): void {
    for (const sample of samples) this.addSample(sample);
  }

  private addSample(sample: number): void {
    if (this.inWindow === 0) {
      this.min = sample;
      this.max = sample;
    } else if (sample < this.min) this.min = sample;
    else if (sample > this.max) this.max = sample;
    this.samples++;
    if (++this.inWindow === this.samplesPerPeak) this.flush();
  }

  private flush(): void {
    this.data.push(round4(this.min / 32768), round4(this.max / 32768));
    this.inWindow = 0;
  }

  finish(): WaveformPeaks {
    if (this.inWindow > 0) this.flush();
    return {
      version: 1,
      sampleRate: this.sampleRate,
      peaksPerSecond: this.sampleRate / this.samplesPerPeak,
      samplesPerPeak: this.samplesPerPeak,
      length: this.data.length / 2,
      duration: this.samples / this.sampleRate,
      data: this.data.slice(),
    };
  }
}

/** Pure core: peaks of samples already in memory. */
export function computePeaks(samples: Int16Array, options: PeaksOptions = {}): WaveformPeaks {
  const accumulator = new PeaksAccumulator(options);
  accumulator.pushSamples(samples);
  return accumulator.finish();
}

/** Peaks of a 16 kHz mono 16-bit WAV (the engine PCM), read as a stream. */
export async function peaksFromWavFile(path: string, options: { peaksPerSecond?: number; signal?: AbortSignal } = {}): Promise<WaveformPeaks> {
  const info = await readWavInfo(path);
  assertEnginePcm(info, path);
  const accumulator = new PeaksAccumulator({ sampleRate: info.sampleRate, peaksPerSecond: options.peaksPerSecond });
  if (info.dataBytes === 0) return accumulator.finish();
  const stream = createReadStream(path, {
    start: info.dataOffset,
    end: info.dataOffset + info.dataBytes - 1,
    highWaterMark: 256 * 1024,
    signal: options.signal,
  });
  try {
    for await (const chunk of stream) accumulator.push(chunk as Buffer);
  } catch (error) {
    if (options.signal?.aborted) throw new EngineError('aborted', 'Computing the waveform was cancelled', { cause: error });
    throw error;
  }
  return accumulator.finish();
}

/** Peaks of any media ffmpeg reads, decoded to PCM on the fly (no intermediate file). */
export async function peaksFromMedia(input: string, options: ConvertOptions & { peaksPerSecond?: number } = {}): Promise<WaveformPeaks> {
  const accumulator = new PeaksAccumulator({ peaksPerSecond: options.peaksPerSecond });
  await withMediaInput(input, (media) =>
    runFfmpeg(peaksArgs(media, options), {
      ...options,
      onStdout: (chunk) => accumulator.push(chunk),
      description: 'Computing the waveform',
    }),
  );
  return accumulator.finish();
}
