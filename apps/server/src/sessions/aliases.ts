/**
 * Aliases: an organization's short names for its sessions, unique in it without case. Those who
 * operate a session name it; an alias answers the session it names to whoever may see that session.
 */
import type { SessionAlias } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { memberOf, plainSessionFor, sessionFor } from './access.ts';
import { presentAlias } from './presenter.ts';
import { aliasesRepo, type AliasRow } from './repo.ts';

export const aliasTaken = () => new AppError('session_alias_exists', 'This alias is already used in this organization', { name: 'error.name_exists' });

/** Writes, answering the duplicate-alias error when another alias has the name. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw aliasTaken();
    throw error;
  }
}

/** An alias of the organization the caller belongs to; not found otherwise. */
async function aliasOf(ctx: AppContext, actor: Actor, organizationId: string, name: string): Promise<AliasRow> {
  await memberOf(ctx, actor, organizationId);
  const alias = await aliasesRepo.byName(ctx.db, organizationId, name);
  if (!alias) throw notFound('Alias');
  return alias;
}

export async function createAlias(ctx: AppContext, actor: Actor, organizationId: string, body: { name: string; sessionId: string }): Promise<SessionAlias> {
  await plainSessionFor(ctx, actor, body.sessionId, 'operate', organizationId);
  if (await aliasesRepo.byName(ctx.db, organizationId, body.name)) throw aliasTaken();
  return presentAlias(await unique(() => aliasesRepo.insert(ctx.db, { organizationId, sessionId: body.sessionId, name: body.name })));
}

/** Renames an alias or points it at another session: the caller operates both sessions. */
export async function updateAlias(
  ctx: AppContext,
  actor: Actor,
  organizationId: string,
  name: string,
  body: { name?: string | undefined; sessionId?: string | undefined },
): Promise<SessionAlias> {
  const alias = await aliasOf(ctx, actor, organizationId, name);
  await sessionFor(ctx, actor, alias.sessionId, 'operate', organizationId);
  if (body.sessionId && body.sessionId !== alias.sessionId) await plainSessionFor(ctx, actor, body.sessionId, 'operate', organizationId);
  if (body.name && body.name.toLowerCase() !== alias.name.toLowerCase() && (await aliasesRepo.byName(ctx.db, organizationId, body.name))) throw aliasTaken();
  const changes = { ...(body.name ? { name: body.name } : {}), ...(body.sessionId ? { sessionId: body.sessionId } : {}) };
  const updated = await unique(() => aliasesRepo.update(ctx.db, alias.id, changes));
  return presentAlias(updated ?? alias);
}

export async function removeAlias(ctx: AppContext, actor: Actor, organizationId: string, name: string): Promise<void> {
  const alias = await aliasOf(ctx, actor, organizationId, name);
  await sessionFor(ctx, actor, alias.sessionId, 'operate', organizationId);
  await aliasesRepo.delete(ctx.db, alias.id);
}

/**
 * GET alias: the session it names, for whoever may see that session (anonymous viewers of public
 * sessions with anonymous access included); not found for anyone else.
 */
export async function resolveAlias(ctx: AppContext, actor: Actor | null, organizationId: string, name: string): Promise<{ sessionId: string; organizationId: string }> {
  const alias = await aliasesRepo.byName(ctx.db, organizationId, name);
  if (!alias) throw notFound('Alias');
  await sessionFor(ctx, actor, alias.sessionId, 'public', organizationId).catch(() => {
    throw notFound('Alias');
  });
  return { sessionId: alias.sessionId, organizationId };
}
