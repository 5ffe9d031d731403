/**
 * Authentication of API calls: a Bearer access token (or, for the GET of a file that media elements
 * and links fetch, the authToken cookie), checked by auth/authenticate.ts like every other transport's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COOKIE } from '@palabre/shared';
import { authenticate, type Actor } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { AppError } from './errors.ts';

export type { Actor, UserRow } from '../auth/authenticate.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  // Media elements and links cannot send headers: the files they fetch (entries marked `cookieAuth`)
  // accept the cookie the client keeps. Nothing else does, so that a cookie a browser sends by itself
  // opens as little as possible.
  if (request.method === 'GET' && request.routeOptions.config.endpoint?.cookieAuth) return request.cookies[COOKIE.authToken];
  return undefined;
}

export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('actor', null);
  app.addHook('preHandler', async (request) => {
    const token = bearer(request);
    if (!token) return;
    const { actor, refusal } = await authenticate(ctx, token);
    // A bad token on a public route must not hide the route; protected routes fail in requireActor.
    if (refusal) request.authError = refusal;
    request.actor = actor;
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    authError?: AppError;
  }
}

/** The signed-in actor, or a 401 that says why. */
export function requireActor(request: FastifyRequest): Actor {
  if (request.actor) return request.actor;
  throw request.authError ?? new AppError('unauthorized', 'Authentication required');
}
