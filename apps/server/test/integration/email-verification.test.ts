/** Address verification: what an unproven address may not grant, and the links that prove one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, linkIn, startTestServer, uniqueEmail, type TestServer, type TestUser } from '../harness/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const orgPath = (id: string) => `/cm-api/api/organizations/${id}`;
const randomDomain = () => `${crypto.randomUUID().slice(0, 8)}.example.org`;
const verificationMails = (email: string) => server.mails(email).filter((m) => linkIn(m).pathname === '/verify-email');
const tokenOf = (email: string) => linkIn(verificationMails(email).at(-1)!).searchParams.get('token')!;
const verify = (token: string) => server.client().patch('/cm-api/api/users/self/verify-email', { token });

async function orgWithDomain() {
  const owner = await server.quickUser();
  const org = await createOrganization(owner.client);
  const domain = randomDomain();
  expect((await owner.client.patch(orgPath(org._id), { matchingEmails: [domain] })).status).toBe(200);
  return { owner, org, domain };
}

describe('sign-up', () => {
  it('mails a verification link in the account language; the account can sign in meanwhile, unverified', async () => {
    const ada = await server.signUp();
    const mail = verificationMails(ada.email).at(-1)!;
    expect(mail.subject).toMatch(/Confirm your email address/);
    const self = await ada.client.get('/cm-api/api/users/self');
    expect(self.status).toBe(200);
    expect(self.body.emailVerified).toBe(false);

    expect((await verify(tokenOf(ada.email))).status).toBe(200);
    expect((await ada.client.get('/cm-api/api/users/self')).body.emailVerified).toBe(true);
  });

  it('writes the link in French for a French account', async () => {
    const marie = await server.signUp();
    expect((await marie.client.put('/cm-api/api/users/self', { locale: 'fr-FR' })).status).toBe(200);
    expect((await marie.client.post('/cm-api/api/users/self/verify-email', {})).status).toBe(200);
    expect(verificationMails(marie.email).at(-1)!.subject).toMatch(/Confirmez votre adresse/);
  });

  it('keeps the language the account was created in: its verification mail and its profile use it', async () => {
    const marie = await server.signUp({ locale: 'fr-FR' });
    expect(verificationMails(marie.email).at(-1)!.subject).toMatch(/Confirmez votre adresse/);
    expect((await marie.client.get('/cm-api/api/users/self')).body.locale).toBe('fr-FR');
  });

  it('refuses a language the platform does not speak, creating nothing', async () => {
    const email = uniqueEmail('klingon');
    const form = new FormData();
    for (const [k, v] of Object.entries({ firstname: 'Kor', lastname: 'Dahar', email, password: 'pw-qapla-1234', locale: 'tlh-KX' })) form.append(k, v);
    const response = await server.client().request('POST', '/cm-api/api/users', { form, auth: false });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    expect(server.mails(email)).toEqual([]);
    expect((await server.client().login(email, 'pw-qapla-1234')).status).toBe(401);
  });

  it('does not give an invited role to whoever registers the invited address first', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const email = uniqueEmail('invitee');
    await owner.client.post(`${orgPath(org._id)}/users`, { email, role: 3 });
    const squatter = await server.signUp({ email });
    expect((await squatter.client.get(orgPath(org._id))).status).toBe(404);
    expect((await owner.client.get(orgPath(org._id))).body.invitations).toEqual([{ email, role: 3, state: 'pending' }]);
  });

  it('joins organizations matching the domain only once the address is verified', async () => {
    const { org, domain } = await orgWithDomain();
    const colleague = await server.signUp({ email: uniqueEmail('colleague', domain) });
    expect((await colleague.client.get(orgPath(org._id))).status).toBe(404);
    expect((await verify(tokenOf(colleague.email))).status).toBe(200);
    expect((await colleague.client.get(orgPath(org._id))).body.myRole).toBe(1);
  });
});

describe('verification links', () => {
  it('work once, and refuse made-up tokens', async () => {
    const ada = await server.signUp();
    const token = tokenOf(ada.email);
    expect((await verify(token)).status).toBe(200);
    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('verification_link_invalid');
    expect((await verify('x'.repeat(43))).body.code).toBe('verification_link_invalid');
  });

  it('can be sent again; only the newest one works', async () => {
    const ada = await server.signUp();
    const first = tokenOf(ada.email);
    expect((await ada.client.post('/cm-api/api/users/self/verify-email', {})).status).toBe(200);
    const second = tokenOf(ada.email);
    expect(second).not.toBe(first);
    expect((await verify(first)).status).toBe(400);
    expect((await verify(second)).status).toBe(200);
    const resent = await ada.client.post('/cm-api/api/users/self/verify-email', {});
    expect(resent.status).toBe(409);
  });

  it('limits how often a link is sent again', async () => {
    const ada = await server.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await ada.client.post('/cm-api/api/users/self/verify-email', {})).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[3]).toBe(429);
  });

  it('are proven by a magic link too', async () => {
    const ada = await server.signUp();
    await server.client().post('/cm-api/auth/magic-link', { email: ada.email });
    const magicId = linkIn(server.lastMail(ada.email)).pathname.split('/').pop()!;
    const login = await server.client().post('/cm-api/auth/login/magic-link', { magicId });
    expect(login.status).toBe(200);
    expect((await ada.client.get('/cm-api/api/users/self')).body.emailVerified).toBe(true);
  });

  it('count as verified for accounts an administrator creates', async () => {
    const made = await server.createUser();
    expect((await made.client.get('/cm-api/api/users/self')).body.emailVerified).toBe(true);
  });
});

describe('changing the address', () => {
  let ada: TestUser;
  beforeAll(async () => {
    ada = await server.signUp();
    expect((await verify(tokenOf(ada.email))).status).toBe(200);
  });

  it('cannot be used to join an organization by its domain ("invite matching users")', async () => {
    const { org, domain } = await orgWithDomain();
    const target = uniqueEmail('someone', domain);
    const asked = await ada.client.put('/cm-api/api/users/self', { email: target, currentPassword: ada.password });
    expect(asked.status).toBe(200);
    expect(asked.body.email).toBe(ada.email);
    const admin = await server.createUser({ role: 31 });
    const invite = await admin.client.post(`/cm-api/api/administration/organizations/${org._id}/inviteMatchingMail`, {});
    expect(invite.status).toBe(200);
    expect(invite.body.invited).toBe(0);
    expect((await ada.client.get(orgPath(org._id))).status).toBe(404);
  });

  it('refuses a wrong current password', async () => {
    const response = await ada.client.put('/cm-api/api/users/self', { email: uniqueEmail('other'), currentPassword: 'not-my-password' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ currentPassword: 'error.wrong_password' });
  });

  it('is limited to a few requests per hour', async () => {
    const busy = await server.quickUser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await busy.client.put('/cm-api/api/users/self', { email: uniqueEmail(`spam${i}`) })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    // Other profile changes go on.
    expect((await busy.client.put('/cm-api/api/users/self', { firstname: 'Still' })).status).toBe(200);
  });

  it('needs no password for an account without one; the new address still has to be verified', async () => {
    const sso = await server.quickUser();
    const next = uniqueEmail('moved');
    const asked = await sso.client.put('/cm-api/api/users/self', { email: next });
    expect(asked.status).toBe(200);
    expect(asked.body.email).toBe(sso.email);
    expect(server.lastMail(sso.email).subject).toMatch(/change of email address/);
    expect((await verify(tokenOf(next))).status).toBe(200);
    expect((await sso.client.get('/cm-api/api/users/self')).body).toMatchObject({ email: next, emailVerified: true });
  });
});

describe('one live link per purpose', () => {
  it('a newer magic link makes the older one useless', async () => {
    const ada = await server.createUser();
    const request = () => server.client().post('/cm-api/auth/magic-link', { email: ada.email });
    const magicIdOf = () => linkIn(server.lastMail(ada.email)).pathname.split('/').pop()!;
    await request();
    const older = magicIdOf();
    await request();
    const newer = magicIdOf();
    expect((await server.client().post('/cm-api/auth/login/magic-link', { magicId: older })).status).toBe(401);
    expect((await server.client().post('/cm-api/auth/login/magic-link', { magicId: newer })).status).toBe(200);
  });

  it('a newer password reset link makes the older one useless', async () => {
    const ada = await server.createUser();
    const request = () => server.client().post('/cm-api/api/users/self/reset-password', { email: ada.email });
    const tokenOfReset = () => linkIn(server.lastMail(ada.email)).searchParams.get('token')!;
    await request();
    const older = tokenOfReset();
    await request();
    const newer = tokenOfReset();
    const reset = (token: string) => server.client().put('/cm-api/api/users/self/reset-password', { token, password: 'a brand new password' });
    expect((await reset(older)).body.code).toBe('reset_link_invalid');
    expect((await reset(newer)).status).toBe(200);
  });
});
