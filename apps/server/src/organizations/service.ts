import { DEFAULT_ORGANIZATION_PERMISSIONS, ORGANIZATION_ROLE, type Organization, type OrganizationPermissions } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { organizationMediaFiles, removeManyMediaFiles } from '../conversations/cleanup.ts';
import type { Actor, UserRow } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { notify } from '../mail/notify.ts';
import { budgets, tooManyRequests } from '../http/budget.ts';
import { mayAssignRole, mayRemoveMember, organizationAbilities, organizationLevel, platform, policyUser, type ApiKeyCap, type OrganizationAbility } from '../policy.ts';
import { tagsRepo } from '../tags/repo.ts';
import { usersRepo } from '../users/repo.ts';
import { organizationsRepo, type OrganizationRow } from './repo.ts';
import { presentOrganization } from './presenter.ts';

const nameTaken = () => new AppError('organization_name_exists', 'An organization with this name already exists', { name: 'error.name_exists' });

/** Loads an organization as the actor sees it; absent and forbidden both answer not found. */
export async function authorize(ctx: AppContext, actor: Actor, id: string, ability: OrganizationAbility): Promise<{ org: OrganizationRow; level: number }> {
  const org = await organizationsRepo.byId(ctx.db, id);
  if (!org) throw notFound('Organization');
  const membership = await organizationsRepo.membership(ctx.db, id, actor.user.id);
  const level = organizationLevel(policyUser(actor), org, membership?.role ?? null);
  const abilities = organizationAbilities(level, org, actor.cap);
  if (!abilities.read) throw notFound('Organization');
  if (!abilities[ability]) {
    throw ability === 'upload' || ability === 'summary' || ability === 'session'
      ? new AppError('no_organization_rights', 'You do not have the rights to do this in this organization')
      : new AppError('forbidden', 'Your role in this organization does not allow this');
  }
  return { org, level };
}

/** As `authorize`, but platform administrators may act on any organization (from the backoffice). */
export async function authorizeOrBackoffice(ctx: AppContext, actor: Actor, id: string, ability: OrganizationAbility) {
  if (!platform.backoffice(actor.user)) return authorize(ctx, actor, id, ability);
  const org = await organizationsRepo.byId(ctx.db, id);
  if (!org) throw notFound('Organization');
  const membership = await organizationsRepo.membership(ctx.db, id, actor.user.id);
  return { org, level: organizationLevel(policyUser(actor), org, membership?.role ?? null) };
}

export async function describe(ctx: AppContext, orgs: Array<{ org: OrganizationRow; level: number }>, cap: ApiKeyCap | null = null): Promise<Organization[]> {
  const ids = orgs.map((o) => o.org.id);
  const [members, invitations, mediaCounts] = await Promise.all([
    organizationsRepo.members(ctx.db, ids),
    organizationsRepo.invitations(ctx.db, ids),
    organizationsRepo.mediaCounts(ctx.db, ids),
  ]);
  return orgs.map(({ org, level }) =>
    presentOrganization({
      org,
      level,
      cap,
      members: members.filter((m) => m.organizationId === org.id),
      invitations: invitations.filter((i) => i.organizationId === org.id),
      mediaCount: mediaCounts.get(org.id) ?? 0,
    }),
  );
}

export async function describeOne(ctx: AppContext, org: OrganizationRow, level: number, cap: ApiKeyCap | null = null): Promise<Organization> {
  return (await describe(ctx, [{ org, level }], cap))[0]!;
}

export async function listMine(ctx: AppContext, actor: Actor): Promise<Organization[]> {
  const rows = await organizationsRepo.forUser(ctx.db, actor.user.id);
  return describe(
    ctx,
    rows.map(({ org, role }) => ({ org, level: organizationLevel(policyUser(actor), org, role) })).filter(({ level }) => level > 0),
    actor.cap ?? null,
  );
}

/** Creates an organization owned by `owner`. Platform permission is checked by the caller's route. */
export async function createOrganization(ctx: AppContext, owner: UserRow, name: string): Promise<OrganizationRow> {
  if (await organizationsRepo.byName(ctx.db, name)) throw nameTaken();
  try {
    return await ctx.db.transaction(async (tx) => {
      const org = await organizationsRepo.insert(tx, {
        name,
        ownerId: owner.id,
        permissions: DEFAULT_ORGANIZATION_PERMISSIONS,
      });
      await organizationsRepo.addMember(tx, org.id, owner.id, ORGANIZATION_ROLE.OWNER);
      await tagsRepo.insertDefaultCategory(tx, org.id);
      return org;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(); // two creations racing for one name
    throw error;
  }
}

/**
 * Each creation or rename tells whether a name is taken anywhere on the platform: a budget per
 * user keeps that from becoming a way to list other tenants' names.
 */
function spendNameCheck(ctx: AppContext, actor: Actor) {
  if (!budgets(ctx).organizationNamesPerUser.take(actor.user.id)) {
    throw tooManyRequests('Too many organizations created or renamed in the last hour, please try again later');
  }
}

export async function create(ctx: AppContext, actor: Actor, name: string): Promise<Organization> {
  if (!platform.createOrganization(actor.user)) {
    throw new AppError('forbidden', 'Your account cannot create organizations');
  }
  spendNameCheck(ctx, actor);
  const org = await createOrganization(ctx, actor.user, name);
  return describeOne(ctx, org, ORGANIZATION_ROLE.OWNER);
}

export interface OrganizationPatch {
  name?: string | undefined;
  description?: string | undefined;
  visibility?: 'private' | 'public' | undefined;
  permissions?: Partial<OrganizationPermissions> | undefined;
  matchingEmails?: string[] | undefined;
}

export async function applyPatch(ctx: AppContext, org: OrganizationRow, patch: OrganizationPatch): Promise<OrganizationRow> {
  if (patch.name && patch.name.toLowerCase() !== org.name.toLowerCase()) {
    if (await organizationsRepo.byName(ctx.db, patch.name)) throw nameTaken();
  }
  const { permissions, matchingEmails, ...rest } = patch;
  try {
    const updated = (await organizationsRepo.update(ctx.db, org.id, {
      ...rest,
      ...(permissions ? { permissions: { ...org.permissions, ...permissions } } : {}),
      ...(matchingEmails ? { matchingEmails: [...new Set(matchingEmails)] } : {}),
    }))!;
    // The organization's permissions weigh in its members' rights on its media.
    if (permissions) ctx.documents.rightsChanged({ organizationId: org.id });
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function update(ctx: AppContext, actor: Actor, id: string, patch: OrganizationPatch): Promise<Organization> {
  const { org, level } = await authorize(ctx, actor, id, 'update');
  if (patch.name && patch.name.toLowerCase() !== org.name.toLowerCase()) spendNameCheck(ctx, actor);
  return describeOne(ctx, await applyPatch(ctx, org, patch), level);
}

export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await authorize(ctx, actor, id, 'delete');
  await deleteWithFiles(ctx, id);
}

/**
 * Deletes an organization and its media's files, for its owner and for the backoffice alike. Its
 * media rows go with it (cascade): their files are noted first and removed once the rows are gone.
 */
export async function deleteWithFiles(ctx: AppContext, id: string): Promise<void> {
  const media = await organizationMediaFiles(ctx, id);
  await organizationsRepo.delete(ctx.db, id);
  ctx.documents.rightsChanged({ organizationId: id });
  await removeManyMediaFiles(ctx, media);
}

export async function leave(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const { org, level } = await authorize(ctx, actor, id, 'read');
  if (!organizationAbilities(level, org).leave) {
    throw new AppError('owner_cannot_leave', 'The owner cannot leave the organization; delete it or transfer it first');
  }
  await withdrawMember(ctx, org, actor.user.id);
  await notify(ctx, actor.user, 'organizationLeft', org.name);
}

async function loadMember(ctx: AppContext, org: OrganizationRow, userId: string) {
  const membership = await organizationsRepo.membership(ctx.db, org.id, userId);
  const user = membership && (await usersRepo.byId(ctx.db, userId));
  if (!membership || !user) throw notFound('Member');
  return { user, role: org.ownerId === userId ? ORGANIZATION_ROLE.OWNER : membership.role };
}

export async function updateMember(ctx: AppContext, actor: Actor, id: string, userId: string, role: number): Promise<Organization> {
  const { org, level } = await authorize(ctx, actor, id, 'manageMembers');
  const member = await loadMember(ctx, org, userId);
  if (!mayAssignRole(level, member.role, role)) {
    throw new AppError('forbidden', 'You cannot change the role of this member');
  }
  await organizationsRepo.setMemberRole(ctx.db, id, userId, role);
  ctx.documents.rightsChanged({ organizationId: id, userId });
  if (member.role !== role) await notify(ctx, member.user, 'organizationRoleChanged', org.name);
  return describeOne(ctx, org, level);
}

export async function removeMember(ctx: AppContext, actor: Actor, id: string, userId: string): Promise<Organization> {
  const { org, level } = await authorize(ctx, actor, id, 'manageMembers');
  const member = await loadMember(ctx, org, userId);
  if (!mayRemoveMember(level, member.role)) {
    throw new AppError('forbidden', 'You cannot remove this member');
  }
  await withdrawMember(ctx, org, userId);
  await notify(ctx, member.user, 'organizationLeft', org.name);
  return describeOne(ctx, org, level);
}

/**
 * Ends a membership. The media the member owned stay in the organization under its owner, who
 * can then manage them; the member's per-user rights there go with the membership. One
 * transaction, so no media is ever left owned by someone outside.
 */
async function withdrawMember(ctx: AppContext, org: OrganizationRow, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await organizationsRepo.removeMember(tx, org.id, userId);
    await organizationsRepo.transferMedia(tx, org.id, userId, org.ownerId);
  });
  ctx.documents.rightsChanged({ organizationId: org.id, userId });
}
