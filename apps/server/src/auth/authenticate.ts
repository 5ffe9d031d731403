/**
 * Turns an access token into the acting user, the same way for every transport: HTTP (http/auth.ts),
 * the session socket (realtime/socket.ts) and the collaboration socket to come. Each transport only
 * finds the token in its own request (bearer header or cookie, handshake `auth.token`…) and calls
 * `authenticate`; the checks themselves live here and nowhere else. A bearer value that is an API key
 * (api-keys/authenticate.ts) yields its creator capped by the key.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { ApiKeyCap } from '../policy.ts';
import { authenticateApiKey } from '../api-keys/authenticate.ts';
import { isApiKeyValue } from '../api-keys/format.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * Who is acting, and through which session (revoking that session ends what it opened). With an API
 * key, `sessionId` is the key's id, `user` its creator with the platform flags the key keeps, and
 * `cap` what the policy leaves them (policy.ts, `ApiKeyCap`).
 */
export interface Actor {
  user: UserRow;
  sessionId: string;
  cap?: ApiKeyCap | null;
}

/** The actor, or why the token opens nothing (`token_expired`, `token_revoked` or `unauthorized`). */
export type Authentication = { actor: Actor; refusal: null } | { actor: null; refusal: AppError };

/**
 * Checks the token's signature and expiry, that its session is not revoked, and that its user still
 * exists and is active. A refused token answers a refusal; only failures of the database throw.
 */
export async function authenticate(ctx: Pick<AppContext, 'db' | 'tokens'>, token: string): Promise<Authentication> {
  if (isApiKeyValue(token)) return authenticateApiKey(ctx, token);
  let claims;
  try {
    claims = await ctx.tokens.verifyAccess(token);
  } catch (error) {
    if (error instanceof AppError) return { actor: null, refusal: error };
    throw error;
  }
  const [user] = await ctx.db.select().from(users).where(eq(users.id, claims.userId));
  if (!user || user.status !== 'active') return { actor: null, refusal: new AppError('token_revoked', 'This account is not active') };
  return { actor: { user, sessionId: claims.sessionId }, refusal: null };
}
