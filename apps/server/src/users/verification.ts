/**
 * E-mail verification. An address grants nothing (organization domain matching, pending invitations)
 * until its owner proves it: by the mailed verification link, a magic link or a password reset link.
 * A new address takes effect only once verified; until then the old one stays, and is told.
 */
import { EMAIL_VERIFICATION_TTL_SECONDS } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { UserRow } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';
import { renderMail } from '../mail/templates.ts';
import { organizationsRepo } from '../organizations/repo.ts';
import { consumeOneTime, issueOneTime } from '../auth/one-time.ts';
import { usersRepo } from './repo.ts';

/** Joins the organizations whose matching domains cover a verified address (as members). */
export async function joinMatchingOrganizations(db: Database, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
  const domain = user.email.split('@')[1]!;
  for (const org of await usersRepo.organizationsMatchingDomain(db, domain)) {
    await organizationsRepo.addMember(db, org.id, user.id, 1, { ifAbsent: true });
  }
}

/** Records that the user proved their current address (idempotent). */
export async function markVerified(ctx: AppContext, user: Pick<UserRow, 'id' | 'email' | 'emailVerifiedAt'>): Promise<void> {
  if (user.emailVerifiedAt) return;
  await ctx.db.transaction(async (tx) => {
    await usersRepo.update(tx, user.id, { emailVerifiedAt: new Date() });
    await joinMatchingOrganizations(tx, user);
  });
}

/** Mails a verification link for `email` (the current address, or the one the user asked to move to). */
export async function sendVerification(ctx: AppContext, user: Pick<UserRow, 'id' | 'locale'>, email: string): Promise<void> {
  const secret = await issueOneTime(ctx.db, 'email_verification', user.id, EMAIL_VERIFICATION_TTL_SECONDS, { email });
  const link = `${ctx.config.publicUrl}/verify-email?token=${secret}`;
  try {
    await ctx.mailer.send({ to: email, ...renderMail('emailVerification', user.locale, ctx.config.appName, link) });
  } catch (error) {
    // The account stays usable; the user can ask for another link.
    ctx.log.error({ err: error }, 'could not send an address verification mail');
  }
}

/** Applies a verification link: verifies the address, or moves the account to the new one. */
export async function verifyEmail(ctx: AppContext, secret: string): Promise<void> {
  const token = await consumeOneTime(ctx.db, 'email_verification', secret);
  const user = token && (await usersRepo.byId(ctx.db, token.userId));
  const email = token?.data.email;
  if (!user || user.status !== 'active' || !email) {
    throw new AppError('verification_link_invalid', 'This verification link is invalid or has expired; please ask for a new one');
  }
  if (email === user.email) return markVerified(ctx, user);
  const other = await usersRepo.byEmail(ctx.db, email);
  if (other) throw addressTaken();
  await ctx.db
    .transaction(async (tx) => {
      const moved = await usersRepo.update(tx, user.id, { email, emailVerifiedAt: new Date() });
      await joinMatchingOrganizations(tx, moved!);
    })
    .catch((error: unknown) => {
      // Someone took the address between the check and the update.
      if (isUniqueViolation(error)) throw addressTaken();
      throw error;
    });
}

const addressTaken = () => new AppError('email_exists', 'An account with this email already exists', { email: 'error.email_exists' });

/** Mails a new link for the user's own unverified address. */
export async function resendVerification(ctx: AppContext, user: UserRow): Promise<void> {
  if (user.emailVerifiedAt) throw new AppError('conflict', 'This address is already verified');
  await sendVerification(ctx, user, user.email);
}

/**
 * Starts a change of address: the new one gets a link and takes effect when it is followed; the
 * current one is told, so that its owner notices a change they did not ask for.
 */
export async function requestEmailChange(ctx: AppContext, user: UserRow, email: string): Promise<void> {
  if (await usersRepo.byEmail(ctx.db, email)) throw addressTaken();
  await sendVerification(ctx, user, email);
  try {
    await ctx.mailer.send({ to: user.email, ...renderMail('emailChangeRequested', user.locale, ctx.config.appName, `${ctx.config.publicUrl}/interface/user/settings`) });
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not tell the current address about a change of address');
  }
}
