/**
 * Answers asked before the application's code runs. The entry script asks, with the HTTP client's
 * own headers, for the GETs the first screen is known to need (routes/firstScreen.ts); the client
 * (client.ts) then takes such an answer instead of asking again: once, and only within a few
 * seconds. The server checks each of these requests as any other.
 */
import { requestHeaders } from './tokens.ts';

/** Past this, an answer asked early is not taken (the page went elsewhere meanwhile). */
const FRESH_MS = 5_000;

const answers = new Map<string, { response: Promise<Response>; at: number }>();

/** A request's path and query, as the client sends them (its cache-busting `t` aside). */
export function requestPath(path: string, query: Record<string, unknown> = {}): string {
  const url = new URL(path, location.origin);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/** Asks for `path` (a GET) now; the client's first request of it takes the answer. */
export function askEarly(path: string): void {
  const url = new URL(path, location.origin);
  url.searchParams.set('t', String(Date.now()));
  // A network failure is the client's to report when it takes the answer.
  const response = fetch(url.pathname + url.search, { headers: requestHeaders('GET', false), credentials: 'same-origin' });
  response.catch(() => undefined);
  answers.set(path, { response, at: Date.now() });
}

/** The answer asked early for `path`, at most once and while fresh; null otherwise. */
export function takeEarly(path: string): Promise<Response> | null {
  const answer = answers.get(path);
  if (!answer) return null;
  answers.delete(path);
  return Date.now() - answer.at <= FRESH_MS ? answer.response : null;
}
