/**
 * What every request carries and the renewal of the access token: the Bearer token from the authToken
 * cookie, the anti-forgery cookie mirrored into X-XSRF-TOKEN, and the refresh (one attempt at a time, across tabs).
 * No endpoint table here: the collaboration client loads this before the contracts (client.ts is the
 * HTTP client built on it).
 */
import { COOKIE, HEALTH_PATH, REFRESH_PATH } from '@palabre/shared/constants';
import type { TokenPair } from '@palabre/shared';
import { readCookie, storeTokens } from './cookies.ts';

export function requestHeaders(method: string, json: boolean, accept = 'application/json'): Record<string, string> {
  // The refresh token stays in the server's HttpOnly cookie: never ask for it in a body.
  const h: Record<string, string> = { accept, 'x-token-transport': 'cookie' };
  const token = readCookie(COOKIE.authToken);
  if (token) h.authorization = `Bearer ${token}`;
  if (method !== 'GET') {
    const xsrf = readCookie(COOKIE.xsrf);
    if (xsrf) h['x-xsrf-token'] = xsrf;
  }
  if (json) h['content-type'] = 'application/json';
  return h;
}

let xsrfReady: Promise<unknown> | null = null;
/** The anti-forgery cookie is set by any response; make sure one exists before the first write. */
export async function ensureXsrf() {
  if (readCookie(COOKIE.xsrf)) return;
  xsrfReady ??= fetch(HEALTH_PATH, { credentials: 'same-origin' }).catch(() => undefined);
  await xsrfReady;
  xsrfReady = null;
}

/** The lock every tab of the application takes to refresh, so that tabs refresh one after the other. */
export const REFRESH_LOCK = 'palabre-refresh';

/** Runs `work` holding the lock shared by the tabs of this origin, where the browser has Web Locks. */
async function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(REFRESH_LOCK, work) : await work();
}

let refreshing: Promise<boolean> | null = null;
/**
 * Renews the access token with the refresh cookie (one attempt at a time in a tab, one tab at a time);
 * false when the session is over. A tab that waited while another one refreshed takes the new token
 * that tab stored instead of refreshing again.
 */
export async function refreshSession(): Promise<boolean> {
  const stale = readCookie(COOKIE.authToken);
  refreshing ??= acrossTabs(async () => {
    try {
      const current = readCookie(COOKIE.authToken);
      if (current !== null && current !== stale) return true;
      await ensureXsrf();
      const response = await fetch(REFRESH_PATH, {
        method: 'POST',
        headers: requestHeaders('POST', true),
        body: JSON.stringify({}),
        credentials: 'same-origin',
      });
      if (!response.ok) return false;
      storeTokens((await response.json()) as TokenPair);
      return true;
    } catch {
      return false;
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  });
  return refreshing;
}
