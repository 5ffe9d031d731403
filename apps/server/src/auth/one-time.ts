/** Single-use secrets (magic links, password resets, SSO exchange codes): hashed, expiring, consumed once. */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { oneTimeTokens } from '../db/schema.ts';
import { hashSecret, randomSecret } from './secrets.ts';

type Kind = (typeof oneTimeTokens.$inferInsert)['kind'];

/** Issues a secret of this kind for the user; older unused ones of the same kind stop working. */
export async function issueOneTime(db: Database, kind: Kind, userId: string, ttlSeconds: number, data: Record<string, string> = {}) {
  const secret = randomSecret();
  // SSO exchange codes are per sign-in attempt (several browsers may sign in at once); mailed links are one per purpose.
  if (kind !== 'oidc_exchange') {
    await db
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt)));
  }
  await db.insert(oneTimeTokens).values({
    kind,
    userId,
    data,
    tokenHash: hashSecret(secret),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return secret;
}

/**
 * Ends the user's unused sign-in and reset links: a new password must not leave a link that was
 * mailed before it (perhaps to someone reading the mailbox) able to sign in or set another one.
 */
export async function retireSignInLinks(db: Database, userId: string): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.kind, ['magic_link', 'password_reset']), isNull(oneTimeTokens.usedAt)));
}

/** Marks the token used and returns it, atomically: a second use of the same secret finds nothing. */
export async function consumeOneTime(db: Database, kind: Kind, secret: string) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.tokenHash, hashSecret(secret)), eq(oneTimeTokens.kind, kind), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, new Date())))
    .returning();
  return row;
}
