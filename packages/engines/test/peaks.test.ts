import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PeaksAccumulator, computePeaks, peaksFromMedia, peaksFromWavFile } from '../src/media/peaks.ts';

function pcmBytes(samples: number[]): Buffer {
  const buffer = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => buffer.writeInt16LE(s, i * 2));
  return buffer;
}

describe('computePeaks', () => {
  it('gives one min/max pair per window, normalised by full scale', () => {
    const samples = new Int16Array(640);
    samples[10] = 16384;
    samples[20] = -32768;
    samples[400] = 32767;
    const peaks = computePeaks(samples, { peaksPerSecond: 50 });
    expect(peaks).toMatchObject({ version: 1, sampleRate: 16000, samplesPerPeak: 320, peaksPerSecond: 50, length: 2, duration: 0.04 });
    expect(peaks.data).toEqual([-1, 0.5, 0, 1]);
  });

  it('keeps a last, shorter window and handles silence and empty input', () => {
    const peaks = computePeaks(new Int16Array(330).fill(-3277), { peaksPerSecond: 50 });
    expect(peaks.length).toBe(2);
    expect(peaks.data).toEqual([-0.1, -0.1, -0.1, -0.1]);
    expect(computePeaks(new Int16Array(0))).toMatchObject({ length: 0, duration: 0, data: [] });
  });

  it('follows a sine wave envelope', () => {
    const sampleRate = 16000;
    const samples = Int16Array.from({ length: sampleRate }, (_, i) => Math.round(16000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)));
    const peaks = computePeaks(samples, { peaksPerSecond: 100 });
    expect(peaks.length).toBe(100);
    for (let i = 0; i < peaks.data.length; i += 2) {
      expect(peaks.data[i]).toBeCloseTo(-16000 / 32768, 2);
      expect(peaks.data[i + 1]).toBeCloseTo(16000 / 32768, 2);
    }
  });

  it('gives the same result whatever the chunking, odd byte counts included', () => {
    const samples = Array.from({ length: 2000 }, (_, i) => ((i * 7919) % 65536) - 32768);
    const whole = computePeaks(Int16Array.from(samples), { peaksPerSecond: 100 });
    const bytes = pcmBytes(samples);
    const accumulator = new PeaksAccumulator({ peaksPerSecond: 100 });
    for (let offset = 0; offset < bytes.length; offset += 333) accumulator.push(bytes.subarray(offset, offset + 333));
    expect(accumulator.finish()).toEqual(whole);
  });

  it('rejects nonsense rates', () => {
    expect(() => new PeaksAccumulator({ peaksPerSecond: 0 })).toThrow(RangeError);
    expect(() => new PeaksAccumulator({ peaksPerSecond: 20000 })).toThrow(RangeError);
  });
});

describe('peaks from files', () => {
  const jfk = path.resolve('../shared/fixtures/audio/jfk-en.wav');

  it('streams over a 16 kHz WAV, and agrees with decoding through ffmpeg', async () => {
    const fromWav = await peaksFromWavFile(jfk);
    expect(fromWav.duration).toBeCloseTo(11, 2);
    expect(fromWav.length).toBe(550);
    expect(Math.max(...fromWav.data)).toBeGreaterThan(0.2);
    expect(Math.min(...fromWav.data)).toBeGreaterThanOrEqual(-1);
    const fromMedia = await peaksFromMedia(jfk);
    expect(fromMedia.length).toBe(550);
    expect(fromMedia.data).toEqual(fromWav.data);
  });

  it('refuses a WAV that is not engine PCM', async () => {
    await expect(peaksFromWavFile(path.resolve('../shared/fixtures/audio/meeting-fr-60s.mp3'))).rejects.toMatchObject({
      code: 'media_wrong_format',
    });
  });
});
