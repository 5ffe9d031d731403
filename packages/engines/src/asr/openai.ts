/**
 * OpenAI-compatible transcription adapter: any server answering `POST {endpoint}/v1/audio/transcriptions`
 * (OpenAI, speaches / faster-whisper-server, vLLM, LocalAI, whisper.cpp's server in OpenAI mode…).
 *
 * Request: multipart/form-data with `file` (the 16 kHz WAV, streamed from disk through a file-backed
 * Blob — never read into memory as a whole), `model`, `response_format=verbose_json`,
 * `timestamp_granularities[]=word` and `timestamp_granularities[]=segment`, and `language` unless
 * automatic detection is asked. `Authorization: Bearer <apiKey>` when a key is configured. The endpoint
 * may be given with or without its `/v1` suffix.
 *
 * Response mapping (verbose_json):
 *  - `segments[]` (`start`, `end`, `text`, `avg_logprob`) become segments; a segment's confidence is
 *    exp(avg_logprob) clamped to [0, 1], or 1 when the server gives none;
 *  - words come from `segments[].words` when the server nests them (faster-whisper servers), else from
 *    the top-level `words[]` (`start`, `end`, `word`; OpenAI), each given to the segment containing its
 *    midpoint. A word's confidence is its own `probability` when the server gives one, else its segment's;
 *  - when the server gives no word timestamps at all, each segment's text is split on whitespace and
 *    the segment's time span is divided evenly between its words (every word gets
 *    (end − start) / n). Those times are an approximation, good enough for click-to-seek;
 *  - `language` is a code ("en") or an English name ("english"); with automatic detection, a language
 *    other than English or French is refused (`language_unsupported`).
 * Errors: 401/403 → the key was refused, 404 → wrong endpoint or unknown model, 413 → file too large for
 * that server, 5xx → server failure. Messages never contain the API key (it is also scrubbed from the
 * server's own error text kept in `detail`).
 */
import { openAsBlob } from 'node:fs';
import { requestDeadline } from '../deadline.ts';
import { EngineError, EngineRequestError } from '../errors.ts';
import { aboutServer, describeHttpFailure, requestJson, type HttpEngineServer } from '../http-json.ts';
import { OpenAiStream, type OpenAiStreamOptions } from './openai-stream.ts';
import type { StreamOptions, StreamingEngine, TranscriptionStream } from './streaming.ts';
import type { EngineAvailability, EngineResult, EngineSegment, EngineWord, RequestedLanguage, TranscribeInput, TranscriptLanguage, TranscriptionEngine } from './types.ts';

export interface OpenAiEngineConfig {
  /** Profile id; defaults to "openai". */
  id?: string;
  /** Server base URL, e.g. http://localhost:8000 or https://api.openai.com/v1. */
  endpoint?: string;
  /** Model name the server knows (default "whisper-1"). */
  model?: string;
  apiKey?: string;
  /** Abort a transcription request after this long (default 30 min). */
  timeoutMs?: number;
  /** availability() also checks GET {endpoint}/v1/models answers (default true). */
  checkReachable?: boolean;
  /** Time limit of that check (default 5 s). */
  reachabilityTimeoutMs?: number;
  /**
   * The fetch to use (default: the global one). Servers inject one that applies their outbound-address
   * policy. Redirects are never followed: the API key must not travel to another address.
   */
  fetch?: typeof globalThis.fetch;
  /** Live streams: concurrency, retries and time limit of the per-utterance requests. */
  stream?: Pick<OpenAiStreamOptions, 'maxConcurrent' | 'retries' | 'retryDelayMs' | 'requestTimeoutMs' | 'chunker'>;
}

export const OPENAI_DEFAULT_MODEL = 'whisper-1';
export const OPENAI_NO_ENDPOINT_REASON = 'No endpoint is configured for this OpenAI-compatible transcriber profile';

/** `http://host:8000/`, `http://host:8000/v1` → `http://host:8000/v1`. */
export function openAiApiBase(endpoint: string): string {
  const trimmed = endpoint.trim().replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

// ---------------------------------------------------------------------------------------------
// Pure parts
// ---------------------------------------------------------------------------------------------

export interface VerboseJsonWord {
  word?: string;
  start?: number;
  end?: number;
  probability?: number;
}

export interface VerboseJsonSegment {
  start?: number;
  end?: number;
  text?: string;
  avg_logprob?: number;
  words?: VerboseJsonWord[] | null;
}

export interface VerboseJsonResponse {
  language?: string;
  duration?: number;
  text?: string;
  segments?: VerboseJsonSegment[] | null;
  words?: VerboseJsonWord[] | null;
}

const LANGUAGE_NAMES: Record<string, TranscriptLanguage> = { en: 'en', english: 'en', fr: 'fr', french: 'fr', français: 'fr', francais: 'fr' };

/** The transcript language from the request and the server's answer. */
export function resolveOpenAiLanguage(requested: RequestedLanguage, reported: string | undefined): TranscriptLanguage {
  if (requested !== 'auto') return requested;
  const key = (reported ?? '').trim().toLowerCase();
  const language = LANGUAGE_NAMES[key] ?? LANGUAGE_NAMES[key.split(/[-_]/)[0] ?? ''];
  if (language) return language;
  if (!key) return 'en';
  throw new EngineError('language_unsupported', `The server detected the language "${reported}"; Palabre transcribes English and French only`);
}

export function confidenceFromLogprob(avgLogprob: number | undefined): number {
  if (typeof avgLogprob !== 'number' || !Number.isFinite(avgLogprob)) return 1;
  return round3(Math.min(1, Math.max(0, Math.exp(avgLogprob))));
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
const num = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : fallback);

function toWord(raw: VerboseJsonWord, fallbackConfidence: number): EngineWord | null {
  const text = (raw.word ?? '').trim();
  if (!text) return null;
  const stime = num(raw.start, 0);
  const etime = Math.max(stime, num(raw.end, stime));
  const confidence = typeof raw.probability === 'number' && Number.isFinite(raw.probability) ? round3(Math.min(1, Math.max(0, raw.probability))) : fallbackConfidence;
  return { word: text, stime: round3(stime), etime: round3(etime), confidence };
}

/** Splits a segment's text on whitespace and gives each word an equal share of its span. */
export function spreadWordsEvenly(text: string, stime: number, etime: number, confidence: number): EngineWord[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return [];
  const step = Math.max(0, etime - stime) / tokens.length;
  return tokens.map((word, i) => ({
    word,
    stime: round3(stime + i * step),
    etime: round3(i === tokens.length - 1 ? etime : stime + (i + 1) * step),
    confidence,
  }));
}

/** verbose_json → segments with words (see the top of the file). Pure. */
export function mapVerboseJson(response: VerboseJsonResponse, requested: RequestedLanguage): EngineResult {
  const language = resolveOpenAiLanguage(requested, response.language);
  const rawSegments = (response.segments ?? []).filter((s) => s && typeof s === 'object');
  const topWords = (response.words ?? []).filter((w) => w && typeof w === 'object');
  const nested = rawSegments.some((s) => Array.isArray(s.words) && s.words.length > 0);

  const segments = rawSegments
    .map((s) => {
      const stime = num(s.start, 0);
      return { stime, etime: Math.max(stime, num(s.end, stime)), text: s.text ?? '', confidence: confidenceFromLogprob(s.avg_logprob), raw: s, words: [] as EngineWord[] };
    })
    .sort((a, b) => a.stime - b.stime);

  if (nested) {
    for (const segment of segments) {
      for (const raw of segment.raw.words ?? []) {
        const word = toWord(raw, segment.confidence);
        if (word) segment.words.push(word);
      }
    }
  } else if (topWords.length > 0) {
    if (segments.length === 0) {
      const words = topWords.map((w) => toWord(w, 1)).filter((w): w is EngineWord => w !== null);
      const stime = words[0]?.stime ?? 0;
      segments.push({ stime, etime: words.at(-1)?.etime ?? stime, text: '', confidence: 1, raw: {}, words });
    } else {
      for (const raw of topWords) {
        const mid = (num(raw.start, 0) + num(raw.end, num(raw.start, 0))) / 2;
        // The segment containing the midpoint, else the last one starting before it, else the first.
        const owner = segments.find((s) => mid >= s.stime && mid < s.etime) ?? segments.findLast((s) => s.stime <= mid) ?? segments[0]!;
        const word = toWord(raw, owner.confidence);
        if (word) owner.words.push(word);
      }
    }
  } else {
    for (const segment of segments) segment.words = spreadWordsEvenly(segment.text, segment.stime, segment.etime, segment.confidence);
  }

  const result: EngineSegment[] = [];
  for (const segment of segments) {
    if (segment.words.length === 0) continue;
    segment.words.sort((a, b) => a.stime - b.stime);
    const first = segment.words[0]!;
    const last = segment.words.at(-1)!;
    result.push({
      stime: round3(Math.min(segment.stime, first.stime)),
      etime: round3(Math.max(segment.etime, last.etime)),
      words: segment.words,
    });
  }
  return { language, segments: result };
}

/** How the transcription server of a profile is named in messages, and what its failures mean. */
export function transcriptionServer(endpoint: string): Pick<HttpEngineServer, 'where' | 'notFound' | 'hints'> {
  return {
    where: `the transcription server at ${endpoint}`,
    notFound: "has no /v1/audio/transcriptions or does not know the profile's model",
    hints: { redirect: '; set the final address in the profile', key: "; check the profile's API key" },
  };
}

/** The multipart fields besides `file`, in order. */
export function openAiFormFields(model: string, language: RequestedLanguage): Array<[string, string]> {
  const fields: Array<[string, string]> = [
    ['model', model],
    ['response_format', 'verbose_json'],
    ['timestamp_granularities[]', 'word'],
    ['timestamp_granularities[]', 'segment'],
  ];
  if (language !== 'auto') fields.push(['language', language]);
  return fields;
}

// ---------------------------------------------------------------------------------------------
// The request (shared by whole files and live utterances)
// ---------------------------------------------------------------------------------------------

export interface TranscriptionServer {
  endpoint: string;
  model: string;
  apiKey?: string | undefined;
  /** Carries the server's outbound-address policy (see OpenAiEngineConfig.fetch). */
  fetch: typeof globalThis.fetch;
}

/**
 * POSTs one WAV to `{endpoint}/v1/audio/transcriptions` and returns the verbose_json answer.
 * Rejects with an EngineRequestError (`aborted` when `signal` fired, `timeout` after
 * `timeoutMs`); messages and details never contain the API key.
 */
export async function postTranscription(
  server: TranscriptionServer,
  request: { file: Blob; language: RequestedLanguage; signal?: AbortSignal | undefined; timeoutMs: number },
): Promise<VerboseJsonResponse> {
  const form = new FormData();
  form.append('file', request.file, 'audio.wav');
  for (const [name, value] of openAiFormFields(server.model, request.language)) form.append(name, value);
  const named = { ...transcriptionServer(server.endpoint), apiKey: server.apiKey, fetch: server.fetch };
  const body = await requestJson(named, {
    url: `${openAiApiBase(server.endpoint)}/audio/transcriptions`,
    method: 'POST',
    headers: server.apiKey ? { authorization: `Bearer ${server.apiKey}` } : {},
    body: form,
    timeoutMs: request.timeoutMs,
    signal: request.signal,
    aborted: () => new EngineRequestError('aborted', 'Transcription was cancelled', { retryable: false }),
  });
  if (!body || typeof body !== 'object') throw new EngineRequestError('engine_failed', aboutServer(named, 'gave an empty answer'), { retryable: false });
  return body as VerboseJsonResponse;
}

// ---------------------------------------------------------------------------------------------
// Adapter
// ---------------------------------------------------------------------------------------------

export type OpenAiEngine = TranscriptionEngine & StreamingEngine;

let liveStreams = 0;
/** Live OpenAI-compatible streams not over yet (requests may still be in flight). */
export function liveOpenAiStreams(): number {
  return liveStreams;
}

export function createOpenAiEngine(config: OpenAiEngineConfig = {}): OpenAiEngine {
  const doFetch = config.fetch ?? globalThis.fetch;
  const endpoint = config.endpoint?.trim() ? config.endpoint.trim() : undefined;
  const model = config.model?.trim() || OPENAI_DEFAULT_MODEL;
  const headers = (): Record<string, string> => (config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {});

  async function availability(): Promise<EngineAvailability> {
    if (!endpoint) return { ok: false, reason: OPENAI_NO_ENDPOINT_REASON };
    if (config.checkReachable === false) return { ok: true };
    const url = `${openAiApiBase(endpoint)}/models`;
    const deadline = requestDeadline(config.reachabilityTimeoutMs ?? 5000);
    try {
      const response = await doFetch(url, { headers: headers(), redirect: 'manual', signal: deadline.signal });
      await response.body?.cancel().catch(() => undefined);
      // Some servers do not list models (404/405): reachable is what matters here.
      if (response.status === 401 || response.status === 403) return { ok: false, reason: describeHttpFailure(response.status, transcriptionServer(endpoint)).message };
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
        return { ok: false, reason: describeHttpFailure(response.status || 302, transcriptionServer(endpoint)).message };
      if (response.status >= 500) return { ok: false, reason: describeHttpFailure(response.status, transcriptionServer(endpoint)).message };
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: `The transcription server at ${endpoint} is not reachable (${(error as Error).message})` };
    } finally {
      deadline.done();
    }
  }

  async function transcribe(input: TranscribeInput): Promise<EngineResult> {
    if (!endpoint) throw new EngineError('engine_unavailable', OPENAI_NO_ENDPOINT_REASON);
    if (input.signal?.aborted) throw new EngineError('aborted', 'Transcription was cancelled');
    let file: Blob;
    try {
      file = await openAsBlob(input.wavPath, { type: 'audio/wav' });
    } catch (error) {
      throw new EngineError('media_unreadable', `Cannot read ${input.wavPath}: ${(error as Error).message}`, { cause: error });
    }
    input.onProgress?.(0);
    const body = await postTranscription(
      { endpoint, model, apiKey: config.apiKey, fetch: doFetch },
      { file, language: input.language, signal: input.signal, timeoutMs: config.timeoutMs ?? 30 * 60_000 },
    );
    const result = mapVerboseJson(body, input.language);
    input.onProgress?.(1);
    return result;
  }

  function openStream(options: StreamOptions): TranscriptionStream {
    if (!endpoint) throw new EngineError('engine_unavailable', OPENAI_NO_ENDPOINT_REASON);
    liveStreams++;
    let counted = true;
    return new OpenAiStream({
      ...options,
      transcribe: async (file, language, signal, timeoutMs) =>
        mapVerboseJson(await postTranscription({ endpoint, model, apiKey: config.apiKey, fetch: doFetch }, { file, language, signal, timeoutMs }), language),
      ...(config.stream ?? {}),
      onReleased: () => {
        if (counted) liveStreams--;
        counted = false;
      },
    });
  }

  return {
    id: config.id ?? 'openai',
    type: 'openai',
    languages: ['en', 'fr'],
    availability,
    transcribe,
    openStream,
  };
}
