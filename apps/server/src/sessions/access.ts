/**
 * Loading a session with the facts its rights depend on, and asking the policy. A session the caller
 * may not see, or one of another organization than the path names, is not found.
 */
import type { AppContext } from '../context.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { organizationsRepo, type OrganizationRow } from '../organizations/repo.ts';
import { mayCreateSession, organizationLevel, policyUser, sessionAccess, type SessionAccess } from '../policy.ts';
import { sessionsRepo, type SessionRow } from './repo.ts';

export interface OrganizationFacts {
  org: OrganizationRow;
  /** The caller's level in it (0: not a member, or nobody signed in). */
  level: number;
}

export async function organizationFacts(ctx: AppContext, actor: Actor | null, organizationId: string): Promise<OrganizationFacts | null> {
  const org = await organizationsRepo.byId(ctx.db, organizationId);
  if (!org) return null;
  if (!actor) return { org, level: 0 };
  const membership = await organizationsRepo.membership(ctx.db, organizationId, actor.user.id);
  return { org, level: organizationLevel(policyUser(actor), org, membership?.role ?? null) };
}

/** The organization of a members-only call: not found for anyone else. */
export async function memberOf(ctx: AppContext, actor: Actor, organizationId: string): Promise<OrganizationFacts> {
  const facts = await organizationFacts(ctx, actor, organizationId);
  if (!facts || facts.level < 1) throw notFound('Organization');
  return facts;
}

/** The organization a session (or a template) is created in: its members, with the right to create sessions. */
export async function creatorIn(ctx: AppContext, actor: Actor, organizationId: string): Promise<OrganizationFacts> {
  const facts = await memberOf(ctx, actor, organizationId);
  if (!mayCreateSession(policyUser(actor), facts.level, facts.org)) {
    throw new AppError('no_organization_rights', 'You do not have the rights to do this in this organization');
  }
  return facts;
}

export interface SessionFacts extends OrganizationFacts {
  row: SessionRow;
  access: SessionAccess;
}

/**
 * A session as the caller sees it, at least with `needed` access: not found when they cannot see it
 * at all (or it belongs to another organization than `organizationId`), forbidden when they see it
 * but may not do this.
 */
export async function sessionFor(ctx: AppContext, actor: Actor | null, sessionId: string, needed: Exclude<SessionAccess, 'none'>, organizationId?: string): Promise<SessionFacts> {
  const row = await sessionsRepo.byId(ctx.db, sessionId);
  if (!row || (organizationId !== undefined && row.organizationId !== organizationId)) throw notFound('Session');
  const facts = (await organizationFacts(ctx, actor, row.organizationId))!;
  const access = sessionAccess(actor ? policyUser(actor) : null, facts.level, row);
  if (access === 'none') throw notFound('Session');
  const rank: Record<SessionAccess, number> = { none: 0, public: 1, read: 2, operate: 3 };
  if (rank[access] < rank[needed]) {
    // A public session is open to all, but to a non-member it is only its public view.
    if (access === 'public' && needed === 'read') throw notFound('Session');
    throw new AppError('forbidden', 'You may not operate this session');
  }
  return { ...facts, row, access };
}

/**
 * A session the sessions endpoints manage: a quick meeting is managed through its own endpoints
 * (meetings/), so it is not found here.
 */
export async function plainSessionFor(
  ctx: AppContext,
  actor: Actor | null,
  sessionId: string,
  needed: Exclude<SessionAccess, 'none'>,
  organizationId?: string,
): Promise<SessionFacts> {
  const facts = await sessionFor(ctx, actor, sessionId, needed, organizationId);
  if (facts.row.kind !== 'session') throw notFound('Session');
  return facts;
}
