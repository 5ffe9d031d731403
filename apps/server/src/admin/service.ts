/**
 * The backoffice: system administrators manage every account and organization. Who may enter is
 * checked by the routes (`platform.backoffice`); the rules on what they may change live in `policy.ts`.
 */
import type { Organization, User } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { Actor, UserRow } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import * as organizations from '../organizations/service.ts';
import { organizationsRepo } from '../organizations/repo.ts';
import { organizationLevel, platform } from '../policy.ts';
import { presentUser } from '../users/presenter.ts';
import { usersRepo } from '../users/repo.ts';
import { createAccount } from '../users/service.ts';
import { presentAccount } from './presenter.ts';

export interface Page {
  page: number;
  size: number;
}

export async function listUsers(ctx: AppContext, { page, size, search }: Page & { search?: string | undefined }) {
  const offset = page * size;
  const [rows, count] = search
    ? await Promise.all([usersRepo.search(ctx.db, search, { includePrivate: true, limit: size, offset }), usersRepo.countSearch(ctx.db, search)])
    : await Promise.all([usersRepo.list(ctx.db, size, offset), usersRepo.count(ctx.db)]);
  return { count, list: rows.map((u) => presentUser(u)) };
}

export async function createUser(
  ctx: AppContext,
  actor: Actor,
  input: { firstname: string; lastname: string; email: string; password: string; role?: number | undefined },
): Promise<User> {
  if (input.role !== undefined && !platform.setRole(actor.user, 0, input.role)) {
    throw new AppError('forbidden', 'Only a super administrator can grant the super administrator role');
  }
  return presentUser(await createAccount(ctx, { ...input, verified: true }));
}

/** The organizations an account belongs to, with its level in each (the owner's counts as owner). */
async function organizationsOf(ctx: AppContext, user: UserRow) {
  const memberships = await organizationsRepo.forUser(ctx.db, user.id);
  return memberships.map(({ org, role }) => ({ org, level: organizationLevel(user, org, role) }));
}

async function loadUser(ctx: AppContext, id: string): Promise<UserRow> {
  const user = await usersRepo.byId(ctx.db, id);
  if (!user) throw notFound('User');
  return user;
}

export async function getUser(ctx: AppContext, id: string) {
  const user = await loadUser(ctx, id);
  return presentAccount(user, await organizationsOf(ctx, user));
}

export async function updateUser(ctx: AppContext, actor: Actor, id: string, patch: { role?: number | undefined; status?: UserRow['status'] | undefined }): Promise<User> {
  if (!platform.backofficeSelfChange(actor.user, id, patch)) {
    throw new AppError('forbidden', 'You cannot suspend yourself or remove your own administrator role');
  }
  const target = await loadUser(ctx, id);
  if (!platform.setRole(actor.user, target.role, patch.role ?? target.role)) {
    throw new AppError('forbidden', 'Only a super administrator can change a super administrator or grant that role');
  }
  const user = await usersRepo.update(ctx.db, id, patch);
  if (!user) throw notFound('User');
  // A suspended account's sign-ins end now, not when their tokens expire.
  if (patch.status === 'suspended') await ctx.tokens.revokeAllForUser(id);
  // A platform role weighs in the user's rights on media.
  if (patch.role !== undefined) ctx.documents.rightsChanged({ userId: id });
  return presentUser(user);
}

export async function deleteUser(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  if (!platform.backofficeSelfChange(actor.user, id, { delete: true })) {
    throw new AppError('forbidden', 'You cannot delete your own account from the backoffice');
  }
  const user = await loadUser(ctx, id);
  // Organizations are not left without an owner: they are deleted first.
  const owned = platform.organizationsBlockingDeletion((await organizationsOf(ctx, user)).map(({ level }) => level));
  if (owned.length > 0) {
    throw new AppError('conflict', `This user owns ${owned.length} organization(s); delete them first`);
  }
  if (!platform.setRole(actor.user, user.role, 0)) {
    throw new AppError('forbidden', 'Only a super administrator can delete a super administrator');
  }
  await usersRepo.delete(ctx.db, id);
  // Their open editors are disconnected (their sessions went with the account).
  ctx.documents.rightsChanged({ userId: id });
  if (user.picture) await ctx.storage.delete(user.picture);
}

/** Administrators see every organization without being members: they are described at level 0. */
const OUTSIDER = 0;

async function loadOrganization(ctx: AppContext, id: string) {
  const org = await organizationsRepo.byId(ctx.db, id);
  if (!org) throw notFound('Organization');
  return org;
}

export async function listOrganizations(ctx: AppContext, { page, size }: Page) {
  const [rows, count] = await Promise.all([organizationsRepo.list(ctx.db, size, page * size), organizationsRepo.count(ctx.db)]);
  const list = await organizations.describe(
    ctx,
    rows.map((org) => ({ org, level: OUTSIDER })),
  );
  return { count, list };
}

/** Creates an organization owned by the account with `ownerEmail`, or by the administrator. */
export async function createOrganization(ctx: AppContext, actor: Actor, input: { name: string; ownerEmail?: string | undefined }): Promise<Organization> {
  const owner = input.ownerEmail ? await usersRepo.byEmail(ctx.db, input.ownerEmail) : actor.user;
  if (!owner) throw new AppError('validation_failed', 'No user has this email', { ownerEmail: 'error.unknown_user' });
  const org = await organizations.createOrganization(ctx, owner, input.name);
  return organizations.describeOne(ctx, org, OUTSIDER);
}

export async function getOrganization(ctx: AppContext, id: string): Promise<Organization> {
  return organizations.describeOne(ctx, await loadOrganization(ctx, id), OUTSIDER);
}

export async function updateOrganization(ctx: AppContext, id: string, patch: organizations.OrganizationPatch): Promise<Organization> {
  const updated = await organizations.applyPatch(ctx, await loadOrganization(ctx, id), patch);
  return organizations.describeOne(ctx, updated, OUTSIDER);
}

export async function deleteOrganization(ctx: AppContext, id: string): Promise<void> {
  await loadOrganization(ctx, id);
  await organizations.deleteWithFiles(ctx, id);
}
