/**
 * The refresh token of browsers lives in an HttpOnly cookie scripts cannot read, sent only to the
 * auth routes, and never in a body: a script injected into a page could read a body. A request is a
 * browser's when it carries `Sec-Fetch-Site`, which every current browser sends and no page can set
 * or remove; a client that asks for `X-Token-Transport: cookie` (the web client, also in an older
 * browser) is treated the same. Other clients (scripts, apps) get the token in the body, as the
 * contract says (docs/ARCHITECTURE.md, Authentication).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_BASE, COOKIE, REFRESH_TOKEN_TTL_SECONDS, type TokenPair } from '@palabre/shared';
import type { AppContext } from '../context.ts';

export const TOKEN_TRANSPORT_HEADER = 'x-token-transport';

function cookieOptions(ctx: AppContext) {
  return { path: AUTH_BASE, httpOnly: true, sameSite: 'strict', secure: ctx.config.publicUrl.startsWith('https:') } as const;
}

export const cookieOnly = (request: FastifyRequest) => request.headers[TOKEN_TRANSPORT_HEADER] === 'cookie' || request.headers['sec-fetch-site'] !== undefined;

/** Sets the refresh cookie and answers the pair, without the refresh token for cookie-only clients. */
export function sendTokens(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, pair: TokenPair, options: { cookieOnly?: boolean } = {}): TokenPair {
  if (pair.refresh_token) reply.setCookie(COOKIE.refreshToken, pair.refresh_token, { ...cookieOptions(ctx), maxAge: REFRESH_TOKEN_TTL_SECONDS });
  if (options.cookieOnly || cookieOnly(request)) {
    const { refresh_token: _kept, ...rest } = pair;
    return rest;
  }
  return pair;
}

export const refreshCookieOf = (request: FastifyRequest): string | undefined => request.cookies[COOKIE.refreshToken] || undefined;

export function clearRefreshCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(COOKIE.refreshToken, cookieOptions(ctx));
}
