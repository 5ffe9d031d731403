/**
 * The client of a language model behind an OpenAI-compatible chat server (Ollama, llama.cpp's
 * server, vLLM, LM Studio, hosted APIs), for reports, keywords and chats:
 *
 * - `completeChat`: `POST {endpoint}/chat/completions` answered with JSON;
 * - `streamChat`: the same with `stream: true`, answered with server-sent events whose text deltas
 *   are yielded as they come (`data: [DONE]` ends the answer; comments are keep-alives; an `error`
 *   object in the stream fails it);
 * - `listModels`: `GET {endpoint}/models`, to check that a profile works.
 *
 * Rules:
 * - requests go through `options.fetch` (the server's outbound-address policy); redirects are not
 *   followed (the key must not travel on); the key travels as a bearer token and never appears in a
 *   message or a detail;
 * - `timeoutMs` limits one attempt (default 300 s for a whole answer, 15 s for the models); for a
 *   stream it limits the wait for the first chunk and between chunks (default 120 s);
 * - network failures, 408, 429 and 5xx are tried again `retries` times (default 3) after 0.5 s, 1 s,
 *   2 s… (each between half and all of that, at random, so that clients do not retry in step), or
 *   after the server's `Retry-After` when it asks longer, at most 30 s; a stream is tried again only
 *   before its first delta; other 4xx answers and timeouts are not tried again (a model that took too
 *   long once would again);
 * - failures are `ChatModelError`s: `model_unavailable` (unreachable, timed out, 408/429/5xx after
 *   the retries, a stream cut off) or `model_error` (a refused request or key, an answer that is not
 *   a chat completion); the server's own text is in `detail`;
 * - when `options.signal` fires, the call rejects (or the stream throws) with the signal's reason.
 */
import { pause, requestDeadline } from '../deadline.ts';
import { EngineError, EngineRequestError } from '../errors.ts';
import { aboutServer, httpAnswerError, HttpAnswerError, requestFailure, requestJson, scrubSecret, seconds, type HttpEngineServer } from '../http-json.ts';
import { apiBase, bearerHeaders, chatCompletionRequest, completionContent, errorMessageOf, retryAfterMs } from './protocol.ts';
import { SseReader } from './sse.ts';

export interface ChatModelConfig {
  /** The API base, `/v1` included: http://127.0.0.1:11434/v1, https://api.openai.com/v1. */
  endpoint: string;
  model: string;
  apiKey?: string;
  /** The model's context window, in tokens. */
  contextTokens: number;
}

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequestOptions {
  /** The fetch requests go through (the server passes the profile's, which carries the outbound-address policy). */
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
  /** Per attempt; for streams: until the first chunk and between chunks. */
  timeoutMs?: number;
  /** Tries after the first on network errors, 408, 429 and 5xx (default 3). */
  retries?: number;
  /** The first retry's delay, doubled each time (default 500 ms). */
  retryDelayMs?: number;
  /** The longest answer, in tokens (`max_tokens`). */
  maxTokens?: number;
  /** Default 0.2. */
  temperature?: number;
}

export type ChatModelErrorCode = 'model_unavailable' | 'model_error';

export class ChatModelError extends Error {
  readonly code: ChatModelErrorCode;
  /** The HTTP status of the server's answer, when it gave one. */
  readonly status?: number;
  /** The server's own text (its error message), without the key. */
  readonly detail?: string;

  constructor(code: ChatModelErrorCode, message: string, options: { status?: number | undefined; detail?: string | undefined; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ChatModelError';
    this.code = code;
    if (options.status !== undefined) this.status = options.status;
    if (options.detail !== undefined) this.detail = options.detail;
  }
}

const DEFAULT_RETRIES = 3;
const DEFAULT_RETRY_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 30_000;
const DEFAULT_TEMPERATURE = 0.2;
const COMPLETION_TIMEOUT_MS = 300_000;
const STREAM_IDLE_TIMEOUT_MS = 120_000;
const MODELS_TIMEOUT_MS = 15_000;

function serverOf(model: Pick<ChatModelConfig, 'endpoint' | 'apiKey' | 'model'>, fetch: typeof globalThis.fetch | undefined): HttpEngineServer {
  return {
    where: `the language model server at ${apiBase(model.endpoint)}`,
    apiKey: model.apiKey,
    fetch: fetch ?? globalThis.fetch,
    notFound: `has no /chat/completions or does not know the model ${model.model}`,
    hints: { key: '; check the API key of the AI profile', redirect: '; the address must be the API base (ending in /v1 for most servers)' },
  };
}

const cancelled = () => new EngineError('aborted', 'The request was cancelled');

/** The caller's cancellation, as the rejection: the signal's reason. */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was cancelled', 'AbortError');
}

const transientStatus = (status: number) => status === 408 || status === 429 || status >= 500;

interface Failure {
  error: ChatModelError;
  retry: boolean;
  /** What the server asked to wait, in ms. */
  retryAfterMs: number | null;
}

/** Any failure of an attempt → the `ChatModelError` it is, and whether to try again. */
function classify(error: unknown): Failure {
  if (error instanceof ChatModelError) return { error, retry: error.code === 'model_unavailable' && error.status === undefined, retryAfterMs: null };
  if (error instanceof HttpAnswerError) {
    const transient = transientStatus(error.status);
    return {
      error: new ChatModelError(transient ? 'model_unavailable' : 'model_error', error.message, { status: error.status, detail: error.detail, cause: error }),
      retry: transient,
      retryAfterMs: retryAfterMs(error.retryAfter, MAX_RETRY_DELAY_MS),
    };
  }
  if (error instanceof EngineRequestError) {
    // Unreachable (retryable) or timed out (not tried again); otherwise a bad answer.
    const unavailable = error.retryable;
    return {
      error: new ChatModelError(unavailable ? 'model_unavailable' : 'model_error', error.message, { detail: error.detail, cause: error }),
      retry: unavailable && error.code !== 'timeout',
      retryAfterMs: null,
    };
  }
  return { error: new ChatModelError('model_error', (error as Error)?.message ?? String(error), { cause: error }), retry: false, retryAfterMs: null };
}

/** The wait before retry number `attempt` (0 = the first): exponential with jitter, or what the server asked, at most 30 s. */
function retryDelay(attempt: number, baseMs: number, askedMs: number | null): number {
  const backoff = baseMs * 2 ** attempt * (0.5 + Math.random() / 2);
  return Math.min(MAX_RETRY_DELAY_MS, Math.max(backoff, askedMs ?? 0));
}

const never = new AbortController().signal;

/** Runs `attempt` until it succeeds, fails for good, or the retries are spent. */
async function withRetries<T>(options: ChatRequestOptions, attempt: () => Promise<T>): Promise<T> {
  const retries = Math.max(0, options.retries ?? DEFAULT_RETRIES);
  const signal = options.signal ?? never;
  for (let tried = 0; ; tried++) {
    if (signal.aborted) throw abortReason(signal);
    try {
      return await attempt();
    } catch (error) {
      if (signal.aborted) throw abortReason(signal);
      const failure = classify(error);
      if (!failure.retry || tried >= retries) throw failure.error;
      await pause(retryDelay(tried, options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS, failure.retryAfterMs), signal);
    }
  }
}

function settingsOf(options: ChatRequestOptions, stream: boolean) {
  return { temperature: options.temperature ?? DEFAULT_TEMPERATURE, stream, maxTokens: options.maxTokens };
}

/** The model's whole answer (Markdown text). Rejects with a `ChatModelError`. */
export async function completeChat(model: ChatModelConfig, messages: ChatTurn[], options: ChatRequestOptions = {}): Promise<string> {
  const server = serverOf(model, options.fetch);
  const request = chatCompletionRequest(apiBase(model.endpoint), model.apiKey, model.model, messages, settingsOf(options, false));
  return withRetries(options, async () => {
    const answer = await requestJson(server, { ...request, timeoutMs: options.timeoutMs ?? COMPLETION_TIMEOUT_MS, signal: options.signal, aborted: cancelled });
    return answerText(server, completionContent(answer), answer);
  });
}

function answerText(server: HttpEngineServer, content: string | undefined, answer: unknown): string {
  const detail = () => scrubSecret(JSON.stringify(answer), server.apiKey);
  const refusal = errorMessageOf(answer);
  if (refusal !== undefined) throw new ChatModelError('model_error', aboutServer(server, 'answered with an error'), { detail: scrubSecret(refusal, server.apiKey) });
  if (content === undefined) throw new ChatModelError('model_error', aboutServer(server, 'gave no message in its answer'), { detail: detail() });
  if (!content.trim()) throw new ChatModelError('model_error', aboutServer(server, 'gave an empty answer'), { detail: detail() });
  return content;
}

/** Yields the text deltas of a streamed answer (server-sent events); tries again only before the first delta. */
export async function* streamChat(model: ChatModelConfig, messages: ChatTurn[], options: ChatRequestOptions = {}): AsyncGenerator<string> {
  const server = serverOf(model, options.fetch);
  const request = chatCompletionRequest(apiBase(model.endpoint), model.apiKey, model.model, messages, settingsOf(options, true));
  const retries = Math.max(0, options.retries ?? DEFAULT_RETRIES);
  const signal = options.signal ?? never;
  for (let tried = 0; ; tried++) {
    if (signal.aborted) throw abortReason(signal);
    let yielded = false;
    try {
      for await (const delta of streamAttempt(server, request, options.timeoutMs ?? STREAM_IDLE_TIMEOUT_MS, options.signal)) {
        yielded = true;
        yield delta;
      }
      return;
    } catch (error) {
      if (signal.aborted) throw abortReason(signal);
      const failure = classify(error);
      if (yielded || !failure.retry || tried >= retries) throw failure.error;
      await pause(retryDelay(tried, options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS, failure.retryAfterMs), signal);
    }
  }
}

interface StreamChunk {
  choices?: Array<{ delta?: { content?: unknown }; message?: { content?: unknown }; finish_reason?: unknown }>;
}

/** One streamed request: its deltas, or a failure for `classify`. */
async function* streamAttempt(
  server: HttpEngineServer,
  request: { url: string; method: 'POST'; headers: Record<string, string>; body: string },
  timeoutMs: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<string> {
  const deadline = requestDeadline(timeoutMs, signal);
  const failed = (error: unknown) => requestFailure(server, error, { signal, aborted: cancelled, timeoutMs, timedOut: deadline.timedOut() });
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    let response: Response;
    try {
      response = await server.fetch(request.url, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual', signal: deadline.signal });
    } catch (error) {
      throw failed(error);
    }
    if (!response.ok) throw httpAnswerError(server, response, await response.text().catch(() => ''));
    if (!response.body) throw new ChatModelError('model_error', aboutServer(server, 'sent an empty answer'));
    if (!/event-stream/i.test(response.headers.get('content-type') ?? '')) {
      // A server that ignored `stream: true` answers a whole completion (or labels its events wrongly).
      const text = await response.text().catch((error: unknown) => {
        throw failed(error);
      });
      if (/^\s*(data|:)/.test(text)) {
        const events = new SseReader();
        yield* eventTexts(server, { finished: false }, [...events.push(text), ...events.end()], true);
        return;
      }
      let answer: unknown;
      try {
        answer = JSON.parse(text);
      } catch {
        throw new ChatModelError('model_error', aboutServer(server, 'did not answer with a stream of events'), { detail: scrubSecret(text, server.apiKey) });
      }
      yield answerText(server, completionContent(answer), answer);
      return;
    }
    reader = response.body.getReader();
    const decoder = new TextDecoder();
    const events = new SseReader();
    const state: StreamState = { finished: false };
    for (;;) {
      deadline.renew();
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await readUntil(reader, deadline.signal);
      } catch (error) {
        if (deadline.timedOut()) {
          throw new EngineRequestError('timeout', aboutServer(server, `sent nothing for ${seconds(timeoutMs)} s`), { retryable: true, cause: error });
        }
        if (signal?.aborted) throw failed(error);
        throw new ChatModelError('model_unavailable', aboutServer(server, 'cut the answer off before its end'), { cause: error });
      }
      if (chunk.done) {
        yield* eventTexts(server, state, [...events.push(decoder.decode()), ...events.end()], true);
        return;
      }
      if (yield* eventTexts(server, state, events.push(decoder.decode(chunk.value, { stream: true })), false)) return;
    }
  } finally {
    deadline.done();
    reader?.cancel().catch(() => {});
  }
}

/** Whether a stream's answer got a `finish_reason`. */
interface StreamState {
  finished: boolean;
}

/**
 * The texts of some events of a stream; returns whether the answer is complete: `[DONE]`, or, at the
 * `last` events, a `finish_reason` seen (some servers close after their last chunk without
 * `[DONE]`); at the `last` events, an answer without either was cut off.
 */
function* eventTexts(server: HttpEngineServer, state: StreamState, payloads: string[], last: boolean): Generator<string, boolean> {
  for (const data of payloads) {
    if (data.trim() === '[DONE]') return true;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      throw new ChatModelError('model_error', aboutServer(server, 'sent an event that is not JSON'), { detail: scrubSecret(data, server.apiKey) });
    }
    const refusal = errorMessageOf(parsed);
    if (refusal !== undefined) throw new ChatModelError('model_error', aboutServer(server, 'reported an error while answering'), { detail: scrubSecret(refusal, server.apiKey) });
    const choice = (parsed as StreamChunk).choices?.[0];
    const content = choice?.delta?.content ?? choice?.message?.content;
    if (typeof content === 'string' && content) yield content;
    if (choice?.finish_reason) state.finished = true;
  }
  if (last && !state.finished) throw new ChatModelError('model_unavailable', aboutServer(server, 'cut the answer off before its end'));
  return last;
}

/** The next chunk, or a rejection as soon as `signal` fires (whatever the fetch implementation does with it). */
function readUntil<T>(reader: ReadableStreamDefaultReader<T>, signal: AbortSignal): ReturnType<ReadableStreamDefaultReader<T>['read']> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const stop = () => reject(signal.reason as Error);
    signal.addEventListener('abort', stop, { once: true });
    reader
      .read()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', stop));
  });
}

/** The ids of the models the server offers (`GET {endpoint}/models`). Rejects with a `ChatModelError`. */
export async function listModels(model: Pick<ChatModelConfig, 'endpoint' | 'apiKey'>, options: ChatRequestOptions = {}): Promise<string[]> {
  const server: HttpEngineServer = {
    ...serverOf({ ...model, model: '' }, options.fetch),
    notFound: 'has no /models endpoint: the address must be the API base (ending in /v1 for most servers)',
  };
  return withRetries(options, async () => {
    const answer = await requestJson(server, {
      url: `${apiBase(model.endpoint)}/models`,
      headers: bearerHeaders(model.apiKey),
      timeoutMs: options.timeoutMs ?? MODELS_TIMEOUT_MS,
      signal: options.signal,
      aborted: cancelled,
    });
    // OpenAI: { data: [{ id }] }; Ollama's own API: { models: [{ name }] }.
    const { data, models } = (answer ?? {}) as { data?: unknown; models?: unknown };
    const list = Array.isArray(data) ? data : Array.isArray(models) ? models : undefined;
    if (!list) throw new ChatModelError('model_error', aboutServer(server, 'gave no list of models'), { detail: scrubSecret(JSON.stringify(answer), server.apiKey) });
    return list.map((entry: { id?: unknown; name?: unknown } | null) => entry?.id ?? entry?.name).filter((id): id is string => typeof id === 'string');
  });
}
