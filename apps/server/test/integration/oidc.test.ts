/** Single sign-on against a real OpenID Connect provider running on loopback. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ROLE } from '@palabre/shared';
import { Browser, startIdentityProvider, walkSignOn, type TestIdentityProvider } from '../harness/oidc.ts';
import { markVerified, startTestServer, uniqueEmail, type TestServer } from '../harness/server.ts';
import { users } from '../../src/db/schema.ts';

let idp: TestIdentityProvider;
let server: TestServer;
beforeAll(async () => {
  idp = await startIdentityProvider();
  server = await startTestServer({
    env: {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_NAME: 'Test SSO',
      // The provider speaks plain HTTP on loopback.
      OIDC_ALLOW_INSECURE: 'true',
    },
  });
  await idp.registerClient(`${server.url}/cm-api/auth/oidc/callback`);
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
});

const start = () => new URL('/cm-api/auth/oidc', server.url);
const exchange = (code: string) => server.client().get('/cm-api/auth/oidc/token', { query: { code } });

/** Runs the whole browser flow for a provider account and returns the web client's return URL. */
async function signOn(login: string, pages?: string[]) {
  return walkSignOn(new Browser(), start(), { login, stopAt: '/login/oidc', pages });
}

function newAccount(claims: Parameters<TestIdentityProvider['accounts']['set']>[1] = {}) {
  const login = `sub-${crypto.randomUUID()}`;
  idp.accounts.set(login, { email: uniqueEmail('sso'), email_verified: true, given_name: 'Mary', family_name: 'Jackson', ...claims });
  return login;
}

describe('configuration', () => {
  it('announces single sign-on in the public config and the provider list', async () => {
    const config = await server.client().get('/cm-api/api/config');
    expect(config.body.sso).toEqual({ name: 'Test SSO', path: '/cm-api/auth/oidc' });
    const list = await server.client().get('/cm-api/auth/list');
    expect(list.body).toContainEqual({ id: 'oidc', type: 'oidc', name: 'Test SSO', path: '/cm-api/auth/oidc' });
  });

  it('sends the browser to the provider with the code flow, PKCE, state and nonce', async () => {
    const browser = new Browser();
    const response = await browser.fetch(start());
    expect(response.status).toBe(302);
    const authorize = new URL(response.headers.get('location')!);
    expect(authorize.origin).toBe(idp.issuer);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: idp.clientId,
      response_type: 'code',
      redirect_uri: `${server.url}/cm-api/auth/oidc/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      state: expect.any(String),
      nonce: expect.any(String),
      code_challenge: expect.any(String),
    });
    // The flow secrets stay in a signed, HTTP-only cookie, not in the page.
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('palabre_oidc='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/cm-api\/auth\/oidc/);
  });
});

describe('sign-on', () => {
  it('creates an account on first sign-on and hands out tokens once for the code', async () => {
    const login = newAccount();
    const claims = idp.accounts.get(login)!;
    const pages: string[] = [];
    const back = await signOn(login, pages);
    // The person went through the provider's own sign-in and consent pages.
    expect(pages).toEqual(['login', 'consent']);
    expect(back.origin).toBe(server.url);
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(back.searchParams.get('error')).toBeNull();

    const tokens = await exchange(code!);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ auth_token: expect.any(String), refresh_token: expect.any(String), user_id: expect.any(String) });
    const self = await server.client().get('/cm-api/api/users/self', { auth: tokens.body.auth_token });
    expect(self.body).toMatchObject({ email: claims.email, firstname: 'Mary', lastname: 'Jackson', status: 'active' });

    const again = await exchange(code!);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('sso_failed');
  });

  it('gives a new account the language the provider knows the person by, when the platform speaks it', async () => {
    for (const [claim, locale] of [
      ['fr', 'fr-FR'],
      ['fr_CA', 'fr-FR'],
      ['de-DE', null],
    ] as const) {
      const back = await signOn(newAccount({ locale: claim }));
      const tokens = await exchange(back.searchParams.get('code')!);
      const self = await server.client().get('/cm-api/api/users/self', { auth: tokens.body.auth_token });
      expect(self.body.locale, claim).toBe(locale);
    }
  });

  it('finds the same account on the next sign-on, even after the email changed at the provider', async () => {
    const login = newAccount();
    const first = await exchange((await signOn(login)).searchParams.get('code')!);
    idp.accounts.set(login, { ...idp.accounts.get(login)!, email: uniqueEmail('renamed') });
    const second = await exchange((await signOn(login)).searchParams.get('code')!);
    expect(second.body.user_id).toBe(first.body.user_id);
  });

  it('links to an existing password account whose address is verified', async () => {
    const existing = await server.signUp();
    expect(await server.verifyEmail(existing.email)).toBe(200);
    const login = newAccount({ email: existing.email.toUpperCase(), email_verified: true });
    const tokens = await exchange((await signOn(login)).searchParams.get('code')!);
    expect(tokens.body.user_id).toBe(existing.id);
    // The password still works.
    expect((await server.client().login(existing.email, existing.password)).status).toBe(200);
  });

  it('refuses to link to an unverified password account, even when the provider vouches for the address', async () => {
    // Someone else registered the address first and set a password: the provider's owner must not inherit it.
    const squatter = await server.signUp();
    const login = newAccount({ email: squatter.email, email_verified: true });
    const back = await signOn(login);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error')).toBe('sso_failed');
  });

  it('links to an unverified account without a password when the provider vouches for the address', async () => {
    const email = uniqueEmail('nopassword');
    const placeholder = await server.quickUser({ email });
    await server.ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, placeholder.id));
    const tokens = await exchange((await signOn(newAccount({ email, email_verified: true }))).searchParams.get('code')!);
    expect(tokens.body.user_id).toBe(placeholder.id);
    const self = await server.client().get('/cm-api/api/users/self', { auth: tokens.body.auth_token });
    expect(self.body.emailVerified).toBe(true);
  });

  it('refuses to link to an existing account when the provider says the address is not verified', async () => {
    const existing = await server.signUp();
    const login = newAccount({ email: existing.email, email_verified: false });
    const back = await signOn(login);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error')).toBe('sso_failed');
  });

  it('refuses to link to an existing account when the provider does not vouch for the address', async () => {
    const existing = await server.signUp();
    const login = newAccount({ email: existing.email, email_verified: undefined });
    const back = await signOn(login);
    expect(back.searchParams.get('error')).toBe('sso_failed');
  });

  it('fails cleanly when the provider shares no email address', async () => {
    const login = newAccount({ email: undefined, email_verified: undefined });
    const back = await signOn(login);
    expect(back.searchParams.get('error')).toBe('sso_failed');
  });

  it('leaves pending invitations for the new account to accept, like a sign-up does', async () => {
    const owner = await server.signUp();
    const org = (await owner.client.post('/cm-api/api/organizations', { name: `SSO org ${crypto.randomUUID()}` })).body;
    const login = newAccount();
    const email = idp.accounts.get(login)!.email!;
    await owner.client.post(`/cm-api/api/organizations/${org._id}/users`, { email, role: 2 });
    const tokens = await exchange((await signOn(login)).searchParams.get('code')!);
    const client = server.client();
    const auth = tokens.body.auth_token;
    expect((await client.get(`/cm-api/api/organizations/${org._id}`, { auth })).status).toBe(404);
    const self = await client.get('/cm-api/api/users/self', { auth });
    await markVerified(server, self.body._id);
    expect((await client.post(`/cm-api/api/users/self/invitations/${org._id}/accept`, undefined, { auth })).status).toBe(200);
    const seen = await client.get(`/cm-api/api/organizations/${org._id}`, { auth });
    expect(seen.status).toBe(200);
    expect(seen.body.myRole).toBe(2);
  });

  it('refuses a suspended account', async () => {
    const login = newAccount();
    const first = await exchange((await signOn(login)).searchParams.get('code')!);
    const admin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    await admin.client.patch(`/cm-api/api/administration/users/${first.body.user_id}`, { status: 'suspended' });
    const back = await signOn(login);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error')).toBe('sso_failed');
  });

  it('reports a sign-on cancelled at the provider as an error for the web client', async () => {
    const login = newAccount();
    const pages: string[] = [];
    const back = await walkSignOn(new Browser(), start(), { login, stopAt: '/login/oidc', cancel: true, pages });
    expect(pages).toEqual(['login (cancelled)']);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error')).toBe('sso_failed');
  });
});

describe('callback errors', () => {
  it('refuses a return without the flow cookie (another browser, or too late)', async () => {
    const login = newAccount();
    const browser = new Browser();
    const toCallback = await walkSignOn(browser, start(), { login, stopAt: '/cm-api/auth/oidc/callback' });
    const stranger = new Browser();
    const response = await stranger.fetch(toCallback);
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location')!, server.url);
    expect(back.pathname).toBe('/login/oidc');
    expect(back.searchParams.get('error')).toBe('sso_failed');
  });

  it('refuses a forged flow cookie', async () => {
    const login = newAccount();
    const browser = new Browser();
    const toCallback = await walkSignOn(browser, start(), { login, stopAt: '/cm-api/auth/oidc/callback' });
    const cookie = encodeURIComponent(JSON.stringify({ state: toCallback.searchParams.get('state'), nonce: 'n', verifier: 'v'.repeat(43) }));
    const response = await fetch(toCallback, { headers: { cookie: `palabre_oidc=${cookie}` }, redirect: 'manual' });
    expect(new URL(response.headers.get('location')!, server.url).searchParams.get('error')).toBe('sso_failed');
  });

  it('refuses a code meant for another sign-on (state mismatch)', async () => {
    const victim = new Browser();
    await victim.fetch(start()); // the victim starts a sign-on: their browser holds a flow cookie
    const attacker = newAccount();
    // The attacker completes their own sign-on and sends the victim the callback link.
    const attackerCallback = await walkSignOn(new Browser(), start(), { login: attacker, stopAt: '/cm-api/auth/oidc/callback' });
    const response = await victim.fetch(attackerCallback);
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!, server.url).searchParams.get('error')).toBe('sso_failed');
  });

  it('refuses a callback with a made-up code', async () => {
    const browser = new Browser();
    const authorize = new URL((await browser.fetch(start())).headers.get('location')!);
    const callback = new URL('/cm-api/auth/oidc/callback', server.url);
    callback.searchParams.set('code', 'made-up');
    callback.searchParams.set('state', authorize.searchParams.get('state')!);
    callback.searchParams.set('iss', idp.issuer);
    const response = await browser.fetch(callback);
    expect(new URL(response.headers.get('location')!, server.url).searchParams.get('error')).toBe('sso_failed');
  });

  it('refuses unknown and malformed exchange codes', async () => {
    const unknown = await exchange('z'.repeat(43));
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('sso_failed');
    expect((await exchange('short')).status).toBe(400);
  });
});

describe('without single sign-on configured', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(() => plain?.close());

  it('has no SSO entry point', async () => {
    expect((await plain.client().get('/cm-api/api/config')).body.sso).toBeNull();
    const response = await plain.client().get('/cm-api/auth/oidc');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('not_found');
  });
});
