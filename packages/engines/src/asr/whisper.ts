/**
 * Whisper adapter: whisper.cpp through `@fugood/whisper.node`, a maintained Node binding whose native
 * builds (CPU, Vulkan, CUDA for linux-x64/arm64, win32, darwin) are published as npm packages, so
 * nothing is compiled or downloaded at install time. It is an optional dependency loaded with a dynamic
 * import: without it the rest of Palabre works and this engine reports "whisper binding not available".
 *
 * Models are ggml files in the models folder (`<PALABRE_DATA_DIR>/models`), installed by
 * `palabre models pull <name>` (see `src/models/`).
 *
 * Word times: the binding returns segments (`text`, `t0`, `t1` in milliseconds) but no tokens. The
 * adapter asks whisper.cpp for token timestamps with `maxLen: 1` (whisper.cpp's `-ml 1`), which makes
 * every segment a single token; `mapWhisperResult` then glues tokens into words (a token that does not
 * start with a space continues the previous word: " Americ" + "ans" + "," → "Americans,"), drops
 * bracketed non-speech markers such as "[BLANK_AUDIO]", and groups words into segments at silences.
 * whisper.cpp gives no per-word probability through this binding, so confidences are 1.
 *
 * Voice activity detection (`detectSpeech`) uses whisper.cpp's Silero VAD through the same binding.
 */
import os from 'node:os';
import path from 'node:path';
import { isReadable } from '../access.ts';
import { EngineError } from '../errors.ts';
import { assertEnginePcm, readWavInfo } from '../media/wav.ts';
import { findCatalogueModel } from '../models/catalogue.ts';
import { segmentAtSilences, type SegmentationOptions } from './segments.ts';
import type { StreamOptions, StreamingEngine, TranscriptionStream } from './streaming.ts';
import { WhisperStream, type WhisperDecoder } from './whisper-stream.ts';
import type { EngineAvailability, EngineResult, EngineWord, RequestedLanguage, TranscribeInput, TranscriptLanguage, TranscriptionEngine } from './types.ts';

// ---------------------------------------------------------------------------------------------
// The part of the binding's API used here (from its lib/binding.ts and lib/index.ts, v1.1.x)
// ---------------------------------------------------------------------------------------------

export interface WhisperBindingTranscribeOptions {
  language?: string;
  maxThreads?: number;
  maxLen?: number;
  tokenTimestamps?: boolean;
  temperature?: number;
  beamSize?: number;
  /** Text said before the audio (whisper's initial prompt). */
  prompt?: string;
  /** 0 to 100. */
  onProgress?: (progress: number) => void;
}

export interface WhisperBindingResult {
  language?: string;
  result: string;
  /** Times in milliseconds. */
  segments: Array<{ text: string; t0: number; t1: number }>;
  isAborted: boolean;
}

export interface WhisperBindingContext {
  transcribeFile(filePath: string, options?: WhisperBindingTranscribeOptions): { stop: () => Promise<void>; promise: Promise<WhisperBindingResult> };
  /** 16 kHz mono 16-bit PCM (src/common.cpp `convertAudioBufferToFloat`). */
  transcribeData(pcm: ArrayBuffer, options?: WhisperBindingTranscribeOptions): { stop: () => Promise<void>; promise: Promise<WhisperBindingResult> };
  release(): Promise<void>;
}

export interface WhisperBindingVadContext {
  /** Segment times in centiseconds (whisper.cpp's VAD unit; the binding passes them through). */
  detectSpeechFile(filePath: string, options?: Record<string, number>): Promise<Array<{ t0: number; t1: number }>>;
  release(): Promise<void>;
}

export interface WhisperBinding {
  initWhisper(options: { filePath: string; useGpu?: boolean; useFlashAttn?: boolean }, libVariant?: string): Promise<WhisperBindingContext>;
  initWhisperVad(options: { filePath: string; useGpu?: boolean; nThreads?: number }, libVariant?: string): Promise<WhisperBindingVadContext>;
  toggleNativeLog?(enable: boolean): Promise<void>;
}

export const WHISPER_BINDING_PACKAGE = '@fugood/whisper.node';
export const WHISPER_BINDING_UNAVAILABLE = 'whisper binding not available';

let bindingPromise: Promise<WhisperBinding | { error: string }> | undefined;

/** Imports the optional binding once; resolves to `{ error }` when it is not installed or does not load. */
export function loadWhisperBinding(): Promise<WhisperBinding | { error: string }> {
  bindingPromise ??= (async () => {
    try {
      const specifier: string = WHISPER_BINDING_PACKAGE;
      const loaded = (await import(specifier)) as Partial<WhisperBinding> & { default?: Partial<WhisperBinding> };
      const api = typeof loaded.initWhisper === 'function' ? loaded : loaded.default;
      if (!api || typeof api.initWhisper !== 'function' || typeof api.initWhisperVad !== 'function') {
        return { error: `${WHISPER_BINDING_PACKAGE} does not expose initWhisper/initWhisperVad` };
      }
      return api as WhisperBinding;
    } catch (error) {
      return { error: (error as Error).message };
    }
  })();
  return bindingPromise;
}

const isBinding = (value: WhisperBinding | { error: string }): value is WhisperBinding => !('error' in value);

// ---------------------------------------------------------------------------------------------
// Configuration and pure parts
// ---------------------------------------------------------------------------------------------

export interface WhisperEngineConfig {
  /** Profile id; defaults to "whisper". */
  id?: string;
  /** Catalogue name ("base", "large-v3-turbo"…), a file name in modelsDir, or an absolute path. Default "base". */
  model?: string;
  /** Where `palabre models pull` installs models. */
  modelsDir: string;
  /** CPU threads (default: available cores, at most 8). */
  threads?: number;
  /** Use the GPU when the loaded native build has one (default false: the default build is CPU). */
  useGpu?: boolean;
  /** Beam search width (whisper.cpp default: greedy). */
  beamSize?: number;
  segmentation?: SegmentationOptions;
  /** Replaces the dynamic import (tests). */
  loadBinding?: () => Promise<WhisperBinding | { error: string }>;
}

export const WHISPER_DEFAULT_MODEL = 'base';

export interface ResolvedWhisperModel {
  /** The name to give `palabre models pull`, when the model is a catalogue one. */
  pullName: string | null;
  path: string;
  englishOnly: boolean;
}

export function resolveWhisperModel(model: string | undefined, modelsDir: string): ResolvedWhisperModel {
  const name = model?.trim() || WHISPER_DEFAULT_MODEL;
  const entry = findCatalogueModel(name);
  if (entry) return { pullName: entry.name, path: path.join(modelsDir, entry.fileName), englishOnly: entry.languages === 'en' };
  const file = path.isAbsolute(name) ? name : path.join(modelsDir, name);
  return { pullName: null, path: file, englishOnly: /\.en(?:[-.]|$)/.test(path.basename(name, '.bin')) };
}

export function defaultWhisperThreads(): number {
  return Math.max(1, Math.min(8, os.availableParallelism()));
}

/** Options given to the binding's transcribeFile. Pure. */
export function whisperTranscribeOptions(input: { language: RequestedLanguage }, config: Pick<WhisperEngineConfig, 'threads' | 'beamSize'> = {}): WhisperBindingTranscribeOptions {
  const options: WhisperBindingTranscribeOptions = {
    language: input.language,
    maxThreads: config.threads && config.threads > 0 ? Math.floor(config.threads) : defaultWhisperThreads(),
    tokenTimestamps: true,
    maxLen: 1,
    temperature: 0,
  };
  if (config.beamSize && config.beamSize > 1) options.beamSize = Math.floor(config.beamSize);
  return options;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** whisper.cpp's markers for non-speech ("[BLANK_AUDIO]", "[_BEG_]", "(music)" style ones included). */
const NON_SPEECH = /^\s*(?:\[[^\]]*\]|\([^)]*\)|\*[^*]*\*)\s*$/;

/** Token segments (maxLen 1) → words. Pure. */
export function whisperTokensToWords(segments: WhisperBindingResult['segments'], durationSeconds = Infinity): EngineWord[] {
  const words: EngineWord[] = [];
  let current: EngineWord | null = null;
  for (const segment of segments) {
    const text = segment.text ?? '';
    if (!text.trim() || NON_SPEECH.test(text)) {
      current = null;
      continue;
    }
    const stime = Math.min(Math.max(0, segment.t0 / 1000), durationSeconds);
    const etime = Math.min(Math.max(stime, segment.t1 / 1000), durationSeconds);
    const startsWord = /^\s/.test(text) || current === null;
    // A segment holding several words (a binding that ignores maxLen) is split evenly.
    const tokens = text.trim().split(/\s+/);
    if (!startsWord && current && tokens.length === 1) {
      current.word += tokens[0];
      current.etime = round3(Math.max(current.etime, etime));
      continue;
    }
    const step = (etime - stime) / tokens.length;
    for (const [i, token] of tokens.entries()) {
      const word: EngineWord = { word: token, stime: round3(stime + i * step), etime: round3(stime + (i + 1) * step), confidence: 1 };
      words.push(word);
      current = word;
    }
  }
  return words;
}

/** The binding's result → EngineResult. Pure. */
export function mapWhisperResult(
  result: Pick<WhisperBindingResult, 'language' | 'segments'>,
  requested: RequestedLanguage,
  options: { durationSeconds?: number; segmentation?: SegmentationOptions } = {},
): EngineResult {
  let language: TranscriptLanguage;
  if (requested !== 'auto') language = requested;
  else if (result.language === 'en' || result.language === 'fr') language = result.language;
  else if (!result.language) language = 'en';
  else throw new EngineError('language_unsupported', `Whisper detected the language "${result.language}"; Palabre transcribes English and French only`);
  const words = whisperTokensToWords(result.segments, options.durationSeconds);
  words.sort((a, b) => a.stime - b.stime);
  return { language, segments: segmentAtSilences(words, options.segmentation) };
}

// ---------------------------------------------------------------------------------------------
// Adapter
// ---------------------------------------------------------------------------------------------

export function whisperModelMissingReason(model: ResolvedWhisperModel): string {
  return model.pullName ? `model not installed: run \`palabre models pull ${model.pullName}\` (expected ${model.path})` : `model not installed: ${model.path} does not exist`;
}

export type WhisperEngine = TranscriptionEngine & StreamingEngine;

let liveDecoders = 0;
/** Live whisper streams whose decoder is not freed yet (each holds a loaded model). */
export function liveWhisperDecoders(): number {
  return liveDecoders;
}

/**
 * Loads a model for one live stream and decodes windows of PCM with it (`transcribeData`, on the
 * binding's worker threads). Rejects with `engine_unavailable` when the model or binding is missing.
 */
export async function createWhisperDecoder(config: WhisperEngineConfig): Promise<WhisperDecoder> {
  const model = resolveWhisperModel(config.model, config.modelsDir);
  if (!(await isReadable(model.path))) throw new EngineError('engine_unavailable', whisperModelMissingReason(model));
  const binding = await (config.loadBinding ?? loadWhisperBinding)();
  if (!isBinding(binding)) throw new EngineError('engine_unavailable', `${WHISPER_BINDING_UNAVAILABLE} (${WHISPER_BINDING_PACKAGE}: ${binding.error})`);
  let context: WhisperBindingContext;
  try {
    context = await binding.initWhisper({ filePath: model.path, useGpu: config.useGpu ?? false });
  } catch (error) {
    throw new EngineError('engine_failed', `whisper.cpp could not load the model ${model.path}: ${(error as Error).message}`, { cause: error });
  }
  return {
    async decode(request) {
      if (request.sampleRate !== 16_000) throw new EngineError('media_wrong_format', 'whisper.cpp takes 16 kHz audio only');
      const options = whisperTranscribeOptions({ language: request.language }, config);
      if (request.prompt) options.prompt = request.prompt;
      // A copy: the binding reads the whole ArrayBuffer, which a view's may exceed.
      const job = context.transcribeData(request.samples.slice().buffer, options);
      const onAbort = () => void job.stop().catch(() => undefined);
      request.signal.addEventListener('abort', onAbort, { once: true });
      try {
        const result = await job.promise;
        const duration = request.samples.length / request.sampleRate;
        return {
          language: result.language,
          words: whisperTokensToWords(result.segments, duration).map((w) => ({ word: w.word, start: w.stime, end: w.etime, confidence: w.confidence })),
        };
      } catch (error) {
        if (request.signal.aborted) throw new EngineError('aborted', 'The stream was aborted', { cause: error });
        throw new EngineError('engine_failed', `whisper.cpp failed: ${(error as Error).message}`, { cause: error });
      } finally {
        request.signal.removeEventListener('abort', onAbort);
      }
    },
    release: () => context.release(),
  };
}

export function createWhisperEngine(config: WhisperEngineConfig): WhisperEngine {
  const model = resolveWhisperModel(config.model, config.modelsDir);
  const languages: TranscriptLanguage[] = model.englishOnly ? ['en'] : ['en', 'fr'];
  const load = config.loadBinding ?? loadWhisperBinding;

  async function availability(options?: { language?: RequestedLanguage }): Promise<EngineAvailability> {
    if (options?.language === 'fr' && model.englishOnly) {
      return { ok: false, reason: `The whisper model ${path.basename(model.path)} is English only; choose a multilingual model for French` };
    }
    if (!(await isReadable(model.path))) return { ok: false, reason: whisperModelMissingReason(model) };
    const binding = await load();
    if (!isBinding(binding)) return { ok: false, reason: `${WHISPER_BINDING_UNAVAILABLE} (${WHISPER_BINDING_PACKAGE}: ${binding.error})` };
    return { ok: true };
  }

  async function transcribe(input: TranscribeInput): Promise<EngineResult> {
    if (input.language === 'fr' && model.englishOnly) {
      throw new EngineError('language_unsupported', `The whisper model ${path.basename(model.path)} is English only; choose a multilingual model for French`);
    }
    const available = await availability({ language: input.language });
    if (!available.ok) throw new EngineError('engine_unavailable', available.reason);
    if (input.signal?.aborted) throw new EngineError('aborted', 'Transcription was cancelled');
    const wav = await readWavInfo(input.wavPath);
    assertEnginePcm(wav, input.wavPath);
    const binding = (await load()) as WhisperBinding;

    let context: WhisperBindingContext;
    try {
      context = await binding.initWhisper({ filePath: model.path, useGpu: config.useGpu ?? false });
    } catch (error) {
      throw new EngineError('engine_failed', `whisper.cpp could not load the model ${model.path}: ${(error as Error).message}`, { cause: error });
    }
    try {
      let reported = 0;
      const options = whisperTranscribeOptions(input, config);
      options.onProgress = (progress) => {
        const fraction = Math.min(0.99, Math.max(0, progress / 100));
        if (fraction > reported) {
          reported = fraction;
          input.onProgress?.(fraction);
        }
      };
      const job = context.transcribeFile(input.wavPath, options);
      const onAbort = () => void job.stop().catch(() => undefined);
      input.signal?.addEventListener('abort', onAbort, { once: true });
      let result: WhisperBindingResult;
      try {
        result = await job.promise;
      } catch (error) {
        if (input.signal?.aborted) throw new EngineError('aborted', 'Transcription was cancelled', { cause: error });
        throw new EngineError('engine_failed', `whisper.cpp failed: ${(error as Error).message}`, { cause: error });
      } finally {
        input.signal?.removeEventListener('abort', onAbort);
      }
      if (result.isAborted || input.signal?.aborted) throw new EngineError('aborted', 'Transcription was cancelled');
      const mapped = mapWhisperResult(result, input.language, { durationSeconds: wav.durationSeconds, segmentation: config.segmentation });
      input.onProgress?.(1);
      return mapped;
    } finally {
      await context.release().catch(() => undefined);
    }
  }

  function openStream(options: StreamOptions): TranscriptionStream {
    if (options.language === 'fr' && model.englishOnly) {
      throw new EngineError('language_unsupported', `The whisper model ${path.basename(model.path)} is English only; choose a multilingual model for French`);
    }
    if ((options.sampleRate ?? 16_000) !== 16_000) throw new EngineError('media_wrong_format', 'whisper.cpp streams take 16 kHz audio only');
    liveDecoders++;
    let counted = true;
    return new WhisperStream({
      ...options,
      createDecoder: () => createWhisperDecoder(config),
      onReleased: () => {
        if (counted) liveDecoders--;
        counted = false;
      },
    });
  }

  return { id: config.id ?? 'whisper', type: 'whisper', languages, availability, transcribe, openStream };
}

// ---------------------------------------------------------------------------------------------
// Voice activity detection
// ---------------------------------------------------------------------------------------------

export interface SpeechSpan {
  stime: number;
  etime: number;
}

/** Speech spans of a 16 kHz mono WAV with whisper.cpp's Silero VAD (model e.g. ggml-silero-v6.2.0.bin). */
export async function detectSpeech(
  wavPath: string,
  options: { vadModelPath: string; threads?: number; loadBinding?: () => Promise<WhisperBinding | { error: string }> },
): Promise<SpeechSpan[]> {
  if (!(await isReadable(options.vadModelPath))) {
    throw new EngineError('engine_unavailable', `VAD model not installed: run \`palabre models pull silero-v6.2.0\` (expected ${options.vadModelPath})`);
  }
  const binding = await (options.loadBinding ?? loadWhisperBinding)();
  if (!isBinding(binding)) throw new EngineError('engine_unavailable', `${WHISPER_BINDING_UNAVAILABLE} (${WHISPER_BINDING_PACKAGE}: ${binding.error})`);
  const vad = await binding.initWhisperVad({ filePath: options.vadModelPath, useGpu: false, nThreads: options.threads ?? Math.min(4, defaultWhisperThreads()) });
  try {
    const spans = await vad.detectSpeechFile(wavPath);
    return spans.map((s) => ({ stime: round3(s.t0 / 100), etime: round3(s.t1 / 100) }));
  } catch (error) {
    throw new EngineError('engine_failed', `whisper.cpp VAD failed: ${(error as Error).message}`, { cause: error });
  } finally {
    await vad.release().catch(() => undefined);
  }
}
