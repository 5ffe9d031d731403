/** Sign-in by password, rate limiting, refresh with rotation, logout. */
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { authSessions } from '../../src/db/schema.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TestClient, startTestServer, uniqueEmail, type TestServer, type TestUser } from '../harness/server.ts';

const SECRET = `test-secret-${crypto.randomUUID()}`;
let server: TestServer;
let ada: TestUser;
beforeAll(async () => {
  server = await startTestServer({ env: { PALABRE_SECRET: SECRET } });
  ada = await server.signUp({ firstname: 'Ada', lastname: 'Lovelace' });
});
afterAll(() => server?.close());

/** Moves the last rotation of the token's session back in time, past the grace window. */
async function endGraceWindow(refreshToken: string) {
  const sessionId = refreshToken.split('.')[0]!;
  await server.ctx.db
    .update(authSessions)
    .set({ rotatedAt: new Date(Date.now() - 10 * 60_000) })
    .where(eq(authSessions.id, sessionId));
}

it('runs on the database chosen by PALABRE_TEST_DB', () => {
  expect(server.dbKind).toBe(inject('testDatabase'));
});

describe('POST /cm-api/auth/login', () => {
  it('answers {auth_token, refresh_token, user_id} and the token opens the API', async () => {
    const client = server.client();
    const response = await client.login(ada.email, ada.password);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      auth_token: expect.any(String),
      refresh_token: expect.any(String),
      user_id: ada.id,
      expires_in: expect.any(Number),
    });
    const self = await client.get('/cm-api/api/users/self');
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ _id: ada.id, email: ada.email, firstname: 'Ada' });
    expect(self.body.passwordHash).toBeUndefined();
  });

  it('accepts the address in any case and with spaces', async () => {
    const response = await server.client().login(`  ${ada.email.toUpperCase()} `, ada.password);
    expect(response.status).toBe(200);
    expect(response.body.user_id).toBe(ada.id);
  });

  it('refuses a wrong password with 401 invalid_credentials, saying the same as for an unknown address', async () => {
    const wrong = await server.client().login(ada.email, 'not-the-password');
    const unknown = await server.client().login(uniqueEmail('ghost'), 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ status: 'error', code: 'invalid_credentials', message: expect.any(String) });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('accepts a password typed with the same surrounding spaces as at sign-up (passwords are trimmed)', async () => {
    const padded = await server.signUp({ password: '  padded secret  ' });
    expect((await server.client().login(padded.email, '  padded secret  ')).status).toBe(200);
    expect((await server.client().login(padded.email, 'padded secret')).status).toBe(200);
    expect((await server.client().login(padded.email, 'padded  secret')).status).toBe(401);
  });

  it('refuses a malformed address with 400 naming the field', async () => {
    const response = await server.client().post('/cm-api/auth/login', { email: 'ada', password: 'x' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', fields: { email: 'error.invalid_email' } });
  });
});

describe('login rate limit', () => {
  let limited: TestServer;
  let bob: TestUser;
  beforeAll(async () => {
    limited = await startTestServer({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3' } });
    bob = await limited.createUser();
  });
  afterAll(() => limited?.close());

  it('answers 429 rate_limited after too many attempts, even with the right password', async () => {
    const attacker = limited.client();
    for (let i = 0; i < 3; i++) expect((await attacker.login(bob.email, `guess-${i}`)).status).toBe(401);
    const blocked = await attacker.login(bob.email, bob.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ status: 'error', code: 'rate_limited' });
  });

  it('cannot be escaped by writing the same address differently', async () => {
    const carol = await limited.createUser();
    const attacker = limited.client();
    const variants = [carol.email, ` ${carol.email}`, `${carol.email.toUpperCase()}  `];
    for (const email of variants) expect((await attacker.login(email, 'guess')).status).toBe(401);
    expect((await attacker.login(`   ${carol.email}   `, 'guess')).status).toBe(429);
  });

  it('does not lock the account out for someone signing in from elsewhere', async () => {
    const elsewhere = limited.client();
    expect((await elsewhere.login(bob.email, bob.password)).status).toBe(200);
  });

  it('counts attempts per address and account, so colleagues behind one address are not locked out', async () => {
    const office = limited.client();
    const carol = await limited.createUser();
    for (let i = 0; i < 3; i++) await office.login(bob.email, `guess-${i}`);
    expect((await office.login(bob.email, bob.password)).status).toBe(429);
    const colleague = await limited.client().login(carol.email, carol.password);
    expect(colleague.status).toBe(200);
    // Same address as the locked-out attempts, another account.
    const sameAddress = new TestClient(limited.url, { address: office.address });
    expect((await sameAddress.login(carol.email, carol.password)).status).toBe(200);
  });
});

describe('login rate limit per client address', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3', LOGIN_RATE_LIMIT_PER_CLIENT_PER_MINUTE: '4' } });
  });
  afterAll(() => limited?.close());

  it('stops one address trying many accounts, while other addresses still sign in', async () => {
    const victims = await Promise.all([1, 2, 3, 4, 5].map(() => limited.createUser()));
    const sprayer = limited.client();
    for (const victim of victims.slice(0, 4)) expect((await sprayer.login(victim.email, 'Summer2026!')).status).toBe(401);
    const blocked = await sprayer.login(victims[4]!.email, victims[4]!.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ status: 'error', code: 'rate_limited' });
    expect((await limited.client().login(victims[4]!.email, victims[4]!.password)).status).toBe(200);
  });
});

describe('login rate limit without a trusted proxy', () => {
  let direct: TestServer;
  beforeAll(async () => {
    direct = await startTestServer({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY: 'false' } });
  });
  afterAll(() => direct?.close());

  it('cannot be escaped by sending a made-up X-Forwarded-For', async () => {
    const dave = await direct.createUser();
    const attacker = direct.client();
    expect((await attacker.login(dave.email, 'guess-1')).status).toBe(401);
    // createUser's own sign-in counted too: the limit of 2 is reached from 127.0.0.1.
    const spoofed = new TestClient(direct.url, { address: '203.0.113.7' });
    const response = await spoofed.login(dave.email, dave.password);
    expect(response.status).toBe(429);
  });
});

describe('POST /cm-api/auth/refresh', () => {
  it('gives a new pair and rotates the refresh token', async () => {
    const client = server.client();
    await client.login(ada.email, ada.password);
    const first = client.refreshToken!;
    const response = await client.post('/cm-api/auth/refresh', { refresh_token: first }, { auth: false });
    expect(response.status).toBe(200);
    expect(response.body.user_id).toBe(ada.id);
    expect(response.body.refresh_token).not.toBe(first);
    const self = await client.get('/cm-api/api/users/self', { auth: response.body.auth_token });
    expect(self.status).toBe(200);
    const again = await client.post('/cm-api/auth/refresh', { refresh_token: response.body.refresh_token }, { auth: false });
    expect(again.status).toBe(200);
  });

  it('treats the reuse of a rotated refresh token after the grace window as theft: the whole session ends', async () => {
    const client = server.client();
    await client.login(ada.email, ada.password);
    const stolen = client.refreshToken!;
    const rotated = await client.post('/cm-api/auth/refresh', { refresh_token: stolen }, { auth: false });
    expect(rotated.status).toBe(200);
    await endGraceWindow(stolen);

    const replay = await client.post('/cm-api/auth/refresh', { refresh_token: stolen }, { auth: false });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('token_revoked');

    const legit = await client.post('/cm-api/auth/refresh', { refresh_token: rotated.body.refresh_token }, { auth: false });
    expect(legit.status).toBe(401);
    const access = await client.get('/cm-api/api/users/self', { auth: rotated.body.auth_token });
    expect(access.status).toBe(401);
    expect(access.body.code).toBe('token_revoked');
  });

  it('leaves other sessions of the same user alone', async () => {
    const laptop = server.client();
    const phone = server.client();
    await laptop.login(ada.email, ada.password);
    await phone.login(ada.email, ada.password);
    const stolen = laptop.refreshToken!;
    await laptop.post('/cm-api/auth/refresh', { refresh_token: stolen }, { auth: false });
    await laptop.post('/cm-api/auth/refresh', { refresh_token: stolen }, { auth: false });
    expect((await phone.get('/cm-api/api/users/self')).status).toBe(200);
  });

  it('answers 401, never 500, to a malformed session id of the right length', async () => {
    const client = server.client();
    for (const id of ['-'.repeat(36), 'z'.repeat(36), `${'0'.repeat(35)}g`]) {
      const response = await client.post('/cm-api/auth/refresh', { refresh_token: `${id}.${'x'.repeat(43)}` }, { auth: false });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('token_revoked');
    }
  });

  it('lets two tabs refresh with the same token at once: both get the same working pair', async () => {
    const client = server.client();
    await client.login(ada.email, ada.password);
    const shared = client.refreshToken!;
    const [first, second] = await Promise.all([
      client.post('/cm-api/auth/refresh', { refresh_token: shared }, { auth: false }),
      client.post('/cm-api/auth/refresh', { refresh_token: shared }, { auth: false }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).toBe(first.body.refresh_token);
    expect((await client.get('/cm-api/api/users/self', { auth: second.body.auth_token })).status).toBe(200);
    const next = await client.post('/cm-api/auth/refresh', { refresh_token: first.body.refresh_token }, { auth: false });
    expect(next.status).toBe(200);
  });

  it('lets three and more tabs refresh with the same token at once without ending the session', async () => {
    const client = server.client();
    await client.login(ada.email, ada.password);
    const shared = client.refreshToken!;
    const answers = await Promise.all(Array.from({ length: 4 }, () => client.post('/cm-api/auth/refresh', { refresh_token: shared }, { auth: false })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.refresh_token)).size).toBe(1);
    // A tab that comes a little later with the same token is still within the window.
    const late = await client.post('/cm-api/auth/refresh', { refresh_token: shared }, { auth: false });
    expect(late.status).toBe(200);
    for (const answer of [...answers, late]) expect((await client.get('/cm-api/api/users/self', { auth: answer.body.auth_token })).status).toBe(200);
    const next = await client.post('/cm-api/auth/refresh', { refresh_token: late.body.refresh_token }, { auth: false });
    expect(next.status).toBe(200);
  });

  it('treats a token two rotations old as stolen, even within the window', async () => {
    const client = server.client();
    await client.login(ada.email, ada.password);
    const old = client.refreshToken!;
    const first = await client.post('/cm-api/auth/refresh', { refresh_token: old }, { auth: false });
    const second = await client.post('/cm-api/auth/refresh', { refresh_token: first.body.refresh_token }, { auth: false });
    expect(second.status).toBe(200);
    const replay = await client.post('/cm-api/auth/refresh', { refresh_token: old }, { auth: false });
    expect(replay.status).toBe(401);
    expect((await client.get('/cm-api/api/users/self', { auth: second.body.auth_token })).status).toBe(401);
  });

  it('refuses made-up refresh tokens', async () => {
    const client = server.client();
    for (const token of ['0123456789abcdef0123', `${crypto.randomUUID()}.${'x'.repeat(43)}`]) {
      const response = await client.post('/cm-api/auth/refresh', { refresh_token: token }, { auth: false });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('token_revoked');
    }
    const short = await client.post('/cm-api/auth/refresh', { refresh_token: 'short' }, { auth: false });
    expect(short.status).toBe(400);
  });
});

describe('access tokens', () => {
  /** An access token as the server would mint it, for the session behind a refresh token. */
  async function mint(refreshToken: string, options: { secret?: string; expiresAt: number }) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sid: refreshToken.split('.')[0] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ada.id)
      .setIssuer('palabre')
      .setIssuedAt(now - 7200)
      .setExpirationTime(options.expiresAt)
      .sign(new TextEncoder().encode(options.secret ?? SECRET));
  }

  it('answers an expired token with 401 token_expired; the refresh token still gets a fresh one', async () => {
    const client = server.client();
    await client.login(ada.email, ada.password);
    const expired = await mint(client.refreshToken!, { expiresAt: Math.floor(Date.now() / 1000) - 3600 });
    const response = await client.get('/cm-api/api/users/self', { auth: expired });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('token_expired');
    const refreshed = await client.post('/cm-api/auth/refresh', { refresh_token: client.refreshToken }, { auth: false });
    expect((await client.get('/cm-api/api/users/self', { auth: refreshed.body.auth_token })).status).toBe(200);
  });

  it('refuses a token signed with another key', async () => {
    const client = server.client();
    await client.login(ada.email, ada.password);
    const forged = await mint(client.refreshToken!, { secret: `other-${SECRET}`, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    const response = await client.get('/cm-api/api/users/self', { auth: forged });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('unauthorized');
  });

  it('does not let a bad token hide public routes', async () => {
    const response = await server.client().get('/cm-api/api/config', { auth: 'garbage' });
    expect(response.status).toBe(200);
  });
});

describe('POST /cm-api/auth/logout', () => {
  it('ends the session: the auth token gets 401 token_revoked and the refresh token no longer works', async () => {
    const client = server.client();
    await client.login(ada.email, ada.password);
    const { authToken, refreshToken } = client;
    const response = await client.post('/cm-api/auth/logout');
    expect(response.status).toBe(204);
    const after = await client.get('/cm-api/api/users/self', { auth: authToken! });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('token_revoked');
    const refresh = await client.post('/cm-api/auth/refresh', { refresh_token: refreshToken }, { auth: false });
    expect(refresh.status).toBe(401);
  });

  it('ends only that session', async () => {
    const one = server.client();
    const two = server.client();
    await one.login(ada.email, ada.password);
    await two.login(ada.email, ada.password);
    await one.post('/cm-api/auth/logout');
    expect((await two.get('/cm-api/api/users/self')).status).toBe(200);
  });

  it('needs a token', async () => {
    const response = await server.client().post('/cm-api/auth/logout');
    expect(response.status).toBe(401);
  });

  it('accepts the authToken cookie in place of the header only on the GET of files media elements fetch', async () => {
    const client = server.client();
    await client.login(ada.email, ada.password);
    client.cookies.set('authToken', client.authToken!);
    expect((await client.post('/cm-api/auth/logout', undefined, { auth: false })).status).toBe(401);
    // JSON reads need the header: a cookie the browser sends by itself opens none of them.
    for (const path of ['/cm-api/api/users/self', '/cm-api/api/organizations', `/cm-api/api/users/${ada.id}`]) {
      const response = await client.get(path, { auth: false });
      expect(response.status, path).toBe(401);
    }
    // A picture (an <img>) does: Ada has none, so it is not found rather than unauthorized.
    const picture = await client.get(`/cm-api/api/users/${ada.id}/picture`, { auth: false });
    expect(picture.status).toBe(404);
    expect((await server.client().get(`/cm-api/api/users/${ada.id}/picture`, { auth: false })).status).toBe(401);
  });
});

describe('refresh cookie', () => {
  const cookieOnly = { headers: { 'x-token-transport': 'cookie' } };

  it('is HttpOnly, SameSite=Strict, limited to the auth routes, and kept out of the body for browsers', async () => {
    const browser = server.client();
    const login = await browser.post('/cm-api/auth/login', { email: ada.email, password: ada.password }, { ...cookieOnly, auth: false });
    expect(login.status).toBe(200);
    expect(login.body.refresh_token).toBeUndefined();
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith('refreshToken='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/cm-api\/auth(;|$)/i);
  });

  it('refreshes from the cookie alone, and logout clears it', async () => {
    const browser = server.client();
    await browser.post('/cm-api/auth/login', { email: ada.email, password: ada.password }, { ...cookieOnly, auth: false });
    const refreshed = await browser.post('/cm-api/auth/refresh', {}, { ...cookieOnly, auth: false });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeUndefined();
    const kept = browser.cookies.get('refreshToken')!;
    const logout = await browser.post('/cm-api/auth/logout', {}, { auth: refreshed.body.auth_token });
    expect(logout.status).toBe(204);
    expect(browser.cookies.has('refreshToken')).toBe(false);
    // Without the cookie there is nothing to refresh with.
    expect((await browser.post('/cm-api/auth/refresh', {}, { ...cookieOnly, auth: false })).status).toBe(400);
    // And the session behind the cookie has ended.
    expect((await server.client().post('/cm-api/auth/refresh', { refresh_token: decodeURIComponent(kept) }, { auth: false })).status).toBe(401);
  });

  it('keeps the refresh token out of the body of every browser request, even without X-Token-Transport', async () => {
    // Sec-Fetch-Site is sent by browsers and cannot be set or removed by a page's scripts.
    const browser = { headers: { 'sec-fetch-site': 'same-origin' } };
    const client = server.client();
    const login = await client.post('/cm-api/auth/login', { email: ada.email, password: ada.password }, { ...browser, auth: false });
    expect(login.status).toBe(200);
    expect(login.body.refresh_token).toBeUndefined();
    expect(client.cookies.get('refreshToken')).toEqual(expect.any(String));
    const token = decodeURIComponent(client.cookies.get('refreshToken')!);
    const refreshed = await server.client().post('/cm-api/auth/refresh', { refresh_token: token }, { ...browser, auth: false });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeUndefined();
  });

  it('still accepts the refresh token in the body for other clients, without a cookie', async () => {
    const login = await server.client().login(ada.email, ada.password);
    const other = server.client();
    const refreshed = await other.post('/cm-api/auth/refresh', { refresh_token: login.body.refresh_token }, { auth: false });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toEqual(expect.any(String));
  });
});
