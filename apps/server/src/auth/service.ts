import { MAGIC_LINK_TTL_SECONDS, PASSWORD_RESET_TTL_SECONDS, type TokenPair } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import type { Mail } from '../mail/mailer.ts';
import { renderMail } from '../mail/templates.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../users/passwords.ts';
import { usersRepo } from '../users/repo.ts';
import { markVerified } from '../users/verification.ts';
import { consumeOneTime, issueOneTime, retireSignInLinks } from './one-time.ts';

const badCredentials = () => new AppError('invalid_credentials', 'Wrong email or password');

/**
 * Sends a "here is your link" mail for an endpoint that must answer the same whether or not the
 * address has an account: a delivery failure (SMTP down) is logged, never turned into an error
 * that only known addresses would get.
 */
async function sendLinkMail(ctx: AppContext, mail: Mail): Promise<void> {
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    ctx.log.error({ err: error, subject: mail.subject }, 'could not send a sign-in or password reset mail');
  }
}

export async function login(ctx: AppContext, email: string, password: string): Promise<TokenPair> {
  const user = await usersRepo.byEmail(ctx.db, email);
  if (!user || !user.passwordHash) {
    await burnPasswordCheck(password);
    throw badCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, password)) || user.status !== 'active') throw badCredentials();
  return ctx.tokens.openSession(user.id, 'password');
}

/** Always answers the same way, whether or not the address has an account. */
export async function requestMagicLink(ctx: AppContext, email: string, conversationId?: string): Promise<void> {
  const user = await usersRepo.byEmail(ctx.db, email);
  if (!user || user.status !== 'active') return;
  const secret = await issueOneTime(ctx.db, 'magic_link', user.id, MAGIC_LINK_TTL_SECONDS);
  const query = conversationId ? `?conversationId=${encodeURIComponent(conversationId)}` : '';
  const link = `${ctx.config.publicUrl}/magiclink-auth/${secret}${query}`;
  await sendLinkMail(ctx, { to: user.email, ...renderMail('magicLink', user.locale, ctx.config.appName, link) });
}

export async function loginWithMagicLink(ctx: AppContext, magicId: string): Promise<TokenPair> {
  const token = await consumeOneTime(ctx.db, 'magic_link', magicId);
  const user = token && (await usersRepo.byId(ctx.db, token.userId));
  if (!user || user.status !== 'active') throw new AppError('magic_link_invalid', 'This sign-in link is invalid or has expired');
  // Following the emailed link proves the address.
  await markVerified(ctx, user);
  return ctx.tokens.openSession(user.id, 'magic_link');
}

export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await usersRepo.byEmail(ctx.db, email);
  if (!user || user.status !== 'active') return;
  const secret = await issueOneTime(ctx.db, 'password_reset', user.id, PASSWORD_RESET_TTL_SECONDS);
  const link = `${ctx.config.publicUrl}/reset-password?token=${secret}`;
  await sendLinkMail(ctx, { to: user.email, ...renderMail('passwordReset', user.locale, ctx.config.appName, link) });
}

export async function resetPassword(ctx: AppContext, secret: string, password: string): Promise<void> {
  const token = await consumeOneTime(ctx.db, 'password_reset', secret);
  if (!token) throw new AppError('reset_link_invalid', 'This reset link is invalid or has expired; please ask for a new one');
  const user = await usersRepo.update(ctx.db, token.userId, { passwordHash: await hashPassword(password) });
  // The link was mailed to the account's address: following it proves the address.
  if (user) await markVerified(ctx, user);
  await retireSignInLinks(ctx.db, token.userId);
  await ctx.tokens.revokeAllForUser(token.userId);
}
