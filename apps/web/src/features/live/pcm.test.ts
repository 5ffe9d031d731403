import { LIVE_AUDIO } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { FRAME_SECONDS, WORKLET_FORMAT } from './audioFormat.ts';
import { Downsampler, Framer, rms, toInt16, toLittleEndian } from './pcm.ts';

const RATE = WORKLET_FORMAT.sampleRate;
const FRAME_SAMPLES = WORKLET_FORMAT.frameSamples;

const sine = (rate: number, frequency: number, seconds: number) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => Math.sin((2 * Math.PI * frequency * i) / rate));

describe('microphone audio to 16 kHz mono s16le', () => {
  it('converts floats to clipped 16-bit integers', () => {
    expect([toInt16(0), toInt16(1), toInt16(-1), toInt16(2), toInt16(-3), toInt16(0.5)]).toEqual([0, 32767, -32768, 32767, -32768, 16384]);
  });

  it('gives one output sample per input sample span, across calls of any size', () => {
    for (const rate of [48000, 44100, 16000, 8000]) {
      const down = new Downsampler(rate, RATE);
      const input = sine(rate, 440, 1);
      let count = 0;
      for (let i = 0; i < input.length; i += 128) count += down.push(input.subarray(i, i + 128)).length;
      expect(Math.abs(count - LIVE_AUDIO.sampleRate)).toBeLessThanOrEqual(2);
    }
  });

  it('averages 48 kHz down to 16 kHz', () => {
    const down = new Downsampler(48000, RATE);
    expect(down.push([0.3, 0.3, 0.3, 0.6, 0.0, 0.0, 0.9])).toEqual([expect.closeTo(0.3, 6), expect.closeTo(0.2, 6)]);
  });

  it('keeps a speech-band tone and weakens one above the new Nyquist frequency', () => {
    const kept = new Downsampler(48000, RATE).push(sine(48000, 440, 0.5));
    const folded = new Downsampler(48000, RATE).push(sine(48000, 15000, 0.5));
    expect(rms(kept)).toBeGreaterThan(0.65);
    expect(rms(folded)).toBeLessThan(rms(kept) / 2);
  });

  it('frames 100 ms of samples, little-endian', () => {
    const framer = new Framer(FRAME_SAMPLES);
    expect(framer.push(Array<number>(FRAME_SAMPLES - 1).fill(0))).toEqual([]);
    const frames = framer.push([1, 0.5, 0.5]);
    expect(frames).toHaveLength(1);
    expect(frames[0]!.byteLength).toBe(FRAME_SAMPLES * LIVE_AUDIO.bytesPerSample);
    const bytes = new Uint8Array(frames[0]!);
    expect([bytes.at(-2), bytes.at(-1)]).toEqual([0xff, 0x7f]);
    expect(FRAME_SAMPLES * LIVE_AUDIO.bytesPerSample).toBeLessThanOrEqual(LIVE_AUDIO.maxMessageBytes);
    expect(framer.push(Array<number>(FRAME_SAMPLES - 3).fill(0))).toHaveLength(0);
    expect(framer.push([0])).toHaveLength(1);
  });

  it('asks the worklet for the ingest’s rate in 100 ms frames it takes', () => {
    expect(RATE).toBe(LIVE_AUDIO.sampleRate);
    expect(FRAME_SECONDS).toBeCloseTo(0.1, 6);
    expect(Number.isInteger(FRAME_SAMPLES)).toBe(true);
  });

  it('writes little-endian bytes', () => {
    expect([...new Uint8Array(toLittleEndian(Int16Array.from([1, -2, 0x1234])))]).toEqual([1, 0, 0xfe, 0xff, 0x34, 0x12]);
  });
});
