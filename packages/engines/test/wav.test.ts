import { describe, expect, it } from 'vitest';
import { assertEnginePcm, encodeWav, parseWavHeader } from '../src/media/wav.ts';

function header(options: { channels?: number; rate?: number; bits?: number; dataSize?: number; extraChunk?: boolean } = {}): Buffer {
  const { channels = 1, rate = 16000, bits = 16, dataSize = 3200, extraChunk = false } = options;
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(channels, 10);
  fmt.writeUInt32LE(rate, 12);
  fmt.writeUInt32LE((rate * channels * bits) / 8, 16);
  fmt.writeUInt16LE((channels * bits) / 8, 20);
  fmt.writeUInt16LE(bits, 22);
  const list = Buffer.concat([Buffer.from('LIST'), Buffer.from([5, 0, 0, 0]), Buffer.from('INFOx'), Buffer.from([0])]);
  const data = Buffer.alloc(8);
  data.write('data', 0, 'ascii');
  data.writeUInt32LE(dataSize, 4);
  const riff = Buffer.from('RIFF\0\0\0\0WAVE', 'binary');
  return Buffer.concat([riff, fmt, ...(extraChunk ? [list] : []), data]);
}

describe('parseWavHeader', () => {
  it('finds the data after other chunks (odd sizes padded)', () => {
    const head = header({ extraChunk: true });
    const info = parseWavHeader(head, head.length + 3200);
    expect(info).toMatchObject({ audioFormat: 1, channels: 1, sampleRate: 16000, bitsPerSample: 16, dataOffset: head.length, dataBytes: 3200 });
    expect(info.durationSeconds).toBeCloseTo(0.1);
    expect(() => assertEnginePcm(info, 'x.wav')).not.toThrow();
  });

  it('bounds the data by the file size, and reads streamed headers (size 0 or 0xFFFFFFFF)', () => {
    const head = header({ dataSize: 0xffffffff });
    expect(parseWavHeader(head, head.length + 32000).durationSeconds).toBeCloseTo(1);
    expect(parseWavHeader(header({ dataSize: 0 }), 44 + 16000).dataBytes).toBe(16000);
    expect(parseWavHeader(header({ dataSize: 99999 }), 44 + 100).dataBytes).toBe(100);
  });

  it('rejects non-WAV data and wrong formats', () => {
    expect(() => parseWavHeader(Buffer.from('ID3\u0004 not a wav file at all'), 100)).toThrow(/Not a WAV/);
    const stereo = parseWavHeader(header({ channels: 2, rate: 44100 }), 10_000);
    expect(() => assertEnginePcm(stereo, 'stereo.wav')).toThrow(/16 kHz mono 16-bit PCM \(got format 1, 2 channel\(s\), 44100 Hz/);
  });

  it('encodes samples as the WAV the engines read', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768]);
    const file = encodeWav(samples, 16000);
    const info = parseWavHeader(file, file.length);
    expect(info).toMatchObject({ audioFormat: 1, channels: 1, sampleRate: 16000, bitsPerSample: 16, dataOffset: 44, dataBytes: 10 });
    expect(() => assertEnginePcm(info, 'utterance.wav')).not.toThrow();
    expect(Array.from({ length: 5 }, (_, i) => file.readInt16LE(44 + 2 * i))).toEqual(Array.from(samples));
  });
});
