import { DEFAULT_EMAIL_NOTIFICATIONS, PLATFORM_ROLE, type Locale, type User } from '@palabre/shared';
import { requireWriteOwn } from '../api-keys/read-only.ts';
import { retireSignInLinks } from '../auth/one-time.ts';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Actor, UserRow } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { favoritesRepo } from '../favorites/repo.ts';
import { apiKeys, platform, policyUser } from '../policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { checkPicture, storePicture } from './picture.ts';
import { presentUser } from './presenter.ts';
import { usersRepo } from './repo.ts';
import { joinMatchingOrganizations, requestEmailChange, sendVerification } from './verification.ts';

export interface NewAccount {
  firstname: string;
  lastname: string;
  email: string;
  password: string | null;
  picture?: Buffer | undefined;
  role?: number | undefined;
  /** The language of its mails; without one they are in the default language until the user picks one. */
  locale?: Locale | null | undefined;
  /** Accounts made by an administrator (or vouched for by the identity provider) start verified. */
  verified: boolean;
}

/**
 * Creates an account. Pending invitations stay pending (the invitee accepts them), and organizations
 * matching the address's domain are joined only once the address is verified.
 */
export async function createAccount(ctx: AppContext, input: NewAccount): Promise<UserRow> {
  if (await usersRepo.byEmail(ctx.db, input.email)) throw emailTaken();
  // A refused picture must refuse the whole sign-up, not leave an account behind.
  if (input.picture) checkPicture(input.picture);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const user = await ctx.db
    .transaction(async (tx) => {
      const created = await usersRepo.insert(tx, {
        email: input.email,
        firstname: input.firstname,
        lastname: input.lastname,
        passwordHash,
        role: input.role ?? PLATFORM_ROLE.USER | PLATFORM_ROLE.ORGANIZATION_INITIATOR,
        emailNotifications: DEFAULT_EMAIL_NOTIFICATIONS,
        locale: input.locale ?? null,
        emailVerifiedAt: input.verified ? new Date() : null,
      });
      if (input.verified) await joinMatchingOrganizations(tx, created);
      return created;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw emailTaken(); // two sign-ups racing for one address
      throw error;
    });
  if (!input.verified) await sendVerification(ctx, user, user.email);
  if (input.picture) {
    const key = await storePicture(ctx.storage, user.id, input.picture);
    return (await usersRepo.update(ctx.db, user.id, { picture: key }))!;
  }
  return user;
}

const emailTaken = () => new AppError('email_exists', 'An account with this email already exists', { email: 'error.email_exists' });

export async function getSelf(ctx: AppContext, actor: Actor): Promise<User> {
  return presentUser(actor.user, await favoritesOf(ctx, actor.user.id));
}

/** Ids of the media the user starred, most recent first. */
function favoritesOf(ctx: AppContext, userId: string): Promise<string[]> {
  return favoritesRepo.idsOf(ctx.db, userId);
}

export interface SelfUpdate {
  firstname?: string | undefined;
  lastname?: string | undefined;
  email?: string | undefined;
  private?: boolean | undefined;
  locale?: Locale | null | undefined;
  emailNotifications?: Partial<User['emailNotifications']> | undefined;
  role?: number | undefined;
  currentPassword?: string | undefined;
}

/**
 * Updates the own profile. A new address is not applied here: it takes effect once its owner
 * follows the link mailed to it, and asking for it needs the current password (when there is one).
 */
export async function updateSelf(ctx: AppContext, actor: Actor, input: SelfUpdate): Promise<User> {
  requireWriteOwn(actor);
  const { role, emailNotifications, email, currentPassword, ...rest } = input;
  if (((email !== undefined && email !== actor.user.email) || (role !== undefined && role !== actor.user.role)) && !apiKeys.changeAccount(policyUser(actor))) {
    throw new AppError('forbidden', 'An API key cannot change the address or the roles of its account');
  }
  const values: Parameters<typeof usersRepo.update>[2] = { ...rest };
  const newEmail = email !== undefined && email !== actor.user.email ? email : null;
  if (newEmail) {
    if (actor.user.passwordHash && !(currentPassword && (await verifyPassword(actor.user.passwordHash, currentPassword)))) {
      throw new AppError('wrong_password', 'The current password is not correct', { currentPassword: 'error.wrong_password' });
    }
    if (await usersRepo.byEmail(ctx.db, newEmail)) throw emailTaken();
  }
  if (emailNotifications) {
    values.emailNotifications = { ...DEFAULT_EMAIL_NOTIFICATIONS, ...actor.user.emailNotifications, ...emailNotifications };
  }
  if (role !== undefined && role !== actor.user.role) {
    if (!platform.setOwnRole(actor.user, role)) throw new AppError('forbidden', 'You can only remove roles from your own account');
    values.role = role;
  }
  const updated = await usersRepo.update(ctx.db, actor.user.id, values);
  if (newEmail) await requestEmailChange(ctx, updated!, newEmail);
  return presentUser(updated!, await favoritesOf(ctx, actor.user.id));
}

export async function changePassword(ctx: AppContext, actor: Actor, current: string, next: string) {
  if (!apiKeys.changeAccount(policyUser(actor))) throw new AppError('forbidden', 'An API key cannot change the password of its account');
  if (!actor.user.passwordHash || !(await verifyPassword(actor.user.passwordHash, current))) {
    throw new AppError('wrong_password', 'The current password is not correct', { currentPassword: 'error.wrong_password' });
  }
  await usersRepo.update(ctx.db, actor.user.id, { passwordHash: await hashPassword(next) });
  // Every other sign-in ends, and so do the sign-in and reset links mailed before; this one continues with fresh tokens.
  await retireSignInLinks(ctx.db, actor.user.id);
  await ctx.tokens.revokeAllForUser(actor.user.id);
  return ctx.tokens.openSession(actor.user.id, 'password');
}

export async function setPicture(ctx: AppContext, actor: Actor, bytes: Buffer | null): Promise<User> {
  requireWriteOwn(actor);
  const key = bytes ? await storePicture(ctx.storage, actor.user.id, bytes) : null;
  const previous = actor.user.picture;
  const updated = await usersRepo.update(ctx.db, actor.user.id, { picture: key });
  if (previous) await ctx.storage.delete(previous);
  return presentUser(updated!, await favoritesOf(ctx, actor.user.id));
}

/** Another user's public card: visible to people who share an organization, to administrators, and for public profiles. */
export async function getVisibleUser(ctx: AppContext, actor: Actor, id: string): Promise<UserRow> {
  const user = await usersRepo.byId(ctx.db, id);
  if (!user) throw notFound('User');
  if (user.id === actor.user.id || platform.backoffice(actor.user) || !user.private) return user;
  if (await usersRepo.shareOrganization(ctx.db, actor.user.id, user.id)) return user;
  throw notFound('User');
}
