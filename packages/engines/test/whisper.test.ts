/**
 * Whisper adapter. No whisper weights exist on these machines, so: availability messages, option
 * mapping, result mapping from the binding's output shape, a real load of @fugood/whisper.node, a real
 * Silero VAD run through it, and a real transcription only when PALABRE_TEST_WHISPER_MODEL names a
 * ggml model file.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWhisperEngine,
  detectSpeech,
  loadWhisperBinding,
  mapWhisperResult,
  resolveWhisperModel,
  whisperTranscribeOptions,
  type WhisperBindingResult,
} from '../src/asr/whisper.ts';
import { wordErrorRate } from '../src/text/wer.ts';

const JFK = path.resolve('../shared/fixtures/audio/jfk-en.wav');
const VAD_MODEL = path.resolve('../shared/models/ggml-silero-v6.2.0.bin');
const REFERENCE = 'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';

/**
 * The shape `transcribeFile` resolves to (lib/binding.ts `TranscribeResult`, times in ms from
 * src/common.cpp `t0 * 10`) with `tokenTimestamps: true, maxLen: 1`: one token per segment, words
 * split into sub-word tokens that do not start with a space, punctuation as its own token.
 */
const SAMPLE: WhisperBindingResult = {
  language: 'en',
  result: ' And so my fellow Americans, ask not',
  isAborted: false,
  segments: [
    { text: ' And', t0: 320, t1: 550 },
    { text: ' so', t0: 550, t1: 810 },
    { text: ' my', t0: 810, t1: 1100 },
    { text: ' fellow', t0: 1100, t1: 1500 },
    { text: ' Americ', t0: 1500, t1: 1900 },
    { text: 'ans', t0: 1900, t1: 2200 },
    { text: ',', t0: 2200, t1: 2270 },
    { text: '[BLANK_AUDIO]', t0: 2270, t1: 3270 },
    { text: ' ask', t0: 3270, t1: 3700 },
    { text: ' not', t0: 3700, t1: 4410 },
  ],
};

let modelsDir: string;
beforeAll(async () => {
  modelsDir = await mkdtemp(path.join(os.tmpdir(), 'palabre-whisper-'));
});
afterAll(() => rm(modelsDir, { recursive: true, force: true }));

describe('whisper result and option mapping', () => {
  it('glues tokens into words, drops non-speech markers and splits segments at silences', () => {
    const result = mapWhisperResult(SAMPLE, 'auto');
    expect(result.language).toBe('en');
    expect(result.segments).toHaveLength(2);
    expect(result.segments[0]!.words.map((w) => w.word)).toEqual(['And', 'so', 'my', 'fellow', 'Americans,']);
    expect(result.segments[0]!.words[4]).toEqual({ word: 'Americans,', stime: 1.5, etime: 2.27, confidence: 1 });
    expect(result.segments[1]).toEqual({
      stime: 3.27,
      etime: 4.41,
      words: [
        { word: 'ask', stime: 3.27, etime: 3.7, confidence: 1 },
        { word: 'not', stime: 3.7, etime: 4.41, confidence: 1 },
      ],
    });
  });

  it('keeps the requested language, accepts detected en/fr and refuses others', () => {
    expect(mapWhisperResult({ ...SAMPLE, language: 'de' }, 'fr').language).toBe('fr');
    expect(mapWhisperResult({ ...SAMPLE, language: 'fr' }, 'auto').language).toBe('fr');
    expect(() => mapWhisperResult({ ...SAMPLE, language: 'de' }, 'auto')).toThrow(/"de"/);
  });

  it('clamps times to the audio and splits a multi-word segment evenly', () => {
    const result = mapWhisperResult(
      {
        segments: [
          { text: ' one two', t0: 0, t1: 1000 },
          { text: ' late', t0: 1900, t1: 2600 },
        ],
      },
      'en',
      {
        durationSeconds: 2,
      },
    );
    expect(result.segments.flatMap((s) => s.words)).toEqual([
      { word: 'one', stime: 0, etime: 0.5, confidence: 1 },
      { word: 'two', stime: 0.5, etime: 1, confidence: 1 },
      { word: 'late', stime: 1.9, etime: 2, confidence: 1 },
    ]);
  });

  it('maps language, threads and beam size to the binding options', () => {
    expect(whisperTranscribeOptions({ language: 'fr' }, { threads: 3 })).toEqual({ language: 'fr', maxThreads: 3, tokenTimestamps: true, maxLen: 1, temperature: 0 });
    expect(whisperTranscribeOptions({ language: 'auto' }, { threads: 2, beamSize: 5 })).toMatchObject({ language: 'auto', maxThreads: 2, beamSize: 5 });
    const defaults = whisperTranscribeOptions({ language: 'en' });
    expect(defaults.maxThreads).toBeGreaterThanOrEqual(1);
    expect(defaults.maxThreads).toBeLessThanOrEqual(8);
  });

  it('resolves catalogue names, file names and paths', () => {
    expect(resolveWhisperModel(undefined, '/m')).toEqual({ pullName: 'base', path: '/m/ggml-base.bin', englishOnly: false });
    expect(resolveWhisperModel('small.en', '/m')).toEqual({ pullName: 'small.en', path: '/m/ggml-small.en.bin', englishOnly: true });
    expect(resolveWhisperModel('/x/ggml-custom.en.bin', '/m')).toEqual({ pullName: null, path: '/x/ggml-custom.en.bin', englishOnly: true });
    expect(resolveWhisperModel('ggml-custom.bin', '/m')).toEqual({ pullName: null, path: '/m/ggml-custom.bin', englishOnly: false });
  });
});

describe('whisper availability', () => {
  it('says which model to pull when it is missing', async () => {
    const engine = createWhisperEngine({ modelsDir, model: 'large-v3-turbo' });
    expect(engine.languages).toEqual(['en', 'fr']);
    expect(await engine.availability()).toEqual({ ok: false, reason: expect.stringContaining('model not installed: run `palabre models pull large-v3-turbo`') });
    await expect(engine.transcribe({ wavPath: JFK, language: 'en' })).rejects.toMatchObject({
      code: 'engine_unavailable',
      message: expect.stringContaining('palabre models pull'),
    });
  });

  it('says when the binding cannot load', async () => {
    await writeFile(path.join(modelsDir, 'ggml-tiny.bin'), 'not really a model');
    const engine = createWhisperEngine({ modelsDir, model: 'tiny', loadBinding: async () => ({ error: "Cannot find package '@fugood/whisper.node'" }) });
    expect(await engine.availability()).toEqual({ ok: false, reason: expect.stringContaining('whisper binding not available') });
  });

  it('refuses French with an English-only model', async () => {
    const engine = createWhisperEngine({ modelsDir, model: 'tiny.en' });
    expect(engine.languages).toEqual(['en']);
    expect(await engine.availability({ language: 'fr' })).toEqual({ ok: false, reason: expect.stringContaining('English only') });
    await expect(engine.transcribe({ wavPath: JFK, language: 'fr' })).rejects.toMatchObject({ code: 'language_unsupported' });
  });

  it('reports a model file whisper.cpp cannot load as an engine failure', async () => {
    await writeFile(path.join(modelsDir, 'ggml-base.bin'), 'garbage, not ggml');
    const engine = createWhisperEngine({ modelsDir, model: 'base', threads: 1 });
    expect(await engine.availability()).toEqual({ ok: true });
    await expect(engine.transcribe({ wavPath: JFK, language: 'en' })).rejects.toMatchObject({ code: 'engine_failed' });
  });
});

describe('@fugood/whisper.node (real binding)', () => {
  it('loads on this platform and exposes its API', async () => {
    const binding = await loadWhisperBinding();
    expect('error' in binding ? binding.error : null).toBeNull();
    if ('error' in binding) return;
    expect(typeof binding.initWhisper).toBe('function');
    expect(typeof binding.initWhisperVad).toBe('function');
  });

  it('finds the speech in the JFK recording with the real Silero VAD model', async () => {
    const spans = await detectSpeech(JFK, { vadModelPath: VAD_MODEL, threads: 2 });
    expect(spans.length).toBeGreaterThanOrEqual(2);
    const speech = spans.reduce((sum, s) => sum + (s.etime - s.stime), 0);
    // 11 s recording, about 8 s of speech in four phrases; starts after ~0.3 s of silence.
    expect(speech).toBeGreaterThan(5);
    expect(speech).toBeLessThan(11);
    expect(spans[0]!.stime).toBeGreaterThan(0.1);
    expect(spans.at(-1)!.etime).toBeLessThanOrEqual(11.1);
    for (const span of spans) expect(span.etime).toBeGreaterThan(span.stime);
  });

  it('explains a missing VAD model', async () => {
    await expect(detectSpeech(JFK, { vadModelPath: path.join(modelsDir, 'none.bin') })).rejects.toMatchObject({
      code: 'engine_unavailable',
      message: expect.stringContaining('palabre models pull silero-v6.2.0'),
    });
  });
});

const REAL_MODEL = process.env.PALABRE_TEST_WHISPER_MODEL;
if (!REAL_MODEL) {
  console.log('[whisper] real inference test skipped: set PALABRE_TEST_WHISPER_MODEL to a ggml model file (e.g. ggml-base.en.bin) to run it');
}

describe.skipIf(!REAL_MODEL)('whisper real inference (PALABRE_TEST_WHISPER_MODEL)', () => {
  it('transcribes the JFK recording', async () => {
    const engine = createWhisperEngine({ modelsDir, model: path.resolve(REAL_MODEL!) });
    expect(await engine.availability({ language: 'en' })).toEqual({ ok: true });
    const progress: number[] = [];
    const started = performance.now();
    const result = await engine.transcribe({ wavPath: JFK, language: 'en', onProgress: (f) => progress.push(f) });
    const seconds = (performance.now() - started) / 1000;
    const words = result.segments.flatMap((s) => s.words);
    const wer = wordErrorRate(REFERENCE, words.map((w) => w.word).join(' '));
    console.log(`[whisper] ${path.basename(REAL_MODEL!)}: WER ${wer.wer.toFixed(3)}, real-time factor ${(seconds / 11).toFixed(2)}`);
    expect(result.language).toBe('en');
    expect(wer.wer).toBeLessThan(0.3);
    for (let i = 1; i < words.length; i++) expect(words[i]!.stime).toBeGreaterThanOrEqual(words[i - 1]!.stime);
    expect(progress.at(-1)).toBe(1);
  }, 600_000);
});
