/**
 * The contract every engine's TranscriptionStream honours, as a reusable suite: an engine's test
 * file calls `describeStreamingContract` with a way to open its streams. What a live session
 * relies on is checked from the outside: final words that make sense, times that only go forward,
 * partials before their final (for engines that give partials), `write` returning false when the engine lags and 'drain' after,
 * `end()` resolving after the last final, and `abort()` stopping events and freeing resources.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StreamOptions, StreamResult, TranscriptionStream } from '../../src/asr/streaming.ts';
import { parseWavHeader } from '../../src/media/wav.ts';
import { wordErrorRate } from '../../src/text/wer.ts';

export const JFK_REFERENCE = 'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';
const BYTES_PER_SECOND = 32_000;

/** The 16 kHz mono s16le samples of jfk-en.wav (its data chunk, after a LIST chunk). */
export function jfkSamples(): Buffer {
  const file = fs.readFileSync(path.resolve('../shared/fixtures/audio/jfk-en.wav'));
  const info = parseWavHeader(file.subarray(0, 64 * 1024), file.length);
  return file.subarray(info.dataOffset, info.dataOffset + info.dataBytes);
}

export interface StreamingContractOptions {
  open(options: StreamOptions): TranscriptionStream;
  /** Highest WER the finals of jfk-en.wav may have. */
  maxWer: number;
  /** Native resources (decoders, processes, sockets…) still held by this engine's streams. */
  liveResources(): number;
  /** Whether the engine gives partial results (default true); without, it must give none. */
  partials?: boolean;
  timeoutMs?: number;
}

type ResultEvent = { type: 'partial' | 'final'; result: StreamResult; at: number };
type Event = ResultEvent | { type: 'drain'; at: number };

function record(stream: TranscriptionStream): Event[] {
  const events: Event[] = [];
  let n = 0;
  stream.on('partial', (result) => events.push({ type: 'partial', result, at: n++ }));
  stream.on('final', (result) => events.push({ type: 'final', result, at: n++ }));
  stream.on('drain', () => events.push({ type: 'drain', at: n++ }));
  return events;
}

/** Writes `pcm` in chunks of `chunkBytes`, waiting for 'drain' whenever `write` says so. */
async function writeAll(stream: TranscriptionStream, pcm: Buffer, chunkBytes: number): Promise<{ refusals: number }> {
  let refusals = 0;
  for (let offset = 0; offset < pcm.length; offset += chunkBytes) {
    if (!stream.write(pcm.subarray(offset, offset + chunkBytes))) {
      refusals++;
      await new Promise<void>((resolve, reject) => {
        const drained = () => {
          stream.off('error', reject);
          resolve();
        };
        stream.once('drain', drained);
        stream.once('error', reject);
      });
    }
  }
  return { refusals };
}

const eventually = async (check: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!check() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
};

export function describeStreamingContract(name: string, options: StreamingContractOptions): void {
  describe(`${name}: streaming contract`, { timeout: options.timeoutMs ?? 240_000 }, () => {
    it('turns speech written faster than real time, in odd-sized chunks, into ordered finals', async () => {
      const pcm = jfkSamples();
      const stream = options.open({ language: 'en' });
      const events = record(stream);
      // 0.1 s plus one byte: chunks split samples, as a socket may.
      await writeAll(stream, pcm, 3201);
      await stream.end();
      const endedAt = events.length;

      const finals = events.filter((e): e is ResultEvent => e.type === 'final').map((e) => e.result);
      const text = finals
        .map((f) => f.text)
        .filter(Boolean)
        .join(' ');
      const { wer } = wordErrorRate(JFK_REFERENCE, text);
      console.log(`${name} stream, jfk-en.wav: WER ${wer.toFixed(3)}: ${text}`);
      expect(wer).toBeLessThanOrEqual(options.maxWer);

      // Word times are seconds since the stream began, only go forward, and stay within the audio.
      const duration = pcm.length / BYTES_PER_SECOND;
      let previousEnd = 0;
      for (const final of finals) {
        expect(final.text).toBe(final.words.map((w) => w.word).join(' '));
        for (const word of final.words) {
          expect(word.start).toBeGreaterThanOrEqual(previousEnd);
          expect(word.end).toBeGreaterThanOrEqual(word.start);
          expect(word.end).toBeLessThanOrEqual(duration + 0.1);
          expect(word.confidence).toBeGreaterThanOrEqual(0);
          expect(word.confidence).toBeLessThanOrEqual(1);
          previousEnd = word.end;
        }
      }
      if (options.partials === false) expect(events.some((e) => e.type === 'partial')).toBe(false);
      // Every final that has words was announced by a partial since the previous final.
      let partialSinceFinal = options.partials === false;
      for (const event of events) {
        if (event.type === 'partial') partialSinceFinal = true;
        if (event.type === 'final') {
          if (event.result.words.length > 0) expect(partialSinceFinal).toBe(true);
          partialSinceFinal = options.partials === false;
        }
      }
      // end() resolved after the last final; nothing comes afterwards.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(events.length).toBe(endedAt);
      expect(() => stream.write(Buffer.alloc(320))).toThrow();
      expect(await eventually(() => options.liveResources() === 0)).toBe(true);
    });

    it('says when it lags behind (write returns false), then drains', async () => {
      const stream = options.open({ language: 'en', highWaterMark: BYTES_PER_SECOND });
      const events = record(stream);
      const pcm = jfkSamples().subarray(0, 4 * BYTES_PER_SECOND);
      // Four seconds at once is far more than one second of allowance.
      expect(stream.write(pcm)).toBe(false);
      await new Promise<void>((resolve) => stream.once('drain', resolve));
      expect(events.some((e) => e.type === 'drain')).toBe(true);
      expect(stream.write(Buffer.alloc(3200))).toBe(true);
      await stream.end();
    });

    it('stops at once when aborted, and frees what the stream held', async () => {
      const stream = options.open({ language: 'en' });
      const events = record(stream);
      const pcm = jfkSamples();
      stream.write(pcm.subarray(0, 2 * BYTES_PER_SECOND));
      expect(options.liveResources()).toBeGreaterThan(0);
      await stream.abort();
      const count = events.length;
      expect(await eventually(() => options.liveResources() === 0)).toBe(true);
      expect(() => stream.write(pcm.subarray(0, 3200))).toThrow();
      await expect(stream.end()).rejects.toThrow();
      await stream.abort();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(events.length).toBe(count);
    });

    it('ends a silent stream without words', async () => {
      const stream = options.open({ language: 'en' });
      const events = record(stream);
      await writeAll(stream, Buffer.alloc(3 * BYTES_PER_SECOND), 3200);
      await stream.end();
      expect(events.flatMap((e) => (e.type === 'final' ? e.result.words : []))).toEqual([]);
    });
  });
}
