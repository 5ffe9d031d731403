/**
 * Rights on media: the caller's effective right, who has access, and sharing (a per-user right:
 * a member's custom right or a share with someone outside the organization). Whoever gains,
 * loses or sees a change of their access is told by mail, as their preferences allow.
 */
import { RIGHT, type ConversationUser, type ConversationUsers, type ConversationsUsers } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { Actor, UserRow } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { notify } from '../mail/notify.ts';
import { organizationsRepo, type OrganizationRow } from '../organizations/repo.ts';
import { acceptableRight, conversationRight, everyMediaAccess, givesAccess, mayGrantRight, organizationLevel, policyUser } from '../policy.ts';
import { presentPublicUser } from '../users/presenter.ts';
import { access, levelIn, rightOn } from '../conversations/service.ts';
import { conversationsRepo, type ConversationRow } from '../conversations/repo.ts';
import { rightsRepo } from './repo.ts';

const forbidden = () => new AppError('forbidden', 'Your rights on this media do not allow this');
const invalidRight = (field: string) => new AppError('validation_failed', 'This right cannot be given', { [field]: 'error.invalid_right' });

/** GET /conversations/{id}/rights */
export async function rightOf(ctx: AppContext, actor: Actor, id: string): Promise<{ right: number }> {
  const { right } = await access(ctx, actor, id);
  return { right };
}

/**
 * GET /conversations/{id}/users: for those who may share it. Others (a user it is shared with among
 * them) do not see who else has access, nor their addresses.
 */
export async function usersOf(ctx: AppContext, actor: Actor, id: string): Promise<ConversationUsers> {
  const { row } = await access(ctx, actor, id, RIGHT.SHARE);
  return describeUsers(ctx, row);
}

/**
 * POST /conversations/users: `usersOf` for several media at once (sharing a selection). All or none,
 * as sharing them is: a media missing or hidden makes it 404, one without the share right 403.
 */
export async function usersOfMany(ctx: AppContext, actor: Actor, ids: string[]): Promise<ConversationsUsers> {
  const unique = [...new Set(ids)];
  const byId = new Map((await conversationsRepo.byIdsWithoutTranscript(ctx.db, unique)).map((row) => [row.id, row]));
  const rights = await Promise.all(unique.map((id) => (byId.has(id) ? rightOn(ctx, actor, byId.get(id)!) : Promise.resolve(0))));
  const { access: verdict } = everyMediaAccess(rights, RIGHT.SHARE);
  if (verdict === 'hidden') throw notFound('Conversation');
  if (verdict === 'forbidden') throw forbidden();
  const conversations = [];
  for (const id of unique) conversations.push({ conversationId: id, ...(await describeUsers(ctx, byId.get(id)!)) });
  return { conversations };
}

async function organizationOf(ctx: AppContext, row: ConversationRow): Promise<OrganizationRow> {
  const org = await organizationsRepo.byId(ctx.db, row.organizationId);
  // A media lives as long as its organization (cascade); a missing one means it is gone too.
  if (!org) throw notFound('Conversation');
  return org;
}

/**
 * Every member of the media's organization with their effective right, and the users outside it
 * who hold a per-user right (or own the media after leaving the organization).
 */
async function describeUsers(ctx: AppContext, row: ConversationRow): Promise<ConversationUsers> {
  const org = await organizationOf(ctx, row);
  const [members, rights] = await Promise.all([organizationsRepo.members(ctx.db, [org.id]), rightsRepo.forConversation(ctx.db, row.id)]);
  const custom = new Map(rights.map((r) => [r.userId, r.right]));
  const describe = (user: UserRow, level: number): ConversationUser => {
    const own = custom.get(user.id) ?? null;
    return {
      ...presentPublicUser(user),
      right: conversationRight({ id: user.id, role: user.role }, row, level, own),
      custom: own !== null,
      role: level,
      owner: row.ownerId === user.id,
    };
  };
  const memberIds = new Set(members.map((m) => m.user.id));
  const organizationMembers = members.map((m) => describe(m.user, organizationLevel(m.user, org, m.role)));
  const outsideIds = [...custom.keys(), ...(row.ownerId ? [row.ownerId] : [])].filter((userId) => !memberIds.has(userId));
  const outside = await rightsRepo.users(ctx.db, [...new Set(outsideIds)]);
  const externalMembers = outside
    .map((user) => describe(user, 0))
    .filter((user) => user.right > 0)
    .sort((a, b) => a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname) || a.email.localeCompare(b.email));
  return { conversationUsers: { organizationMembers, externalMembers }, membersRight: row.membersRight };
}

/** A user someone gives or takes a right from, with their level in the media's organization. */
interface Target {
  user: UserRow;
  level: number;
}

async function loadTarget(ctx: AppContext, org: OrganizationRow, userId: string): Promise<Target> {
  const [user] = await rightsRepo.users(ctx.db, [userId]);
  if (!user) throw notFound('User');
  const membership = await organizationsRepo.membership(ctx.db, org.id, user.id);
  return { user, level: organizationLevel({ id: user.id, role: user.role }, org, membership?.role ?? null) };
}

/** The target as the policy weighs them on one media: level and current effective right. */
function weighed(row: ConversationRow, target: Target, custom: number | null) {
  return { id: target.user.id, level: target.level, current: conversationRight({ id: target.user.id, role: target.user.role }, row, target.level, custom) };
}

/** A change of someone's right on a media, to report by mail once stored. */
interface Change {
  row: ConversationRow;
  target: Target;
  before: number;
  after: number;
}

function changeOf(row: ConversationRow, target: Target, previous: number | null, next: number | null): Change {
  const facts = { id: target.user.id, role: target.user.role };
  return { row, target, before: conversationRight(facts, row, target.level, previous), after: conversationRight(facts, row, target.level, next) };
}

/** Mails the user whose access appeared, disappeared or changed; never the one who made the change. */
async function report(ctx: AppContext, actor: Actor, org: OrganizationRow, change: Change): Promise<void> {
  const { row, target, before, after } = change;
  if (before === after) return;
  // An open editor of that user follows at once (read-only, or leaves the document).
  ctx.documents.rightsChanged({ conversationId: row.id, userId: target.user.id });
  if (target.user.id === actor.user.id) return;
  const could = givesAccess(before);
  const can = givesAccess(after);
  if (!could && !can) return;
  const media = `/interface/conversations/${row.id}`;
  if (!could) await notify(ctx, target.user, 'mediaShared', org.name, media, row.name);
  else if (!can) await notify(ctx, target.user, 'mediaUnshared', org.name, '/interface/shared', row.name);
  else await notify(ctx, target.user, 'mediaRightsUpdated', org.name, media, row.name);
}

/**
 * PUT /conversations/{id}/users/{userId}: sets a user's right on a media. A member given 0 keeps a
 * custom "no access"; a user outside the organization must be given some right (removing theirs
 * is DELETE).
 */
export async function setUserRight(ctx: AppContext, actor: Actor, id: string, userId: string, right: number): Promise<ConversationUsers> {
  const { row, right: actorRight } = await access(ctx, actor, id, RIGHT.SHARE);
  const org = await organizationOf(ctx, row);
  const target = await loadTarget(ctx, org, userId);
  const custom = await rightsRepo.of(ctx.db, row.id, target.user.id);
  if (!mayGrantRight(policyUser(actor), actorRight, weighed(row, target, custom), row, right)) {
    throw forbidden();
  }
  if (!acceptableRight(target.level, right)) throw invalidRight('right');
  const previous = await rightsRepo.set(ctx.db, { conversationId: row.id, userId: target.user.id, right, grantedBy: actor.user.id });
  await report(ctx, actor, org, changeOf(row, target, previous, right));
  return describeUsers(ctx, row);
}

/**
 * DELETE /conversations/{id}/users/{userId}: removes a user's per-user right. A member falls back
 * to the members' right; a user outside the organization loses access.
 */
export async function removeUserRight(ctx: AppContext, actor: Actor, id: string, userId: string): Promise<ConversationUsers> {
  const { row, right: actorRight } = await access(ctx, actor, id, RIGHT.SHARE);
  const org = await organizationOf(ctx, row);
  const target = await loadTarget(ctx, org, userId);
  const custom = await rightsRepo.of(ctx.db, row.id, target.user.id);
  if (!mayGrantRight(policyUser(actor), actorRight, weighed(row, target, custom), row, RIGHT.UNDEFINED)) {
    throw forbidden();
  }
  const previous = await rightsRepo.remove(ctx.db, row.id, target.user.id);
  if (previous !== null) await report(ctx, actor, org, changeOf(row, target, previous, null));
  return describeUsers(ctx, row);
}

/**
 * POST /conversations/shared/access: gives every listed user their right on every listed media of
 * one organization. Every media must be visible to the caller (else 404) with the share right, and
 * every right must be one the caller may give (else 403): otherwise nothing is shared.
 */
export async function shareAccess(
  ctx: AppContext,
  actor: Actor,
  body: { organizationId: string; conversations: string[]; users: Array<{ userId: string; right: number }> },
): Promise<{ shared: number }> {
  const ids = [...new Set(body.conversations)];
  const wanted = new Map<string, number>();
  for (const [i, { userId, right }] of body.users.entries()) {
    // Sharing several media at once gives access: "no access" is set one media at a time.
    if (!givesAccess(right)) throw invalidRight(`users.${i}.right`);
    if (wanted.has(userId) && wanted.get(userId) !== right) {
      throw new AppError('validation_failed', 'A user is listed twice with different rights', { [`users.${i}.userId`]: 'error.invalid' });
    }
    wanted.set(userId, right);
  }

  const org = await organizationsRepo.byId(ctx.db, body.organizationId);
  if (!org) throw notFound('Conversation');
  const rows = (await conversationsRepo.byIds(ctx.db, ids)).filter((row) => row.organizationId === org.id);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const [level, own] = await Promise.all([levelIn(ctx, actor, org.id), rightsRepo.ofMany(ctx.db, ids, actor.user.id)]);
  const facts = policyUser(actor);
  const actorRights = new Map(rows.map((row) => [row.id, conversationRight(facts, row, level, own.get(row.id) ?? null)]));
  // A media missing or of another organization counts as one the caller cannot see.
  const { access: verdict } = everyMediaAccess(
    ids.map((id) => (byId.has(id) ? actorRights.get(id)! : 0)),
    RIGHT.SHARE,
  );
  if (verdict === 'hidden') throw notFound('Conversation');
  if (verdict === 'forbidden') throw forbidden();

  const accounts = await rightsRepo.users(ctx.db, [...wanted.keys()]);
  if (accounts.length !== wanted.size) throw notFound('User');
  const roles = new Map((await organizationsRepo.members(ctx.db, [org.id])).map((m) => [m.user.id, m.role]));
  const targets = accounts.map((user): Target => ({ user, level: organizationLevel({ id: user.id, role: user.role }, org, roles.get(user.id) ?? null) }));

  for (const row of rows) {
    const custom = new Map((await rightsRepo.forConversation(ctx.db, row.id)).map((r) => [r.userId, r.right]));
    for (const target of targets) {
      if (!mayGrantRight(facts, actorRights.get(row.id)!, weighed(row, target, custom.get(target.user.id) ?? null), row, wanted.get(target.user.id)!)) throw forbidden();
    }
  }

  const changes = await ctx.db.transaction(async (tx) => {
    const done: Change[] = [];
    for (const row of rows) {
      for (const target of targets) {
        const right = wanted.get(target.user.id)!;
        const previous = await rightsRepo.set(tx, { conversationId: row.id, userId: target.user.id, right, grantedBy: actor.user.id });
        done.push(changeOf(row, target, previous, right));
      }
    }
    return done;
  });
  for (const change of changes) await report(ctx, actor, org, change);
  return { shared: changes.length };
}
