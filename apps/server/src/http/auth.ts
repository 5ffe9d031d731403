/** Authentication of API calls: a Bearer access token (or, for GET only, the authToken cookie). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { COOKIE } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { AppError } from './errors.ts';

export type UserRow = typeof users.$inferSelect;
export interface Actor {
  user: UserRow;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  // Media elements cannot send headers; reads may authenticate with the cookie the client keeps.
  if (request.method === 'GET') return request.cookies[COOKIE.authToken];
  return undefined;
}

export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('actor', null);
  app.addHook('preHandler', async (request) => {
    const token = bearer(request);
    if (!token) return;
    const claims = await ctx.tokens.verifyAccess(token).catch((error: unknown) => {
      // A bad token on a public route must not hide the route; protected routes fail in requireActor.
      if (error instanceof AppError) {
        request.authError = error;
        return null;
      }
      throw error;
    });
    if (!claims) return;
    const [user] = await ctx.db.select().from(users).where(eq(users.id, claims.userId));
    if (!user || user.status !== 'active') {
      request.authError = new AppError('token_revoked', 'This account is not active');
      return;
    }
    request.actor = { user, sessionId: claims.sessionId };
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
