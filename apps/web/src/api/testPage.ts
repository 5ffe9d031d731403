/**
 * For the API client's unit tests, which run in Node: a browser page at `pathname` with the given
 * cookies, whose fetch hands each request to `answer`. Undone by `vi.unstubAllGlobals()`.
 */
import { vi } from 'vitest';

export interface StubbedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** A JSON body parsed, any other body as sent. */
  body: unknown;
}

export function stubPage(pathname: string, cookies: Record<string, string>, answer: (request: StubbedRequest) => Response): void {
  vi.stubGlobal('location', { origin: 'http://palabre.test', pathname, protocol: 'http:' });
  vi.stubGlobal('document', {
    cookie: Object.entries(cookies)
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('; '),
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) =>
      Promise.resolve(
        answer({
          url,
          method: init.method ?? 'GET',
          headers: (init.headers ?? {}) as Record<string, string>,
          body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
        }),
      ),
    ),
  );
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
