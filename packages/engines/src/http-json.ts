/**
 * One request to an engine's HTTP API (transcription, translation) that answers JSON, with the
 * rules every such engine shares:
 *
 * - the request goes through the injected fetch, which carries the server's outbound-address
 *   policy; redirects are not followed (an API key must not travel on);
 * - it ends at `timeoutMs` or when the caller's signal fires, whichever comes first;
 * - an HTTP failure becomes an `EngineRequestError` whose code and message an administrator can act
 *   on (`describeHttpFailure`), retryable for 429 and 5xx;
 * - messages and details never contain the API key.
 */
import { requestDeadline } from './deadline.ts';
import { EngineError, EngineRequestError } from './errors.ts';

export interface HttpEngineServer {
  /** Names the server in messages: "the translation server at https://…". */
  where: string;
  /** Kept out of every message and detail. */
  apiKey?: string | undefined;
  fetch: typeof globalThis.fetch;
  /** What a 404 means for this API, after `where`: "has no /translate endpoint". */
  notFound: string;
  /** Added to some messages: how to mend a redirect or a refused key ("; check the profile's API key"). */
  hints?: { redirect?: string; key?: string };
}

export interface HttpFailure {
  code: 'engine_unavailable' | 'engine_failed';
  message: string;
  retryable: boolean;
}

/** A human message for a failed HTTP answer; never contains the API key. */
export function describeHttpFailure(status: number, server: Pick<HttpEngineServer, 'where' | 'notFound' | 'hints'>): HttpFailure {
  const { where, hints = {} } = server;
  if (status >= 300 && status < 400) {
    return { code: 'engine_unavailable', message: `${where} answered with a redirect (HTTP ${status}), which is not followed${hints.redirect ?? ''}`, retryable: false };
  }
  if (status === 401 || status === 403) return { code: 'engine_unavailable', message: `${where} refused the API key (HTTP ${status})${hints.key ?? ''}`, retryable: false };
  if (status === 404) return { code: 'engine_unavailable', message: `${where} ${server.notFound} (HTTP 404)`, retryable: false };
  if (status === 413) return { code: 'engine_failed', message: `The request is too large for ${where} (HTTP 413)`, retryable: false };
  if (status === 429) return { code: 'engine_failed', message: `${where} is rate limiting requests (HTTP 429)`, retryable: true };
  if (status >= 500) return { code: 'engine_failed', message: `${where} failed (HTTP ${status})`, retryable: true };
  return { code: 'engine_failed', message: `${where} rejected the request (HTTP ${status})`, retryable: false };
}

/** A server's text, short and without the key. */
export function scrubSecret(text: string, secret: string | undefined): string {
  const out = text.slice(0, 2000);
  return secret ? out.split(secret).join('***') : out;
}

/** A failed HTTP answer, with what the server asked about retrying. */
export class HttpAnswerError extends EngineRequestError {
  status = 0;
  /** A 429's `Retry-After` header, as sent. */
  retryAfter: string | null = null;
}

export interface JsonRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | FormData;
  timeoutMs: number;
  /** Ends the request early (the caller's cancellation, a closing engine). */
  signal?: AbortSignal | undefined;
  /** The error to throw when `signal` ended it. */
  aborted: () => EngineError;
}

/** The answer's parsed JSON; rejects with an `EngineError` (see the module's rules). */
export async function requestJson(server: HttpEngineServer, request: JsonRequest): Promise<unknown> {
  const deadline = requestDeadline(request.timeoutMs, request.signal);
  const scrub = (text: string) => scrubSecret(text, server.apiKey);
  try {
    const response = await server.fetch(request.url, {
      method: request.method ?? 'GET',
      headers: request.headers ?? {},
      ...(request.body === undefined ? {} : { body: request.body }),
      redirect: 'manual',
      signal: deadline.signal,
    });
    const answer = await response.text();
    if (!response.ok) throw httpAnswerError(server, response, answer);
    try {
      return JSON.parse(answer) as unknown;
    } catch {
      throw new EngineRequestError('engine_failed', aboutServer(server, 'did not answer JSON'), { retryable: false, detail: scrub(answer) });
    }
  } catch (error) {
    throw requestFailure(server, error, { ...request, timedOut: deadline.timedOut() });
  } finally {
    deadline.done();
  }
}

/** The error for a failed HTTP answer (`response.ok` false) whose body was `answer`. */
export function httpAnswerError(server: Pick<HttpEngineServer, 'where' | 'notFound' | 'hints' | 'apiKey'>, response: Response, answer: string): HttpAnswerError {
  const status = response.status || 302;
  const failure = describeHttpFailure(status, server);
  const error = new HttpAnswerError(failure.code, failure.message, { retryable: failure.retryable, detail: scrubSecret(answer, server.apiKey) });
  error.status = status;
  error.retryAfter = response.headers.get('retry-after');
  return error;
}

/**
 * What a request that threw becomes: an `EngineError` stays as it is; otherwise the caller's
 * cancellation (`aborted()`), a timeout (retryable), or an unreachable server (retryable).
 */
export function requestFailure(
  server: Pick<HttpEngineServer, 'where' | 'apiKey'>,
  error: unknown,
  request: Pick<JsonRequest, 'signal' | 'aborted' | 'timeoutMs'> & { timedOut: boolean },
): EngineError {
  if (error instanceof EngineError) return error;
  if (request.signal?.aborted && !request.timedOut) return request.aborted();
  if (request.timedOut) {
    return new EngineRequestError('timeout', aboutServer(server, `did not answer within ${seconds(request.timeoutMs)} s`), { retryable: true, cause: error });
  }
  return new EngineRequestError('engine_failed', aboutServer(server, `could not be reached: ${scrubSecret((error as Error).message, server.apiKey)}`), {
    retryable: true,
    cause: error,
  });
}

/** 300 → "0.3" (a duration in a message). */
export const seconds = (ms: number) => String(Math.round(ms / 100) / 10);

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A sentence about the server: "The translation server at … gave no translatedText". */
export const aboutServer = (server: Pick<HttpEngineServer, 'where'>, rest: string) => capitalised(`${server.where} ${rest}`);
