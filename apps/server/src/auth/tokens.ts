/**
 * Access tokens are short JWTs naming a session; refresh tokens are opaque secrets whose hash the
 * session row keeps. Revoking the session (logout, password change, suspension) ends both at once.
 * Refresh rotates the secret; presenting an already-rotated secret after a short grace window
 * revokes the session (theft).
 */
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { REFRESH_TOKEN_TTL_SECONDS, type TokenPair } from '@palabre/shared';
import type { Database } from '../db/client.ts';
import { authSessions, users } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { hashSecret, randomSecret, safeEqual } from './secrets.ts';

export type SessionMethod = (typeof authSessions.$inferInsert)['method'];

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export type RevokeTarget = { sessionId: string } | { userId: string };
type RevokeListener = (target: RevokeTarget) => void;

const ISSUER = 'palabre';
/** How long the refresh secret just replaced stays usable, for concurrent refreshes (several tabs). */
const REFRESH_GRACE_SECONDS = 30;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class TokenService {
  private readonly key: Uint8Array;
  private readonly db: Database;
  private readonly accessTtl: number;
  private readonly revokeListeners = new Set<RevokeListener>();

  constructor(db: Database, secret: string, accessTtlSeconds: number) {
    this.db = db;
    this.key = new TextEncoder().encode(secret);
    this.accessTtl = accessTtlSeconds;
  }

  async openSession(userId: string, method: SessionMethod): Promise<TokenPair> {
    const secret = randomSecret();
    const [session] = await this.db
      .insert(authSessions)
      .values({
        userId,
        method,
        refreshHash: hashSecret(secret),
        expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      })
      .returning({ id: authSessions.id });
    return this.pair(userId, session!.id, secret);
  }

  /**
   * Rotates the refresh secret. The secret just replaced is still accepted within a short grace
   * window (several tabs refreshing at once) and answers the same new pair, since the next secret is
   * derived from the previous one with the server key. Any other stale secret ends the session.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const [sessionId, secret] = refreshToken.split('.', 2);
    if (!sessionId || !secret || !UUID.test(sessionId)) throw invalidRefresh();
    for (let attempt = 0; attempt < 2; attempt++) {
      const [row] = await this.db
        .select({ session: authSessions, status: users.status })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(eq(authSessions.id, sessionId));
      if (!row || row.session.revokedAt || row.session.expiresAt < new Date() || row.status !== 'active') {
        throw invalidRefresh();
      }
      const { session } = row;
      const presented = hashSecret(secret);
      const next = this.nextSecret(sessionId, secret);
      if (safeEqual(session.refreshHash, presented)) {
        const updated = await this.db
          .update(authSessions)
          .set({ refreshHash: hashSecret(next), previousRefreshHash: presented, rotatedAt: new Date(), lastUsedAt: new Date() })
          .where(and(eq(authSessions.id, sessionId), eq(authSessions.refreshHash, presented)))
          .returning({ id: authSessions.id });
        if (updated.length > 0) return this.pair(session.userId, sessionId, next);
        continue; // a concurrent refresh rotated it first: look again, as a grace use
      }
      const inGrace =
        session.previousRefreshHash !== null &&
        safeEqual(session.previousRefreshHash, presented) &&
        session.rotatedAt !== null &&
        Date.now() - session.rotatedAt.getTime() <= REFRESH_GRACE_SECONDS * 1000 &&
        safeEqual(session.refreshHash, hashSecret(next));
      // Every tab of a browser holds the same cookie: each of them may refresh at once, so the grace
      // use is not consumed. Only a secret two rotations old, or one past the window, is a theft.
      if (inGrace) {
        await this.db.update(authSessions).set({ lastUsedAt: new Date() }).where(eq(authSessions.id, sessionId));
        return this.pair(session.userId, sessionId, next);
      }
      break;
    }
    // A secret that is neither current nor a fresh predecessor was stolen or replayed.
    await this.revokeSession(sessionId);
    throw invalidRefresh();
  }

  /** Ends every socket and stream of a session (or of a user) when it is revoked. */
  onRevoke(listener: RevokeListener): () => void {
    this.revokeListeners.add(listener);
    return () => this.revokeListeners.delete(listener);
  }

  private nextSecret(sessionId: string, secret: string): string {
    return crypto.createHmac('sha256', this.key).update(`refresh|${sessionId}|${secret}`).digest('base64url');
  }

  /** Verifies the signature and that the session still stands. */
  async verifyAccess(token: string): Promise<AccessClaims> {
    let claims: AccessClaims;
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw new Error('claims');
      claims = { userId: payload.sub, sessionId: payload.sid };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError('token_expired', 'The authentication token has expired');
      throw new AppError('unauthorized', 'Authentication required');
    }
    const [session] = await this.db.select({ revokedAt: authSessions.revokedAt }).from(authSessions).where(eq(authSessions.id, claims.sessionId));
    if (!session || session.revokedAt) throw new AppError('token_revoked', 'The authentication token was revoked');
    return claims;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    this.emitRevoke({ sessionId });
  }

  async revokeAllForUser(userId: string): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
    this.emitRevoke({ userId });
  }

  private emitRevoke(target: RevokeTarget): void {
    for (const listener of this.revokeListeners) listener(target);
  }

  private async pair(userId: string, sessionId: string, refreshSecret: string): Promise<TokenPair> {
    const authToken = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.accessTtl}s`)
      .sign(this.key);
    return { auth_token: authToken, refresh_token: `${sessionId}.${refreshSecret}`, user_id: userId, expires_in: this.accessTtl };
  }
}

function invalidRefresh(): AppError {
  return new AppError('token_revoked', 'The session has ended, please sign in again');
}
