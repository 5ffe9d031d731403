import { describe, expect, it } from 'vitest';
import { Pcm16Decoder } from '../src/media/pcm.ts';

const SAMPLES = [0, 1, -1, 256, -256, 32767, -32768, 12345, -12345];

/** Little-endian signed 16-bit bytes, low byte first. */
function bytes(samples: number[]): Uint8Array {
  const buffer = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => buffer.writeInt16LE(s, i * 2));
  return new Uint8Array(buffer);
}

describe('Pcm16Decoder', () => {
  it('reads little-endian signed samples, negative values included', () => {
    expect(Array.from(new Pcm16Decoder().decode(bytes(SAMPLES)))).toEqual(SAMPLES);
    expect(Array.from(new Pcm16Decoder().decode(Uint8Array.of(0xff, 0xff, 0x00, 0x80, 0xff, 0x7f)))).toEqual([-1, -32768, 32767]);
  });

  it('keeps an odd trailing byte and completes the next chunk’s first sample with it', () => {
    const decoder = new Pcm16Decoder();
    // -2 is 0xfffe: its low byte ends the first chunk, its high byte starts the second.
    expect(Array.from(decoder.decode(Uint8Array.of(0x34, 0x12, 0xfe)))).toEqual([0x1234]);
    expect(Array.from(decoder.decode(Uint8Array.of(0xff, 0x00, 0x80)))).toEqual([-2, -32768]);
    expect(Array.from(decoder.decode(new Uint8Array(0)))).toEqual([]);
  });

  it('gives the same samples however the bytes are split, one byte at a time included', () => {
    const all = bytes(SAMPLES);
    for (const size of [1, 3, 5, 7]) {
      const decoder = new Pcm16Decoder();
      const out: number[] = [];
      for (let i = 0; i < all.length; i += size) out.push(...decoder.decode(all.subarray(i, i + size)));
      expect(out).toEqual(SAMPLES);
    }
  });

  it('reads a chunk that starts at an odd offset of its buffer', () => {
    const backing = new Uint8Array(1 + 4);
    backing.set(bytes([-3, 300]), 1);
    expect(Array.from(new Pcm16Decoder().decode(backing.subarray(1)))).toEqual([-3, 300]);
  });
});
