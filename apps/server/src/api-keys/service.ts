/**
 * API keys of an organization (its administrators) and of the platform (platform administrators):
 * list, create, renew, revoke. Who may manage them, and what a key may be given, is policy.ts's
 * `apiKeys`; a request made with a key manages none.
 */
import { ORGANIZATION_ROLE, type ApiKey, type ApiKeyRole, type ApiKeyWithSecret } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { organizationsRepo } from '../organizations/repo.ts';
import { apiKeys, organizationLevel, policyUser } from '../policy.ts';
import { newApiKey } from './format.ts';
import { presentApiKey } from './presenter.ts';
import { apiKeysRepo, type ApiKeyRow } from './repo.ts';

/** Which keys: an organization's, or the platform's (null). */
export type KeyScope = { organizationId: string | null };

const expiry = (value: string | null) => (value === null ? null : new Date(value));

/**
 * The caller's level where the keys live, once they may manage them: outsiders do not see the
 * organization (404); members who are not administrators, and anyone calling with a key, are refused.
 */
async function managerLevel(ctx: AppContext, actor: Actor, scope: KeyScope): Promise<number> {
  const user = policyUser(actor);
  if (scope.organizationId === null) {
    if (!apiKeys.managePlatform(user)) throw new AppError('forbidden', 'Only platform administrators, signed in, manage platform API keys');
    return ORGANIZATION_ROLE.NONE;
  }
  const org = await organizationsRepo.byId(ctx.db, scope.organizationId);
  if (!org) throw notFound('Organization');
  const membership = await organizationsRepo.membership(ctx.db, org.id, actor.user.id);
  const level = organizationLevel(user, org, membership?.role ?? null);
  if (level < ORGANIZATION_ROLE.MEMBER) throw notFound('Organization');
  if (!apiKeys.manageOrganization(user, level)) throw new AppError('forbidden', "Only the organization's administrators, signed in, manage its API keys");
  return level;
}

async function keyIn(ctx: AppContext, scope: KeyScope, id: string): Promise<ApiKeyRow> {
  const key = await apiKeysRepo.inScope(ctx.db, scope.organizationId, id);
  if (!key) throw notFound('API key');
  return key;
}

const withSecret = (row: ApiKeyRow, actor: Actor, secret: string): ApiKeyWithSecret => ({ ...presentApiKey(row, actor.user), secret });

export async function list(ctx: AppContext, actor: Actor, scope: KeyScope): Promise<{ count: number; list: ApiKey[] }> {
  await managerLevel(ctx, actor, scope);
  const rows = await apiKeysRepo.list(ctx.db, scope.organizationId);
  const now = new Date();
  return { count: rows.length, list: rows.map(({ key, creator }) => presentApiKey(key, creator, now)) };
}

export async function create(ctx: AppContext, actor: Actor, scope: KeyScope, input: { name: string; role: ApiKeyRole; expiresAt: string | null }): Promise<ApiKeyWithSecret> {
  const level = await managerLevel(ctx, actor, scope);
  if (!apiKeys.mayGrant(policyUser(actor), level, { organizationId: scope.organizationId, role: input.role })) {
    throw new AppError('forbidden', 'A key cannot be given more than you hold', { role: 'error.invalid' });
  }
  const secret = newApiKey();
  const row = await apiKeysRepo.insert(ctx.db, {
    organizationId: scope.organizationId,
    name: input.name,
    role: input.role,
    prefix: secret.prefix,
    secretHash: secret.hash,
    createdBy: actor.user.id,
    expiresAt: expiry(input.expiresAt),
  });
  return withSecret(row, actor, secret.value);
}

/**
 * A new secret and expiry for a key that is not revoked: the old secret stops working at once. The
 * key now acts for whoever renewed it (it is their key from now on), within their own rights.
 */
export async function renew(ctx: AppContext, actor: Actor, scope: KeyScope, id: string, input: { expiresAt: string | null }): Promise<ApiKeyWithSecret> {
  const level = await managerLevel(ctx, actor, scope);
  const key = await keyIn(ctx, scope, id);
  if (key.revokedAt) throw new AppError('conflict', 'A revoked key cannot be renewed: create a new one');
  if (!apiKeys.mayGrant(policyUser(actor), level, key)) throw new AppError('forbidden', 'A key cannot be given more than you hold');
  const secret = newApiKey();
  const row = await apiKeysRepo.update(ctx.db, key.id, { prefix: secret.prefix, secretHash: secret.hash, expiresAt: expiry(input.expiresAt), createdBy: actor.user.id });
  if (!row) throw notFound('API key');
  await ctx.tokens.revokeSession(key.id);
  return withSecret(row, actor, secret.value);
}

/** Revokes a key for good (again is a no-op); sockets it opened close. */
export async function revoke(ctx: AppContext, actor: Actor, scope: KeyScope, id: string): Promise<void> {
  await managerLevel(ctx, actor, scope);
  const key = await keyIn(ctx, scope, id);
  if (!key.revokedAt) await apiKeysRepo.update(ctx.db, key.id, { revokedAt: new Date() });
  await ctx.tokens.revokeSession(key.id);
}
