/**
 * The HTTP client (docs/PRODUCT.md, API): Bearer token from the authToken cookie, anti-forgery cookie mirrored
 * into X-XSRF-TOKEN, `t` on GET calls, `userScope=backoffice` from backoffice pages. An expired
 * access token is refreshed once, transparently; a failed refresh signs the user out.
 * Feature modules call endpoints through `call` and `upload` (call.ts), typed from the endpoint table.
 */
import { COOKIE, type ApiErrorBody, type ErrorCode } from '@palabre/shared';
import { clearSession, readCookie } from './cookies.ts';
import { requestPath, takeEarly } from './earlyAnswers.ts';
import { ensureXsrf, refreshSession, requestHeaders } from './tokens.ts';

/** Statuses a proxy or load balancer answers when the server cannot be reached or is overloaded. */
const GATEWAY_STATUSES = [502, 503, 504];

export class ApiError extends Error {
  readonly status: number;
  /** `unavailable`: a gateway status without the server's JSON body (a proxy answered, not the server). */
  readonly code: ErrorCode | 'network_error' | 'aborted' | 'unavailable';
  readonly fields: Record<string, string>;
  /** Internal errors: the request's id, for the user to quote. */
  readonly requestId: string | undefined;
  constructor(status: number, body: Partial<ApiErrorBody> & { msg?: string }, fallback: string) {
    super(body.message ?? body.msg ?? body.code ?? fallback);
    this.status = status;
    this.code = body.code ?? (status === 0 ? 'network_error' : GATEWAY_STATUSES.includes(status) ? 'unavailable' : 'internal_error');
    this.fields = body.fields ?? {};
    this.requestId = typeof body.requestId === 'string' ? body.requestId : undefined;
  }
}

/** The answer for a resource that does not exist for the caller: unknown, hidden, or a malformed id. */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && [400, 403, 404].includes(error.status);
}

/** Query values; empty ones are left out of the URL. */
export type QueryValues = Record<string, unknown>;
/** What one request carries besides its method and full path (the base is part of the path). */
export interface RequestOptions {
  query?: QueryValues;
  /** A JSON value, or FormData for multipart entries. */
  body?: unknown;
  signal?: AbortSignal;
  /** Answer the bytes of a successful response as a file instead of parsing them (exports). */
  file?: boolean;
  /** Answer a successful response itself, its body unread (streams: `text/event-stream`). */
  stream?: boolean;
}

/** A file the server answered: its bytes and the name it gave them (Content-Disposition), if any. */
export interface FileAnswer {
  blob: Blob;
  filename: string | null;
}

/** The file name of a Content-Disposition header: the UTF-8 `filename*` first, else the plain `filename`. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      /* a malformed escape: fall back to the plain name */
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
  if (!plain) return null;
  return (plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1') || null;
}

/** Called when the session cannot be restored (refresh failed): the app signs out. */
let onSessionLost: () => void = () => undefined;
export function setSessionLostHandler(handler: () => void) {
  onSessionLost = handler;
}

/** The path and search of a call: its query, `t` on GET (no cached answers), the backoffice scope on backoffice pages. */
function buildUrl(method: string, path: string, query: QueryValues = {}): string {
  const url = new URL(requestPath(path, query), location.origin);
  if (method === 'GET') url.searchParams.set('t', String(Date.now()));
  if (location.pathname.startsWith('/backoffice')) url.searchParams.set('userScope', 'backoffice');
  return url.pathname + url.search;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response.json();
  return response.text();
}

/** One request to a full path (used by call.ts; feature modules call endpoints through `call`). */
export async function request<T>(method: string, path: string, options: RequestOptions = {}, retried = false): Promise<T> {
  if (method !== 'GET') await ensureXsrf();
  const isForm = options.body instanceof FormData;
  let response: Response;
  try {
    // A GET the entry script asked for already (earlyAnswers.ts), taken once.
    const early =
      method === 'GET' && !retried && !options.stream && !options.file && !location.pathname.startsWith('/backoffice') ? takeEarly(requestPath(path, options.query)) : null;
    response = await (early ??
      fetch(buildUrl(method, path, options.query), {
        method,
        headers: requestHeaders(method, options.body !== undefined && !isForm, options.stream ? 'text/event-stream, application/json' : undefined),
        body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
        signal: options.signal,
        credentials: 'same-origin',
      }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw new ApiError(0, { code: undefined }, 'Request aborted');
    throw new ApiError(0, {}, 'Network Error');
  }
  if (response.ok && options.stream) return response as T;
  if (response.ok && options.file) return { blob: await response.blob(), filename: dispositionFilename(response.headers.get('content-disposition')) } as T;
  const body = await parseBody(response).catch(() => undefined);
  if (response.ok) return body as T;
  const error = new ApiError(response.status, (body ?? {}) as Partial<ApiErrorBody>, response.statusText);
  if (response.status === 401 && !retried && (error.code === 'token_expired' || error.code === 'unauthorized') && readCookie(COOKIE.userId)) {
    if (await refreshSession()) return request<T>(method, path, options, true);
    clearSession();
    onSessionLost();
  } else if (response.status === 401 && (error.code === 'token_revoked' || error.code === 'token_expired')) {
    clearSession();
    onSessionLost();
  }
  throw error;
}

/** Multipart upload with a progress callback (0..1), through XMLHttpRequest which reports upload progress (used by call.ts's `upload`). */
export function uploadMultipart<T>(method: 'POST' | 'PUT', path: string, form: FormData, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<T> {
  return ensureXsrf().then(
    () =>
      new Promise<T>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open(method, buildUrl(method, path));
        for (const [key, value] of Object.entries(requestHeaders(method, false))) xhr.setRequestHeader(key, value);
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable) onProgress?.(event.loaded / event.total);
        };
        xhr.onload = () => {
          let body: unknown = xhr.responseText;
          try {
            body = JSON.parse(xhr.responseText);
          } catch {
            /* not JSON */
          }
          if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
          else reject(new ApiError(xhr.status, (body && typeof body === 'object' ? body : {}) as Partial<ApiErrorBody>, xhr.statusText));
        };
        xhr.onerror = () => reject(new ApiError(0, {}, 'Network Error'));
        xhr.onabort = () => reject(new ApiError(0, {}, 'Request aborted'));
        signal?.addEventListener('abort', () => xhr.abort());
        xhr.send(form);
      }),
  );
}
