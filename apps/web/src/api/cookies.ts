/**
 * Cookies the client reads (authToken, userId, cm_orga_scope). The refresh token is an HttpOnly
 * cookie the server sets and clears itself: scripts never see it.
 */
import type { TokenPair } from '@palabre/shared';
import { AUTH_TOKEN_TTL_SECONDS, COOKIE, ORGA_SCOPE_COOKIE_TTL_SECONDS, USER_ID_COOKIE_TTL_SECONDS } from '@palabre/shared/constants';

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}

const sessionListeners = new Set<() => void>();

/** Called after each sign-in, token refresh and sign-out of this tab; answers the unsubscribe. */
export function onSessionChange(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** Who is signed in, as the cookies say now (null: nobody). */
export function signedInUser(): string | null {
  return readCookie(COOKIE.authToken) === null ? null : (readCookie(COOKIE.userId) ?? '');
}

/** Stores a sign-in: user id and auth token for 7 days (the refresh token is the server's cookie). */
export function storeTokens(pair: TokenPair): void {
  writeCookie(COOKIE.authToken, pair.auth_token, AUTH_TOKEN_TTL_SECONDS);
  writeCookie(COOKIE.userId, pair.user_id, USER_ID_COOKIE_TTL_SECONDS);
  // A script-readable refresh cookie left by an older client must not linger.
  deleteCookie(COOKIE.refreshToken);
  for (const listener of sessionListeners) listener();
}

/** Logout: clears the scope, token and user cookies. */
export function clearSession(): void {
  deleteCookie(COOKIE.orgaScope);
  deleteCookie(COOKIE.authToken);
  deleteCookie(COOKIE.refreshToken);
  deleteCookie(COOKIE.userId);
  for (const listener of sessionListeners) listener();
}

export const isAuthenticated = () => readCookie(COOKIE.authToken) !== null;

export const readOrganizationScope = () => readCookie(COOKIE.orgaScope);
export const writeOrganizationScope = (id: string) => writeCookie(COOKIE.orgaScope, id, ORGA_SCOPE_COOKIE_TTL_SECONDS);
export const clearOrganizationScope = () => deleteCookie(COOKIE.orgaScope);
