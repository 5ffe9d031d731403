/**
 * Live whisper.cpp. No whisper weights exist here, so the stream runs on scripted decoders: the
 * chunking, the partial cadence, the stable-prefix policy, time offsets, prompts, language
 * detection, failures and aborts are checked with a decoder whose answers the test writes; the
 * streaming contract runs through the real engine and decoder code with a binding that answers
 * like whisper.cpp (the words of jfk-en.wav heard in each window); and the real binding is loaded
 * to check a missing model ends the stream with a clear error.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamResult, StreamWord } from '../src/asr/streaming.ts';
import { createWhisperEngine, liveWhisperDecoders, type WhisperBinding, type WhisperBindingResult } from '../src/asr/whisper.ts';
import { WhisperStream, type WhisperDecodeRequest, type WhisperDecoder } from '../src/asr/whisper-stream.ts';
import { isEngineError } from '../src/errors.ts';
import { wordsHeard } from './support/jfk-timeline.ts';
import { syntheticSpeechBytes } from './support/synthetic-speech.ts';
import { describeStreamingContract } from './support/streaming-contract.ts';

const speech = syntheticSpeechBytes;

type Script = (request: WhisperDecodeRequest, call: number) => { words: StreamWord[]; language?: string } | Promise<{ words: StreamWord[]; language?: string }>;

function scripted(script: Script) {
  const requests: Array<{ start: number; seconds: number; language: string; prompt: string }> = [];
  let released = 0;
  const decoder: WhisperDecoder = {
    async decode(request) {
      requests.push({ start: request.start, seconds: request.samples.length / request.sampleRate, language: request.language, prompt: request.prompt });
      return script(request, requests.length - 1);
    },
    async release() {
      released++;
    },
  };
  return { decoder, requests, released: () => released };
}

const w = (word: string, start: number, end: number): StreamWord => ({ word, start, end, confidence: 1 });

function record(stream: WhisperStream) {
  const events: Array<{ type: string; text: string; words: StreamWord[]; language?: string }> = [];
  stream.on('partial', (r: StreamResult) => events.push({ type: 'partial', text: r.text, words: r.words }));
  stream.on('final', (r) => events.push({ type: 'final', text: r.text, words: r.words, language: r.language }));
  return events;
}

describe('whisper stream on a scripted decoder', () => {
  it('re-decodes the utterance every second of new audio and commits what two decodes agree on', async () => {
    // One utterance: speech 1–4.3 s, so audio from 0.7 s (pre-roll) to 4.5 s (tail).
    const hypotheses = [
      [w('and', 0.3, 0.6), w('sew', 0.6, 0.9)],
      [w('and', 0.3, 0.6), w('so', 0.6, 0.9), w('my', 0.9, 1.2), w('fell', 1.2, 1.9)],
      [w('And', 0.3, 0.6), w('so', 0.6, 0.9), w('my', 0.9, 1.2), w('fellow', 1.2, 1.9), w('Americans', 1.9, 2.8)],
    ];
    const final = [w('And', 0.3, 0.6), w('so', 0.6, 0.9), w('my', 0.9, 1.2), w('fellow', 1.2, 1.9), w('Americans,', 1.9, 2.8), w('ask', 3, 3.5)];
    const { decoder, requests, released } = scripted((_request, call) => ({ words: hypotheses[call] ?? final }));
    const stream = new WhisperStream({ language: 'en', createDecoder: async () => decoder });
    const events = record(stream);
    stream.write(speech(6, [[1, 4.3]]));
    await stream.end();

    // Partial decodes of 1, 2 and 3 s of the utterance, then the final of all of it.
    expect(requests.map((r) => r.seconds)).toEqual([1, 2, 3, expect.closeTo(3.8, 1)]);
    expect(requests.every((r) => r.start === requests[0]!.start)).toBe(true);
    const start = requests[0]!.start;
    expect(start).toBeCloseTo(0.7, 1);

    expect(events.map((e) => `${e.type}: ${e.text}`)).toEqual([
      'partial: and sew',
      'partial: and so my fell',
      'partial: and so my fellow Americans',
      'final: and so my fellow Americans, ask',
    ]);
    // "and" was committed on the second decode: later decodes' "And" does not replace it.
    const round3 = (t: number) => Math.round(t * 1000) / 1000;
    expect(events.at(-1)!.words[0]).toEqual({ word: 'and', start: round3(start + 0.3), end: round3(start + 0.6), confidence: 1 });
    // Times are seconds since the stream began.
    expect(events.at(-1)!.words.at(-1)).toEqual({ word: 'ask', start: round3(start + 3), end: round3(start + 3.5), confidence: 1 });
    expect(events.at(-1)!.language).toBe('en');
    expect(released()).toBe(1);
  });

  it('announces an utterance too short for a partial decode by a partial equal to its final', async () => {
    const { decoder, requests } = scripted(() => ({ words: [w('yes', 0.3, 0.6)] }));
    const stream = new WhisperStream({ language: 'en', createDecoder: async () => decoder });
    const events = record(stream);
    stream.write(speech(2, [[0.5, 0.8]]));
    await stream.end();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.seconds).toBeLessThan(1);
    expect(events.map((e) => `${e.type}: ${e.text}`)).toEqual(['partial: yes', 'final: yes']);
  });

  it('keeps its own copy of the audio written (callers may reuse their buffers)', async () => {
    const { decoder, requests } = scripted(() => ({ words: [w('yes', 0.3, 0.6)] }));
    const stream = new WhisperStream({ language: 'en', createDecoder: async () => decoder });
    const events = record(stream);
    const buffer = speech(3, [[0.5, 2]]);
    stream.write(buffer);
    buffer.fill(0);
    await stream.end();
    expect(requests.length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ type: 'final', text: 'yes' });
  });

  it('gives each utterance its final, with the previous finals as the prompt', async () => {
    const { decoder, requests } = scripted((request) => ({ words: [w(request.start < 2 ? 'first' : 'second', 0.3, 0.8)] }));
    const stream = new WhisperStream({ language: 'fr', createDecoder: async () => decoder, partialIntervalSeconds: 10 });
    const events = record(stream);
    stream.write(
      speech(5, [
        [0.5, 1.5],
        [3, 4],
      ]),
    );
    await stream.end();
    const finals = events.filter((e) => e.type === 'final');
    expect(finals.map((f) => f.text)).toEqual(['first', 'second']);
    expect(finals.map((f) => f.language)).toEqual(['fr', 'fr']);
    expect(requests.map((r) => r.prompt)).toEqual(['', 'first']);
    expect(finals[1]!.words[0]!.start).toBeGreaterThan(finals[0]!.words[0]!.end);
  });

  it('keeps the language detected in the first utterance for the rest of the stream', async () => {
    const { decoder, requests } = scripted((request) => ({ words: [w('oui', 0.3, 0.6)], language: request.language === 'auto' ? 'fr' : undefined }));
    const stream = new WhisperStream({ language: 'auto', createDecoder: async () => decoder });
    const events = record(stream);
    stream.write(
      speech(6, [
        [0.5, 2],
        [3.5, 4.5],
      ]),
    );
    await stream.end();
    expect(requests[0]!.language).toBe('auto');
    expect(requests.slice(1).every((r) => r.language === 'fr')).toBe(true);
    expect(events.filter((e) => e.type === 'final').map((e) => e.language)).toEqual(['fr', 'fr']);
  });

  it('cuts an utterance at the longest length and finals each part', async () => {
    const { decoder, requests } = scripted(() => ({ words: [w('word', 0.1, 0.4)] }));
    const stream = new WhisperStream({ language: 'en', createDecoder: async () => decoder, chunker: { maxUtteranceSeconds: 3 }, partialIntervalSeconds: 10 });
    const events = record(stream);
    stream.write(speech(8.5, [[0.5, 8]]));
    await stream.end();
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const r of requests) expect(r.seconds).toBeLessThanOrEqual(3.001);
    expect(events.filter((e) => e.type === 'final').length).toBe(requests.length);
  });

  it('ends the stream with an error when the decoder fails, and frees it', async () => {
    const { decoder, released } = scripted((_request, call) => {
      if (call === 1) throw new Error('ggml_new_tensor: not enough space');
      return { words: [w('a', 0.1, 0.2)] };
    });
    const stream = new WhisperStream({ language: 'en', createDecoder: async () => decoder });
    const errors: unknown[] = [];
    stream.on('error', (error) => errors.push(error));
    stream.write(speech(5, [[0.5, 4.5]]));
    await expect(stream.end()).rejects.toMatchObject({ code: 'engine_failed' });
    expect(errors).toHaveLength(1);
    expect(isEngineError(errors[0], 'engine_failed')).toBe(true);
    expect(() => stream.write(Buffer.alloc(2))).toThrow();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(released()).toBe(1);
  });

  it('when aborted mid-decode, emits nothing more and frees the decoder only after the decode settles', async () => {
    let finishDecode: () => void = () => {};
    let freedWhileDecoding = false;
    let decoding = false;
    const decoder: WhisperDecoder = {
      decode: () => {
        decoding = true;
        return new Promise((resolve) => {
          finishDecode = () => {
            decoding = false;
            resolve({ words: [w('late', 0.1, 0.3)] });
          };
        });
      },
      release: async () => {
        freedWhileDecoding = decoding;
      },
    };
    const stream = new WhisperStream({ language: 'en', createDecoder: async () => decoder });
    const events = record(stream);
    stream.write(speech(3, [[0.5, 3]]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(decoding).toBe(true);
    const aborted = stream.abort();
    setTimeout(() => finishDecode(), 20);
    await aborted;
    expect(freedWhileDecoding).toBe(false);
    expect(events).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The real engine and decoder code, with a binding answering like whisper.cpp on jfk-en.wav
// ---------------------------------------------------------------------------------------------

/**
 * A binding whose contexts "hear" jfk-en.wav (`wordsHeard`): `transcribeData` answers in the
 * binding's shape, one token per segment, times in ms from the window's start.
 */
function jfkBinding(counters: { contexts: number; decodes: number }): WhisperBinding {
  return {
    async initWhisper() {
      counters.contexts++;
      return {
        transcribeFile: () => {
          throw new Error('not used by streams');
        },
        transcribeData(pcm: ArrayBuffer) {
          counters.decodes++;
          const heard = wordsHeard(new Int16Array(pcm));
          const segments: WhisperBindingResult['segments'] = heard.map((w) => ({ text: ` ${w.word}`, t0: Math.round(w.start * 1000), t1: Math.round(w.end * 1000) }));
          return { stop: async () => {}, promise: Promise.resolve({ language: 'en', result: '', segments, isAborted: false }) };
        },
        async release() {
          counters.contexts--;
        },
      };
    },
    async initWhisperVad() {
      throw new Error('not used by streams');
    },
  };
}

let modelsDir: string;
const counters = { contexts: 0, decodes: 0 };

beforeAll(async () => {
  modelsDir = await mkdtemp(path.join(os.tmpdir(), 'palabre-whisper-stream-'));
  // The model file only has to exist: the binding above does not read it.
  await writeFile(path.join(modelsDir, 'ggml-base.bin'), 'not read');
});
afterAll(() => rm(modelsDir, { recursive: true, force: true }));

describeStreamingContract('whisper', {
  open: (options) => createWhisperEngine({ modelsDir, loadBinding: async () => jfkBinding(counters) }).openStream(options),
  maxWer: 0.05,
  liveResources: liveWhisperDecoders,
});

describe('whisper stream, real engine code', () => {
  it('freed every context the streams loaded', () => {
    expect(counters.decodes).toBeGreaterThan(0);
    expect(counters.contexts).toBe(0);
  });

  it('reuses the last partial decode when the utterance ends on it', async () => {
    const { decoder, requests } = scripted(() => ({ words: [w('yes', 0.3, 0.6)] }));
    const stream = new WhisperStream({ language: 'en', createDecoder: async () => decoder });
    const events = record(stream);
    // Speech 0.5–0.8 s: audio 0.2–1.0 s, exactly one partial interval.
    stream.write(speech(2, [[0.5, 0.8]]));
    await stream.end();
    expect(requests).toHaveLength(1);
    expect(events.map((e) => e.type)).toEqual(['partial', 'final']);
  });

  it('ends the stream with engine_unavailable when the model is not installed (the real binding)', async () => {
    const emptyDir = await mkdtemp(path.join(os.tmpdir(), 'palabre-no-model-'));
    try {
      const stream = createWhisperEngine({ modelsDir: emptyDir, model: 'small' }).openStream({ language: 'en' });
      const error = await new Promise<Error>((resolve) => stream.on('error', resolve));
      expect(error).toMatchObject({ code: 'engine_unavailable', message: expect.stringContaining('palabre models pull small') });
      await expect(stream.end()).rejects.toMatchObject({ code: 'engine_unavailable' });
      expect(() => stream.write(Buffer.alloc(320))).toThrow(/pull small/);
      await stream.abort();
      expect(liveWhisperDecoders()).toBe(0);
    } finally {
      await rm(emptyDir, { recursive: true, force: true });
    }
  });

  it('refuses French on an English-only model and other sample rates', () => {
    const engine = createWhisperEngine({ modelsDir, model: 'base.en' });
    expect(() => engine.openStream({ language: 'fr' })).toThrow(expect.objectContaining({ code: 'language_unsupported' }));
    expect(() => engine.openStream({ language: 'en', sampleRate: 8000 })).toThrow(expect.objectContaining({ code: 'media_wrong_format' }));
  });
});
