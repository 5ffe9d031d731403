/**
 * Hourly budgets on what costs other people something (invitation mails, name checks), and what
 * the platform-wide name rule lets a non-member learn about other tenants: that a name is taken,
 * nothing more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, markVerified, startTestServer, uniqueEmail, type TestServer } from '../harness/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      INVITATIONS_PER_USER_PER_HOUR: '3',
      INVITATIONS_PER_ORGANIZATION_PER_HOUR: '5',
      ORGANIZATION_NAME_CHECKS_PER_USER_PER_HOUR: '3',
    },
  });
});
afterAll(() => server?.close());

const API = '/cm-api/api';
const invite = (client: ReturnType<TestServer['client']>, orgId: string, email: string) => client.post(`${API}/organizations/${orgId}/users`, { email, role: 1 });

describe('invitation budgets', () => {
  it('refuses a fourth invitation from one user within the hour, with 429 too_many_requests and no mail', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    for (let i = 0; i < 3; i++) expect((await invite(owner.client, org._id, uniqueEmail('ok'))).status).toBe(201);
    const email = uniqueEmail('over');
    const refused = await invite(owner.client, org._id, email);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_requests');
    expect(refused.body.message).toMatch(/too many invitations/i);
    expect(server.mails(email)).toHaveLength(0);
  });

  it('bounds one organization across its members, and "invite matching users" counts every mail', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const admin = await server.quickUser();
    await owner.client.post(`${API}/organizations/${org._id}/users`, { email: admin.email, role: 3 });
    await markVerified(server, admin.id);
    await admin.client.post(`${API}/users/self/invitations/${org._id}/accept`);
    for (let i = 0; i < 2; i++) expect((await invite(owner.client, org._id, uniqueEmail('ok'))).status).toBe(201);
    // The owner has spent 3 of their own 3; the organization 3 of its 5.
    expect((await invite(owner.client, org._id, uniqueEmail('owner'))).status).toBe(429);

    const domain = `corp-${crypto.randomUUID().slice(0, 8)}.test`;
    const matching = [];
    for (let i = 0; i < 3; i++) {
      const user = await server.quickUser({ email: uniqueEmail('match', domain) });
      await markVerified(server, user.id);
      matching.push(user);
    }
    await admin.client.patch(`${API}/organizations/${org._id}`, { matchingEmails: [domain] });
    const tooMany = await admin.client.post(`${API}/administration/organizations/${org._id}/inviteMatchingMail`);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.code).toBe('too_many_requests');
    for (const user of matching) expect(server.mails(user.email)).toHaveLength(0);

    expect((await invite(admin.client, org._id, uniqueEmail('admin'))).status).toBe(201);
    expect((await invite(admin.client, org._id, uniqueEmail('admin'))).status).toBe(201);
    expect((await invite(admin.client, org._id, uniqueEmail('admin'))).status).toBe(429);
  });
});

describe('organization names', () => {
  it('says a name is taken and nothing else, and bounds how many names one user may test', async () => {
    const first = await server.quickUser();
    const taken = await createOrganization(first.client, `Taken ${crypto.randomUUID().slice(0, 8)}`);

    const prober = await server.quickUser();
    const clash = await prober.client.post(`${API}/organizations`, { name: taken.name.toUpperCase() });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({
      status: 'error',
      code: 'organization_name_exists',
      message: 'An organization with this name already exists',
      fields: { name: 'error.name_exists' },
    });
    expect(JSON.stringify(clash.body)).not.toContain(taken._id);
    expect((await prober.client.get(`${API}/organizations/${taken._id}`)).status).toBe(404);
    expect((await prober.client.get(`${API}/organizations`)).body.count).toBe(0);
    expect((await prober.client.get(`${API}/administration/organizations`)).status).toBe(403);

    const own = await createOrganization(prober.client);
    const rename = await prober.client.patch(`${API}/organizations/${own._id}`, { name: taken.name });
    expect(rename.status).toBe(409);
    // Three checks spent (one clash, one creation, one rename): the fourth waits for the hour.
    const limited = await prober.client.post(`${API}/organizations`, { name: `Free ${crypto.randomUUID()}` });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('too_many_requests');
    expect((await prober.client.patch(`${API}/organizations/${own._id}`, { name: taken.name })).status).toBe(429);
    // Other changes than the name are not name checks.
    expect((await prober.client.patch(`${API}/organizations/${own._id}`, { description: 'Ours' })).status).toBe(200);
  });
});
