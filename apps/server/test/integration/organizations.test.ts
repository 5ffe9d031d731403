/** Organizations: creation, listing, reading, updating, deleting and leaving. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ROLE, zList, zOrganization } from '@palabre/shared';
import { createOrganization, startTestServer, joinByInvitation, type TestServer, type TestUser } from '../harness/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const orgPath = (id: string) => `/cm-api/api/organizations/${id}`;
const randomName = (prefix: string) => `${prefix} ${crypto.randomUUID().slice(0, 8)}`;

/** An organization with an owner, an admin, a maintainer and a member. */
async function team() {
  const owner = await server.quickUser();
  const org = await createOrganization(owner.client, randomName('Team'));
  const [admin, maintainer, member] = [await server.quickUser(), await server.quickUser(), await server.quickUser()];
  for (const [user, role] of [
    [admin, 3],
    [maintainer, 2],
    [member, 1],
  ] as Array<[TestUser, number]>) {
    await joinByInvitation(server, owner.client, org._id, user, role);
  }
  return { org, owner, admin, maintainer, member };
}

describe('POST /cm-api/api/organizations', () => {
  it('creates an organization owned by the caller, in the shared contract', async () => {
    const ada = await server.quickUser();
    const name = randomName('Analytical Engines');
    const response = await ada.client.post('/cm-api/api/organizations', { name: `  ${name} ` });
    expect(response.status).toBe(201);
    const org = zOrganization.parse(response.body);
    expect(org).toMatchObject({
      name,
      owner: ada.id,
      visibility: 'private',
      myRole: 6,
      permissions: { upload: true, summary: true, session: true },
      invitations: [],
      statistics: { mediaCount: 0, memberCount: 1 },
    });
    expect(org.users).toEqual([expect.objectContaining({ _id: ada.id, userId: ada.id, role: 6 })]);
    expect(org.abilities).toMatchObject({ delete: true, update: true, manageMembers: true, leave: false });
  });

  it('refuses a name already taken, whatever its case, with 409 organization_name_exists', async () => {
    const ada = await server.quickUser();
    const bob = await server.quickUser();
    const name = randomName('Unique');
    await createOrganization(ada.client, name);
    const response = await bob.client.post('/cm-api/api/organizations', { name: name.toUpperCase() });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      status: 'error',
      code: 'organization_name_exists',
      message: 'An organization with this name already exists',
      fields: { name: 'error.name_exists' },
    });
  });

  it('creates one organization when the same name is asked for several times at once', async () => {
    const ada = await server.quickUser();
    const name = randomName('Race');
    const responses = await Promise.all([0, 1, 2].map(() => ada.client.post('/cm-api/api/organizations', { name })));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await ada.client.get('/cm-api/api/organizations')).body.count).toBe(1);
  });

  it('validates the name', async () => {
    const ada = await server.quickUser();
    expect((await ada.client.post('/cm-api/api/organizations', { name: '  ' })).body.fields).toEqual({ name: 'error.required' });
    expect((await ada.client.post('/cm-api/api/organizations', { name: '<b>x</b>' })).body.fields).toEqual({ name: 'error.unauthorized_caracters' });
    expect((await ada.client.post('/cm-api/api/organizations', { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await ada.client.post('/cm-api/api/organizations', { name: randomName('Extra'), owner: crypto.randomUUID() })).status).toBe(400);
  });

  it('is refused to a user below organization initiator', async () => {
    const plain = await server.createUser({ role: PLATFORM_ROLE.USER });
    const response = await plain.client.post('/cm-api/api/organizations', { name: randomName('Nope') });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('forbidden');
    expect((await plain.client.get('/cm-api/api/organizations')).body).toEqual({ count: 0, list: [] });
  });

  it('is allowed to any role numerically at least organization initiator ("at least" compares values)', async () => {
    const operator = await server.createUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SESSION_OPERATOR });
    expect((await operator.client.post('/cm-api/api/organizations', { name: randomName('Ops') })).status).toBe(201);
  });

  it('needs a signed-in user', async () => {
    expect((await server.client().post('/cm-api/api/organizations', { name: randomName('Anon') })).status).toBe(401);
  });
});

describe('GET /cm-api/api/organizations', () => {
  it('lists only the organizations the caller belongs to, with their role in each', async () => {
    const { org, owner, member } = await team();
    const own = await createOrganization(member.client, randomName('Own'));
    await createOrganization(owner.client, randomName('Other'));

    const response = await member.client.get('/cm-api/api/organizations');
    expect(response.status).toBe(200);
    const { count, list } = zList(zOrganization).parse(response.body);
    expect(count).toBe(2);
    expect(list.map((o) => [o._id, o.myRole]).sort()).toEqual(
      [
        [org._id, 1],
        [own._id, 6],
      ].sort(),
    );
  });
});

describe('GET /cm-api/api/organizations/:id', () => {
  it('shows members the organization with their abilities', async () => {
    const { org, member, maintainer } = await team();
    const seen = await member.client.get(orgPath(org._id));
    expect(seen.status).toBe(200);
    expect(seen.body.myRole).toBe(1);
    expect(seen.body.abilities).toMatchObject({ read: true, update: false, invite: false, leave: true });
    expect(seen.body.statistics.memberCount).toBe(4);
    expect((await maintainer.client.get(orgPath(org._id))).body.abilities).toMatchObject({ invite: true, manageMembers: false });
  });

  it('answers 404 to non-members, as for an organization that does not exist', async () => {
    const { org } = await team();
    const stranger = await server.quickUser();
    const hidden = await stranger.client.get(orgPath(org._id));
    const missing = await stranger.client.get(orgPath(crypto.randomUUID()));
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(hidden.body.code).toBe(missing.body.code);
    expect((await stranger.client.get(orgPath('12345'))).status).toBe(400);
  });

  it('does not open organizations to platform administrators outside the backoffice', async () => {
    const { org } = await team();
    const admin = await server.createUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    expect((await admin.client.get(orgPath(org._id))).status).toBe(404);
  });
});

describe('PATCH /cm-api/api/organizations/:id', () => {
  it('lets an admin change name, description, visibility, permissions and matching domains', async () => {
    const { org, admin } = await team();
    const name = randomName('Renamed');
    const response = await admin.client.patch(orgPath(org._id), {
      name,
      description: 'Transcripts of the weekly meeting',
      visibility: 'public',
      permissions: { upload: false },
      matchingEmails: ['@Example-Corp.test', 'example-corp.test'],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name,
      description: 'Transcripts of the weekly meeting',
      visibility: 'public',
      permissions: { upload: false, summary: true, session: true },
      matchingEmails: ['example-corp.test'],
    });
  });

  it('restricts plain members once upload is switched off, not maintainers', async () => {
    const { org, owner, member, maintainer } = await team();
    await owner.client.patch(orgPath(org._id), { permissions: { upload: false } });
    expect((await member.client.get(orgPath(org._id))).body.abilities.upload).toBe(false);
    expect((await maintainer.client.get(orgPath(org._id))).body.abilities.upload).toBe(true);
  });

  it('refuses members and maintainers with 403, strangers with 404', async () => {
    const { org, member, maintainer } = await team();
    const stranger = await server.quickUser();
    expect((await member.client.patch(orgPath(org._id), { description: 'x' })).status).toBe(403);
    expect((await maintainer.client.patch(orgPath(org._id), { description: 'x' })).status).toBe(403);
    expect((await stranger.client.patch(orgPath(org._id), { description: 'x' })).status).toBe(404);
  });

  it('refuses a name taken by another organization, but allows changing the case of its own', async () => {
    const { org, owner } = await team();
    const other = await createOrganization(owner.client, randomName('Taken'));
    const clash = await owner.client.patch(orgPath(org._id), { name: other.name.toLowerCase() });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('organization_name_exists');
    const recased = await owner.client.patch(orgPath(org._id), { name: org.name.toUpperCase() });
    expect(recased.status).toBe(200);
    expect(recased.body.name).toBe(org.name.toUpperCase());
  });

  it('refuses unknown keys and invalid values', async () => {
    const { org, owner } = await team();
    expect((await owner.client.patch(orgPath(org._id), { owner: crypto.randomUUID() })).status).toBe(400);
    expect((await owner.client.patch(orgPath(org._id), { visibility: 'secret' })).status).toBe(400);
    expect((await owner.client.patch(orgPath(org._id), { matchingEmails: ['not a domain'] })).body.fields).toEqual({
      'matchingEmails.0': 'error.invalid_email',
    });
    expect((await owner.client.patch(orgPath(org._id), { description: 'a <script>' })).body.fields).toEqual({
      description: 'error.unauthorized_caracters',
    });
  });
});

describe('DELETE /cm-api/api/organizations/:id', () => {
  it('is for the owner only', async () => {
    const { org, owner, admin, member } = await team();
    const stranger = await server.quickUser();
    expect((await admin.client.delete(orgPath(org._id))).status).toBe(403);
    expect((await member.client.delete(orgPath(org._id))).status).toBe(403);
    expect((await stranger.client.delete(orgPath(org._id))).status).toBe(404);

    expect((await owner.client.delete(orgPath(org._id))).status).toBe(204);
    expect((await owner.client.get(orgPath(org._id))).status).toBe(404);
    expect((await member.client.get('/cm-api/api/organizations')).body.count).toBe(0);
  });

  it('frees the name', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client, randomName('Reusable'));
    await owner.client.delete(orgPath(org._id));
    expect((await owner.client.post('/cm-api/api/organizations', { name: org.name })).status).toBe(201);
  });
});

describe('DELETE /cm-api/api/organizations/:id/self (leave)', () => {
  it('lets a member leave, who then no longer sees the organization and is told by mail', async () => {
    const { org, member, admin } = await team();
    const response = await member.client.delete(`${orgPath(org._id)}/self`);
    expect(response.status).toBe(204);
    expect((await member.client.get(orgPath(org._id))).status).toBe(404);
    expect(server.lastMail(member.email).subject).toContain(org.name);
    expect((await admin.client.get(orgPath(org._id))).body.users.map((u: { _id: string }) => u._id)).not.toContain(member.id);
  });

  it('does not let the owner leave', async () => {
    const { org, owner } = await team();
    const response = await owner.client.delete(`${orgPath(org._id)}/self`);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('owner_cannot_leave');
    expect((await owner.client.get(orgPath(org._id))).status).toBe(200);
  });

  it('answers 404 to someone who is not a member', async () => {
    const { org } = await team();
    const stranger = await server.quickUser();
    expect((await stranger.client.delete(`${orgPath(org._id)}/self`)).status).toBe(404);
  });
});
