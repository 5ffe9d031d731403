/**
 * Anti-forgery (double-submit): the server sets an XSRF-TOKEN cookie; every non-GET call to the API
 * must mirror it in the X-XSRF-TOKEN header. A cross-site form can send the cookie but not the header.
 * Calls carrying an API key in their Authorization header need no anti-forgery token: a key is never
 * a cookie, so a browser never sends one on its own, and a page cannot set that header cross-site.
 */
import type { FastifyInstance } from 'fastify';
import { COOKIE, XSRF_HEADER } from '@palabre/shared';
import { randomSecret, safeEqual } from '../auth/secrets.ts';
import { isApiKeyValue } from '../api-keys/format.ts';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerXsrf(app: FastifyInstance, options: { secure: boolean }): void {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[COOKIE.xsrf];
    if (!cookie) {
      reply.setCookie(COOKIE.xsrf, randomSecret(24), {
        path: '/',
        sameSite: 'lax',
        secure: options.secure,
        httpOnly: false,
      });
    }
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/cm-api/')) return;
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ') && isApiKeyValue(authorization.slice(7).trim())) return;
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      throw new AppError('xsrf_missing', 'Missing or invalid anti-forgery token');
    }
  });
}
