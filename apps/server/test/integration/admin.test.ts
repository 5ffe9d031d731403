/** The backoffice: /cm-api/api/administration/*, for system administrators and above. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ROLE, zList, zOrganization, zUser } from '@palabre/shared';
import { createOrganization, startTestServer, uniqueEmail, type TestServer, type TestUser } from '../harness/server.ts';

const BASE = '/cm-api/api/administration';
const { USER, ORGANIZATION_INITIATOR, SYSTEM_ADMINISTRATOR, SUPER_ADMINISTRATOR } = PLATFORM_ROLE;

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createUser({ role: USER | SYSTEM_ADMINISTRATOR, firstname: 'Sys', lastname: 'Admin' });
});
afterAll(() => server?.close());

describe('access', () => {
  const someId = crypto.randomUUID();
  const calls: Array<[string, string, unknown?]> = [
    ['GET', `${BASE}/users`],
    ['POST', `${BASE}/users`, { firstname: 'A', lastname: 'B', email: 'ab@example.org', password: 'secret1' }],
    ['GET', `${BASE}/users/${someId}`],
    ['PATCH', `${BASE}/users/${someId}`, { status: 'suspended' }],
    ['DELETE', `${BASE}/users/${someId}`],
    ['GET', `${BASE}/organizations`],
    ['POST', `${BASE}/organizations`, { name: 'Backoffice org' }],
    ['GET', `${BASE}/organizations/${someId}`],
    ['PATCH', `${BASE}/organizations/${someId}`, { name: 'x' }],
    ['DELETE', `${BASE}/organizations/${someId}`],
  ];

  it.each(calls)('%s %s is refused with 403 to a plain user and 401 to anonymous callers', async (method, path, json) => {
    const plain = await server.quickUser();
    const refused = await plain.client.request(method, path, json === undefined ? {} : { json });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
    expect((await server.client().request(method, path, json === undefined ? {} : { json })).status).toBe(401);
  });

  it('is open to super administrators too, and not to an organization owner', async () => {
    const superAdmin = await server.createUser({ role: USER | SUPER_ADMINISTRATOR });
    expect((await superAdmin.client.get(`${BASE}/users`)).status).toBe(200);
    const owner = await server.quickUser();
    await createOrganization(owner.client);
    expect((await owner.client.get(`${BASE}/organizations`)).status).toBe(403);
  });
});

describe('users', () => {
  it('lists users page by page in the shared contract', async () => {
    for (let i = 0; i < 3; i++) await server.quickUser();
    const all = zList(zUser).parse((await admin.client.get(`${BASE}/users`, { query: { size: '100' } })).body);
    expect(all.count).toBe(all.list.length);
    const page = await admin.client.get(`${BASE}/users`, { query: { page: '1', size: '2' } });
    expect(page.body.count).toBe(all.count);
    expect(page.body.list.map((u: { _id: string }) => u._id)).toEqual(all.list.slice(2, 4).map((u) => u._id));
    expect((await admin.client.get(`${BASE}/users`, { query: { size: '1000' } })).status).toBe(400);
  });

  it('searches by name or email, private profiles included, with a consistent count', async () => {
    const tag = `bq${Date.now().toString(36)}`;
    const hidden = await server.quickUser({ firstname: 'Hedy', lastname: `${tag}lamarr` });
    await hidden.client.put('/cm-api/api/users/self', { private: true });
    const byLastname = await admin.client.get(`${BASE}/users`, { query: { search: tag } });
    expect(byLastname.body.list.map((u: { _id: string }) => u._id)).toEqual([hidden.id]);
    expect(byLastname.body.count).toBe(1);
    const byFullName = await admin.client.get(`${BASE}/users`, { query: { search: `Hedy ${tag}` } });
    expect(byFullName.body.list.map((u: { _id: string }) => u._id)).toEqual([hidden.id]);
    expect(byFullName.body.count).toBe(1);
  });

  it('creates a user with a platform role, who can sign in', async () => {
    const email = uniqueEmail('created');
    const response = await admin.client.post(`${BASE}/users`, { firstname: 'New', lastname: 'Person', email, password: 'initial-1', role: USER });
    expect(response.status).toBe(201);
    expect(zUser.parse(response.body)).toMatchObject({ email, role: USER, status: 'active' });
    expect((await server.client().login(email, 'initial-1')).status).toBe(200);
  });

  it('validates the new user and refuses an existing address', async () => {
    const invalid = await admin.client.post(`${BASE}/users`, { firstname: '', lastname: 'x', email: 'x', password: '1' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({ firstname: 'error.required', email: 'error.invalid_email', password: 'error.passwordLength' });
    const extra = await admin.client.post(`${BASE}/users`, { firstname: 'A', lastname: 'B', email: uniqueEmail(), password: 'secret1', status: 'active' });
    expect(extra.status).toBe(400);
    const taken = await admin.client.post(`${BASE}/users`, { firstname: 'A', lastname: 'B', email: admin.email, password: 'secret1' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('email_exists');
  });

  it('shows a user with their organizations and roles', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const response = await admin.client.get(`${BASE}/users/${owner.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: owner.id, email: owner.email, organizations: [{ _id: org._id, name: org.name, role: 6 }] });
    expect((await admin.client.get(`${BASE}/users/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('changes a platform role, which takes effect at once', async () => {
    const person = await server.quickUser();
    const response = await admin.client.patch(`${BASE}/users/${person.id}`, { role: USER });
    expect(response.status).toBe(200);
    expect(response.body.role).toBe(USER);
    expect((await person.client.post('/cm-api/api/organizations', { name: `Nope ${person.id}` })).status).toBe(403);
    expect((await admin.client.patch(`${BASE}/users/${person.id}`, { role: 32 })).status).toBe(400);
    expect((await admin.client.patch(`${BASE}/users/${person.id}`, { email: 'x@example.org' })).status).toBe(400);
    expect((await admin.client.patch(`${BASE}/users/${crypto.randomUUID()}`, { role: USER })).status).toBe(404);
  });

  it('suspends a user: their tokens stop working and they cannot sign in until reactivated', async () => {
    const person = await server.signUp();
    const { authToken, refreshToken } = person.client;
    const suspended = await admin.client.patch(`${BASE}/users/${person.id}`, { status: 'suspended' });
    expect(suspended.status).toBe(200);
    expect(suspended.body.status).toBe('suspended');

    const access = await person.client.get('/cm-api/api/users/self', { auth: authToken! });
    expect(access.status).toBe(401);
    expect(access.body.code).toBe('token_revoked');
    expect((await person.client.post('/cm-api/auth/refresh', { refresh_token: refreshToken }, { auth: false })).status).toBe(401);
    const login = await server.client().login(person.email, person.password);
    expect(login.status).toBe(401);
    expect(login.body.code).toBe('invalid_credentials');
    const before = server.mails(person.email).length;
    await server.client().post('/cm-api/auth/magic-link', { email: person.email });
    expect(server.mails(person.email)).toHaveLength(before);

    await admin.client.patch(`${BASE}/users/${person.id}`, { status: 'active' });
    expect((await person.client.get('/cm-api/api/users/self', { auth: authToken! })).status).toBe(401);
    expect((await server.client().login(person.email, person.password)).status).toBe(200);
  });

  it('does not let administrators suspend themselves or drop their own administrator role', async () => {
    const self = `${BASE}/users/${admin.id}`;
    expect((await admin.client.patch(self, { status: 'suspended' })).status).toBe(403);
    expect((await admin.client.patch(self, { role: USER | ORGANIZATION_INITIATOR })).status).toBe(403);
    // Nor promote themselves: only a super administrator grants that flag.
    expect((await admin.client.patch(self, { role: USER | SUPER_ADMINISTRATOR })).status).toBe(403);
    expect((await admin.client.patch(self, { role: USER | SYSTEM_ADMINISTRATOR })).status).toBe(200);
  });

  it('deletes a user, but not an organization owner nor oneself', async () => {
    const person = await server.signUp();
    const owner = await server.quickUser();
    await createOrganization(owner.client);

    expect((await admin.client.delete(`${BASE}/users/${person.id}`)).status).toBe(204);
    expect((await server.client().login(person.email, person.password)).status).toBe(401);
    expect((await person.client.get('/cm-api/api/users/self')).status).toBe(401);
    expect((await admin.client.get(`${BASE}/users/${person.id}`)).status).toBe(404);

    const owning = await admin.client.delete(`${BASE}/users/${owner.id}`);
    expect(owning.status).toBe(409);
    expect(owning.body.code).toBe('conflict');
    expect((await admin.client.delete(`${BASE}/users/${admin.id}`)).status).toBe(403);
    expect((await admin.client.delete(`${BASE}/users/${crypto.randomUUID()}`)).status).toBe(404);
  });
});

describe('organizations', () => {
  it('lists every organization, member or not, with a count', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const response = await admin.client.get(`${BASE}/organizations`, { query: { size: '100' } });
    expect(response.status).toBe(200);
    const list = zList(zOrganization).parse(response.body);
    expect(list.count).toBe(list.list.length);
    const seen = list.list.find((o) => o._id === org._id)!;
    expect(seen).toMatchObject({ name: org.name, owner: owner.id, myRole: 0 });
    const page = await admin.client.get(`${BASE}/organizations`, { query: { page: '0', size: '1' } });
    expect(page.body.list).toHaveLength(1);
    expect(page.body.count).toBe(list.count);
  });

  it('creates an organization for a user named by email, or for the administrator', async () => {
    const owner = await server.quickUser();
    const name = `Backoffice ${crypto.randomUUID().slice(0, 8)}`;
    const response = await admin.client.post(`${BASE}/organizations`, { name, ownerEmail: owner.email });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name, owner: owner.id });
    expect((await owner.client.get(`/cm-api/api/organizations/${response.body._id}`)).body.myRole).toBe(6);

    const own = await admin.client.post(`${BASE}/organizations`, { name: `${name} bis` });
    expect(own.body.owner).toBe(admin.id);
  });

  it('refuses an unknown owner and a taken name', async () => {
    const unknown = await admin.client.post(`${BASE}/organizations`, { name: `Orphan ${Date.now()}`, ownerEmail: uniqueEmail('nobody') });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ ownerEmail: 'error.unknown_user' });
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const taken = await admin.client.post(`${BASE}/organizations`, { name: org.name.toLowerCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('organization_name_exists');
  });

  it('shows, updates and deletes any organization', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const path = `${BASE}/organizations/${org._id}`;
    expect((await admin.client.get(path)).body).toMatchObject({ _id: org._id, users: [expect.objectContaining({ _id: owner.id, role: 6 })] });

    const patched = await admin.client.patch(path, { visibility: 'public', permissions: { session: false } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ visibility: 'public', permissions: { upload: true, session: false } });
    expect((await owner.client.get(`/cm-api/api/organizations/${org._id}`)).body.visibility).toBe('public');
    expect((await admin.client.patch(path, { ownerId: admin.id })).status).toBe(400);

    expect((await admin.client.delete(path)).status).toBe(204);
    expect((await admin.client.get(path)).status).toBe(404);
    expect((await owner.client.get(`/cm-api/api/organizations/${org._id}`)).status).toBe(404);
    expect((await admin.client.delete(path)).status).toBe(404);
    expect((await admin.client.patch(path, { visibility: 'private' })).status).toBe(404);
  });
});

describe('the super administrator flag', () => {
  it('can be granted, changed or removed only by a super administrator', async () => {
    const target = await server.quickUser();
    const grant = await admin.client.patch(`${BASE}/users/${target.id}`, { role: USER | SUPER_ADMINISTRATOR });
    expect(grant.status).toBe(403);
    const create = await admin.client.post(`${BASE}/users`, {
      firstname: 'Would',
      lastname: 'Be',
      email: uniqueEmail('wouldbe'),
      password: 'secret123',
      role: USER | SUPER_ADMINISTRATOR,
    });
    expect(create.status).toBe(403);

    const superAdmin = await server.createUser({ role: USER | SUPER_ADMINISTRATOR });
    expect((await admin.client.patch(`${BASE}/users/${superAdmin.id}`, { status: 'suspended' })).status).toBe(403);
    expect((await admin.client.delete(`${BASE}/users/${superAdmin.id}`)).status).toBe(403);

    const granted = await superAdmin.client.patch(`${BASE}/users/${target.id}`, { role: USER | SUPER_ADMINISTRATOR });
    expect(granted.status).toBe(200);
    expect(granted.body.role).toBe(USER | SUPER_ADMINISTRATOR);
  });
});

describe('platform roles granted from the backoffice', () => {
  it('refuses a flag the administrator does not hold, on others and on themselves', async () => {
    const limitedAdmin = await server.createUser({ role: USER | SYSTEM_ADMINISTRATOR });
    const target = await server.quickUser();
    const withOperator = USER | PLATFORM_ROLE.SESSION_OPERATOR;
    expect((await limitedAdmin.client.patch(`${BASE}/users/${target.id}`, { role: withOperator })).status).toBe(403);
    expect((await limitedAdmin.client.patch(`${BASE}/users/${limitedAdmin.id}`, { role: USER | SYSTEM_ADMINISTRATOR | PLATFORM_ROLE.SESSION_OPERATOR })).status).toBe(403);
    const created = await limitedAdmin.client.post(`${BASE}/users`, {
      firstname: 'New',
      lastname: 'Operator',
      email: uniqueEmail('operator'),
      password: 'a-long-password',
      role: withOperator,
    });
    expect(created.status).toBe(403);
  });
});

describe('automatic invitation from the backoffice', () => {
  it('lets a platform administrator invite matching users to an organization they are not a member of', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const domain = `${crypto.randomUUID().slice(0, 8)}.example.org`;
    // Signed up before the domain was set, so only the explicit invitation reaches them.
    await server.quickUser({ email: `someone@${domain}` });
    expect((await owner.client.patch(`/cm-api/api/organizations/${org._id}`, { matchingEmails: [domain] })).status).toBe(200);
    const plain = await server.quickUser();
    const path = `/cm-api/api/administration/organizations/${org._id}/inviteMatchingMail`;
    expect((await plain.client.post(path, {})).status).toBe(404);
    const invited = await admin.client.post(path, {});
    expect(invited.status).toBe(200);
    expect(invited.body.invited).toBe(1);
    expect(invited.body.organization.invitations).toEqual([{ email: `someone@${domain}`, role: 1, state: 'pending' }]);
  });
});
