/**
 * An API key as a bearer value (called by auth/authenticate.ts only): the key must exist, match in
 * constant time, be neither revoked nor expired, and its creator must still be active. Every refusal
 * is the same 401 as a bad access token: nothing tells an unknown key from a revoked one.
 */
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { apiKeyCap, cappedAccount } from '../policy.ts';
import type { Authentication } from '../auth/authenticate.ts';
import { usersRepo } from '../users/repo.ts';
import { apiKeyPrefix, matchesApiKey } from './format.ts';
import { apiKeysRepo } from './repo.ts';

/** A key's last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000;

const refused = (): Authentication => ({ actor: null, refusal: new AppError('unauthorized', 'Authentication required') });

export async function authenticateApiKey(ctx: Pick<AppContext, 'db'>, value: string): Promise<Authentication> {
  const prefix = apiKeyPrefix(value);
  if (!prefix) return refused();
  const key = await apiKeysRepo.byPrefix(ctx.db, prefix);
  if (!key || !matchesApiKey(value, key.secretHash)) return refused();
  const now = new Date();
  if (key.revokedAt || (key.expiresAt && key.expiresAt <= now)) return refused();
  const user = await usersRepo.byId(ctx.db, key.createdBy);
  if (!user || user.status !== 'active') return refused();
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= TOUCH_EVERY_MS) await apiKeysRepo.touch(ctx.db, key.id, now, TOUCH_EVERY_MS);
  const cap = apiKeyCap(key);
  return { actor: { user: cappedAccount(user, cap), sessionId: key.id, cap }, refusal: null };
}
