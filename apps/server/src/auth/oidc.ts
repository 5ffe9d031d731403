/** OpenID Connect sign-in (authorization code + PKCE) with openid-client. */
import * as client from 'openid-client';
import { eq, and } from 'drizzle-orm';
import { LOCALES, type Locale } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { userIdentities } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { usersRepo } from '../users/repo.ts';
import { createAccount } from '../users/service.ts';
import { markVerified } from '../users/verification.ts';
import { consumeOneTime, issueOneTime } from './one-time.ts';

export interface OidcFlowState {
  state: string;
  nonce: string;
  verifier: string;
}

const EXCHANGE_TTL_SECONDS = 60;
let discovered: { key: string; config: Promise<client.Configuration> } | undefined;

function oidcConfig(ctx: AppContext): Promise<client.Configuration> {
  const oidc = ctx.config.oidc;
  if (!oidc) throw new AppError('not_found', 'Single sign-on is not configured');
  const key = `${oidc.issuer}|${oidc.clientId}`;
  if (!discovered || discovered.key !== key) {
    const config = client
      .discovery(new URL(oidc.issuer), oidc.clientId, oidc.clientSecret, undefined, oidc.allowInsecure ? { execute: [client.allowInsecureRequests] } : undefined)
      .catch((error: unknown) => {
        discovered = undefined; // try again on the next sign-in
        throw error;
      });
    discovered = { key, config };
  }
  return discovered.config;
}

export const callbackUrl = (ctx: AppContext) => `${ctx.config.publicUrl}/cm-api/auth/oidc/callback`;

export async function beginOidc(ctx: AppContext): Promise<{ url: string; flow: OidcFlowState }> {
  const config = await oidcConfig(ctx);
  const flow: OidcFlowState = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx),
    scope: ctx.config.oidc!.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  });
  return { url: url.href, flow };
}

/** Completes the code flow and returns a short-lived exchange code for the web client. */
export async function finishOidc(ctx: AppContext, currentUrl: URL, flow: OidcFlowState): Promise<string> {
  const config = await oidcConfig(ctx);
  const tokens = await client.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new AppError('sso_failed', 'The identity provider returned no identity');
  let info: Record<string, unknown> = claims;
  if (typeof claims.email !== 'string') info = { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
  const userId = await resolveUser(ctx, ctx.config.oidc!.issuer, claims.sub, info);
  // A suspended account gets no tokens, whichever way it signs in.
  if ((await usersRepo.byId(ctx.db, userId))?.status !== 'active') throw new AppError('sso_failed', 'This account is not active');
  return issueOneTime(ctx.db, 'oidc_exchange', userId, EXCHANGE_TTL_SECONDS);
}

/**
 * The language the provider knows the person by (the standard `locale` claim, `fr-FR`, `fr` or
 * `fr_FR`), when it is one the platform speaks: a first sign-on has no interface language to send.
 */
export function claimedLocale(claim: unknown): Locale | null {
  if (typeof claim !== 'string') return null;
  const wanted = claim.trim().replace('_', '-').toLowerCase();
  const language = wanted.split('-')[0];
  return LOCALES.find((l) => l.toLowerCase() === wanted) ?? LOCALES.find((l) => l.toLowerCase().split('-')[0] === language) ?? null;
}

async function resolveUser(ctx: AppContext, provider: string, subject: string, info: Record<string, unknown>): Promise<string> {
  const [identity] = await ctx.db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  if (identity) return identity.userId;
  const email = typeof info.email === 'string' ? info.email.trim().toLowerCase() : '';
  if (!email.includes('@')) throw new AppError('sso_failed', 'The identity provider did not share an email address');
  let user = await usersRepo.byEmail(ctx.db, email);
  const providerVerified = info.email_verified === true;
  if (user) {
    // Linking by address needs the provider to vouch for it, and the local account to be its owner's:
    // verified, or without a password (then nobody else could have set one up to be taken over).
    if (!providerVerified || (!user.emailVerifiedAt && user.passwordHash)) {
      throw new AppError('sso_failed', 'This email address cannot be linked to the existing account');
    }
    if (!user.emailVerifiedAt) await markVerified(ctx, user);
  } else {
    if (ctx.config.userCreationDisabled) throw new AppError('registration_disabled', 'Registration is disabled on this platform');
    const name = typeof info.name === 'string' ? info.name : '';
    user = await createAccount(ctx, {
      email,
      password: null,
      firstname: (typeof info.given_name === 'string' && info.given_name) || name.split(' ')[0] || email.split('@')[0]!,
      lastname: (typeof info.family_name === 'string' && info.family_name) || name.split(' ').slice(1).join(' ') || '-',
      locale: claimedLocale(info.locale),
      verified: providerVerified,
    });
  }
  await ctx.db.insert(userIdentities).values({ provider, subject, userId: user.id }).onConflictDoNothing();
  return user.id;
}

export async function exchangeOidcCode(ctx: AppContext, code: string) {
  const token = await consumeOneTime(ctx.db, 'oidc_exchange', code);
  if (!token) throw new AppError('sso_failed', 'This sign-in has expired, please try again');
  return ctx.tokens.openSession(token.userId, 'oidc');
}
