/**
 * Minimal RIFF/WAVE header reader: enough to check that a file is the 16 kHz mono 16-bit PCM the
 * engines expect and to find where its samples start, without reading the samples.
 */
import { open } from 'node:fs/promises';
import { EngineError } from '../errors.ts';

export interface WavInfo {
  audioFormat: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Byte offset of the first sample. */
  dataOffset: number;
  /** Bytes of sample data actually present in the file. */
  dataBytes: number;
  durationSeconds: number;
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/**
 * Parses a WAV header from the start of a file. `fileSize` bounds the data chunk: writers that
 * stream (ffmpeg to a pipe) leave its size at 0 or 0xFFFFFFFF.
 */
export function parseWavHeader(head: Buffer, fileSize: number): WavInfo {
  if (head.length < 12 || head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') {
    throw new EngineError('media_wrong_format', 'Not a WAV file (no RIFF/WAVE header)');
  }
  let offset = 12;
  let fmt: Omit<WavInfo, 'dataOffset' | 'dataBytes' | 'durationSeconds'> | undefined;
  while (offset + 8 <= head.length) {
    const id = head.toString('ascii', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (body + 16 > head.length) break;
      let audioFormat = head.readUInt16LE(body);
      if (audioFormat === WAVE_FORMAT_EXTENSIBLE && size >= 40 && body + 26 <= head.length) {
        audioFormat = head.readUInt16LE(body + 24); // first two bytes of the sub-format GUID
      }
      fmt = {
        audioFormat,
        channels: head.readUInt16LE(body + 2),
        sampleRate: head.readUInt32LE(body + 4),
        bitsPerSample: head.readUInt16LE(body + 14),
      };
    } else if (id === 'data') {
      if (!fmt) throw new EngineError('media_wrong_format', 'WAV file has its data before its format chunk');
      const available = Math.max(0, fileSize - body);
      const dataBytes = size === 0 || size === 0xffffffff ? available : Math.min(size, available);
      const bytesPerSecond = fmt.sampleRate * fmt.channels * (fmt.bitsPerSample / 8);
      return { ...fmt, dataOffset: body, dataBytes, durationSeconds: bytesPerSecond > 0 ? dataBytes / bytesPerSecond : 0 };
    }
    offset = body + size + (size % 2); // chunks are word-aligned
  }
  throw new EngineError('media_wrong_format', 'WAV header is truncated or has no data chunk in its first 64 KiB');
}

export async function readWavInfo(path: string): Promise<WavInfo> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new EngineError('media_unreadable', `Cannot open ${path}: ${(error as Error).message}`, { cause: error });
  }
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, 64 * 1024));
    await handle.read(head, 0, head.length, 0);
    return parseWavHeader(head, size);
  } finally {
    await handle.close();
  }
}

/** Throws unless the WAV is what ffmpeg's toEnginePcmArgs produces. */
export function assertEnginePcm(info: WavInfo, path: string): void {
  if (info.audioFormat !== WAVE_FORMAT_PCM || info.channels !== 1 || info.sampleRate !== 16_000 || info.bitsPerSample !== 16) {
    throw new EngineError(
      'media_wrong_format',
      `${path} must be 16 kHz mono 16-bit PCM (got format ${info.audioFormat}, ${info.channels} channel(s), ` +
        `${info.sampleRate} Hz, ${info.bitsPerSample} bits); convert it with toEnginePcmArgs first`,
    );
  }
}

/** The 44-byte header of a 16-bit mono PCM WAV file whose samples take `dataBytes` bytes. */
export function wavHeader(dataBytes: number, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(WAVE_FORMAT_PCM, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** A 16-bit mono PCM WAV file holding `samples` (44-byte header, then the samples little-endian). */
export function encodeWav(samples: Int16Array, sampleRate: number): Buffer {
  const dataBytes = samples.length * 2;
  const file = Buffer.alloc(44 + dataBytes);
  wavHeader(dataBytes, sampleRate).copy(file, 0);
  for (let i = 0; i < samples.length; i++) file.writeInt16LE(samples[i]!, 44 + 2 * i);
  return file;
}
