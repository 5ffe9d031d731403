/**
 * Invitations: members invite an address, the person behind it (once their address is verified)
 * accepts or declines. Nobody becomes a member without accepting. Each invitation sends a mail,
 * so sending them draws on hourly budgets per inviter and per organization.
 */
import crypto from 'node:crypto';
import { ORGANIZATION_ROLE, type Organization, type PendingInvitation } from '@palabre/shared';
import { safeEqual } from '../auth/secrets.ts';
import { requireWriteOwn } from '../api-keys/read-only.ts';
import { resolveSecret, type AppContext } from '../context.ts';
import type { Actor, UserRow } from '../http/auth.ts';
import { budgets, tooManyRequests } from '../http/budget.ts';
import { AppError, notFound } from '../http/errors.ts';
import { notify } from '../mail/notify.ts';
import { invitableRoles, mayCancelInvitation, organizationLevel, policyUser } from '../policy.ts';
import { usersRepo } from '../users/repo.ts';
import { organizationsRepo, type OrganizationRow } from './repo.ts';
import { authorize, describeOne } from './service.ts';

/** Whoever runs the server may turn invitations off (INVITATIONS_DISABLED). */
function requireInvitations(ctx: AppContext) {
  if (ctx.config.invitationsDisabled) throw new AppError('invitations_disabled', 'Invitations are disabled on this platform');
}

/** Takes `count` invitations from the inviter's and the organization's budgets, or refuses them all. */
function spendInvitations(ctx: AppContext, inviterId: string, organizationId: string, count: number) {
  const { invitationsPerUser, invitationsPerOrganization } = budgets(ctx);
  if (!invitationsPerUser.take(inviterId, count)) {
    throw tooManyRequests('You have sent too many invitations in the last hour, please try again later');
  }
  if (!invitationsPerOrganization.take(organizationId, count)) {
    invitationsPerUser.refund(inviterId, count);
    throw tooManyRequests('This organization has sent too many invitations in the last hour, please try again later');
  }
}

/**
 * The token of an invitation link: the organization and a MAC of (organization, address) under the
 * server's signing secret. Only the mailbox the invitation went to receives it, so a sign-up that
 * presents it with that same address proves the address (see `invitationVouchesFor`).
 */
function invitationToken(ctx: AppContext, organizationId: string, email: string): string {
  return `${organizationId}.${invitationMac(ctx, organizationId, email)}`;
}

function invitationMac(ctx: AppContext, organizationId: string, email: string): string {
  return crypto.createHmac('sha256', resolveSecret(ctx.config)).update(`invitation\n${organizationId}\n${email}`).digest('base64url');
}

/** A sign-up's invitation token was mailed to `email`, and that invitation is still pending. */
export async function invitationVouchesFor(ctx: AppContext, token: string, email: string): Promise<boolean> {
  const [organizationId = '', mac = ''] = token.split('.');
  if (!/^[0-9a-f-]{36}$/i.test(organizationId) || !safeEqual(mac, invitationMac(ctx, organizationId, email))) return false;
  return Boolean(await organizationsRepo.invitation(ctx.db, organizationId, email));
}

/** The invitation mail: the organization's and the platform's names, and a link; nothing else from the inviter. */
async function mailInvitation(ctx: AppContext, org: OrganizationRow, email: string, user: UserRow | undefined, fallbackLocale: string | null) {
  const recipient = user ?? { email, locale: fallbackLocale, emailNotifications: {} };
  const path = user ? '/interface/explore' : `/create-account?email=${encodeURIComponent(email)}&invitation=${encodeURIComponent(invitationToken(ctx, org.id, email))}`;
  await notify(ctx, recipient, 'invitation', org.name, path);
}

export async function invite(ctx: AppContext, actor: Actor, id: string, email: string, role: number): Promise<Organization> {
  const { org, level } = await authorize(ctx, actor, id, 'invite');
  requireInvitations(ctx);
  if (!invitableRoles(level).includes(role)) {
    throw new AppError('forbidden', 'You cannot invite someone with a role above your own');
  }
  const user = await usersRepo.byEmail(ctx.db, email);
  if (user && (await organizationsRepo.membership(ctx.db, id, user.id))) {
    throw new AppError('conflict', 'This user is already a member of the organization', { email: 'error.already_member' });
  }
  spendInvitations(ctx, actor.user.id, org.id, 1);
  await organizationsRepo.addInvitation(ctx.db, id, email, role, actor.user.id);
  await mailInvitation(ctx, org, email, user, actor.user.locale);
  return describeOne(ctx, org, level);
}

export async function cancelInvitation(ctx: AppContext, actor: Actor, id: string, email: string): Promise<Organization> {
  const { org, level } = await authorize(ctx, actor, id, 'invite');
  const invitation = await organizationsRepo.invitation(ctx.db, id, email);
  if (!invitation) throw notFound('Invitation');
  if (!mayCancelInvitation(policyUser(actor), level, invitation)) {
    throw new AppError('forbidden', 'You cannot cancel an invitation for a role above your own');
  }
  await organizationsRepo.deleteInvitation(ctx.db, id, email);
  return describeOne(ctx, org, level);
}

/** How many accounts "invite matching users" would invite now. */
export async function countMatching(ctx: AppContext, org: OrganizationRow): Promise<number> {
  return (await organizationsRepo.usersMatchingDomains(ctx.db, org.id, org.matchingEmails)).length;
}

/**
 * Invites, as members, the verified accounts whose address is in one of the organization's
 * domains and who are neither members nor invited yet. They still accept or decline.
 */
export async function inviteMatching(ctx: AppContext, actor: Actor, org: OrganizationRow): Promise<number> {
  requireInvitations(ctx);
  const candidates = await organizationsRepo.usersMatchingDomains(ctx.db, org.id, org.matchingEmails);
  if (candidates.length === 0) return 0;
  spendInvitations(ctx, actor.user.id, org.id, candidates.length);
  for (const user of candidates) {
    await organizationsRepo.addInvitation(ctx.db, org.id, user.email, ORGANIZATION_ROLE.MEMBER, actor.user.id);
    await mailInvitation(ctx, org, user.email, user, null);
  }
  return candidates.length;
}

// --- The invitee's side ------------------------------------------------------------------------

/** Only the verified owner of an address answers for it: anyone may type any address at sign-up. */
function requireVerified(actor: Actor) {
  if (!actor.user.emailVerifiedAt) {
    throw new AppError('email_not_verified', 'Verify your email address to answer invitations');
  }
}

export async function listMine(ctx: AppContext, actor: Actor): Promise<PendingInvitation[]> {
  if (!actor.user.emailVerifiedAt) return [];
  const rows = await organizationsRepo.invitationsForEmail(ctx.db, actor.user.email);
  return rows.map((row) => ({
    organization: { _id: row.organizationId, name: row.organizationName },
    role: row.role,
    invitedBy: row.inviterFirstname !== null ? { firstname: row.inviterFirstname, lastname: row.inviterLastname ?? '' } : null,
    created: row.createdAt.toISOString(),
  }));
}

export async function accept(ctx: AppContext, actor: Actor, organizationId: string): Promise<Organization> {
  requireVerified(actor);
  const invitation = await organizationsRepo.invitation(ctx.db, organizationId, actor.user.email);
  const org = invitation && (await organizationsRepo.byId(ctx.db, organizationId));
  if (!invitation || !org) throw notFound('Invitation');
  requireWriteOwn(actor);
  await ctx.db.transaction(async (tx) => {
    const current = await organizationsRepo.membership(tx, org.id, actor.user.id);
    // Someone who joined meanwhile (by their address's domain) keeps the higher of the two roles.
    if (!current) await organizationsRepo.addMember(tx, org.id, actor.user.id, invitation.role);
    else if (current.role < invitation.role) await organizationsRepo.setMemberRole(tx, org.id, actor.user.id, invitation.role);
    await organizationsRepo.deleteInvitation(tx, org.id, actor.user.email);
  });
  const membership = await organizationsRepo.membership(ctx.db, org.id, actor.user.id);
  return describeOne(ctx, org, organizationLevel(policyUser(actor), org, membership?.role ?? null));
}

export async function decline(ctx: AppContext, actor: Actor, organizationId: string): Promise<void> {
  requireVerified(actor);
  const invitation = await organizationsRepo.invitation(ctx.db, organizationId, actor.user.email);
  if (!invitation) throw notFound('Invitation');
  requireWriteOwn(actor);
  await organizationsRepo.deleteInvitation(ctx.db, organizationId, actor.user.email);
}
