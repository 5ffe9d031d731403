/**
 * Access tokens are short JWTs naming a session; refresh tokens are opaque secrets whose hash the
 * session row keeps. Revoking the session (logout, password change, suspension) ends both at once.
 * Refresh rotates the secret; presenting an already-rotated secret revokes the session (theft).
 */
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

const ISSUER = 'palabre';

export class TokenService {
  private readonly key: Uint8Array;
  private readonly db: Database;
  private readonly accessTtl: number;

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

  async refresh(refreshToken: string): Promise<TokenPair> {
    const [sessionId, secret] = refreshToken.split('.', 2);
    if (!sessionId || !secret || !/^[0-9a-f-]{36}$/.test(sessionId)) throw invalidRefresh();
    const [row] = await this.db
      .select({ session: authSessions, status: users.status })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(eq(authSessions.id, sessionId));
    if (!row || row.session.revokedAt || row.session.expiresAt < new Date() || row.status !== 'active') {
      throw invalidRefresh();
    }
    if (!safeEqual(row.session.refreshHash, hashSecret(secret))) {
      await this.revokeSession(sessionId);
      throw invalidRefresh();
    }
    const next = randomSecret();
    const updated = await this.db
      .update(authSessions)
      .set({ refreshHash: hashSecret(next), lastUsedAt: new Date() })
      .where(and(eq(authSessions.id, sessionId), eq(authSessions.refreshHash, row.session.refreshHash)))
      .returning({ id: authSessions.id });
    if (updated.length === 0) throw invalidRefresh(); // lost a race with a concurrent refresh
    return this.pair(row.session.userId, sessionId, next);
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
    const [session] = await this.db
      .select({ revokedAt: authSessions.revokedAt })
      .from(authSessions)
      .where(eq(authSessions.id, claims.sessionId));
    if (!session || session.revokedAt) throw new AppError('token_revoked', 'The authentication token was revoked');
    return claims;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  async revokeAllForUser(userId: string): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
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
