/**
 * API keys: created by organization and platform administrators, shown once, used as bearer tokens
 * on ordinary routes and the session socket, capped by their role and scope, refused once expired,
 * revoked or renewed away, and never able to manage keys themselves.
 */
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ROLE, zApiKey, zApiKeyWithSecret, zList } from '@palabre/shared';
import { apiKeys, chats, users } from '../../src/db/schema.ts';
import { createOrganization, insertMedia, joinByInvitation, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';

let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let orgId: string;
let otherOrgId: string;
let mediaId: string;
let otherMediaId: string;
const sockets: Socket[] = [];

const keysPath = (id: string) => `/cm-api/api/organizations/${id}/api-keys`;
const PLATFORM_KEYS = '/cm-api/api/administration/api-keys';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, member, outsider] = [await server.quickUser(), await server.quickUser(), await server.quickUser(), await server.quickUser()];
  orgId = (await createOrganization(owner.client))._id;
  await joinByInvitation(server, owner.client, orgId, admin, 3);
  await joinByInvitation(server, owner.client, orgId, member, 1);
  otherOrgId = (await createOrganization(admin.client))._id;
  mediaId = await insertMedia(server, { organizationId: orgId, ownerId: member.id });
  otherMediaId = await insertMedia(server, { organizationId: otherOrgId, ownerId: admin.id });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.close();
});

/** Creates an organization key as `creator` and answers it with its secret. */
async function createKey(creator: TestUser, role: string, organizationId = orgId, expiresAt: string | null = inDays(30)) {
  const response = await creator.client.post(keysPath(organizationId), { name: `Key ${role}`, role, expiresAt });
  expect(response.status).toBe(201);
  return zApiKeyWithSecret.parse(response.body);
}

/** A request made with `secret` only: no session, no cookies, no anti-forgery token. */
function withKey(secret: string, method: string, path: string, body?: unknown) {
  return server.client().request(method, path, { auth: secret, xsrf: false, ...(body === undefined ? {} : { json: body }) });
}

describe('organization API keys', () => {
  it('creates a key whose secret is shown once and works as a bearer token on ordinary routes', async () => {
    const key = await createKey(admin, 'admin');
    expect(key.secret).toMatch(/^plb_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    expect(key).toMatchObject({ role: 'admin', organizationId: orgId, state: 'active', createdBy: { _id: admin.id }, lastUsedAt: null });

    expect((await withKey(key.secret, 'GET', `/cm-api/api/conversations/${mediaId}`)).status).toBe(200);
    // Writes need no anti-forgery token with a key, and the key's creator is who acts.
    const renamed = await withKey(key.secret, 'PATCH', `/cm-api/api/conversations/${mediaId}`, { name: 'Renamed by a key' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Renamed by a key');

    const listed = await admin.client.get(keysPath(orgId));
    expect(listed.status).toBe(200);
    const list = zList(zApiKey).parse(listed.body).list;
    const found = list.find((item) => item._id === key._id)!;
    expect(found.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(key.secret.slice(key.prefix.length + 1));
    expect(JSON.stringify(listed.body)).not.toContain('secret');
  });

  it('caps the key by its role: a reader key reads but does not write', async () => {
    const key = await createKey(admin, 'reader');
    expect((await withKey(key.secret, 'GET', `/cm-api/api/conversations/${mediaId}`)).status).toBe(200);
    const write = await withKey(key.secret, 'PATCH', `/cm-api/api/conversations/${mediaId}`, { name: 'Not allowed' });
    expect(write.status).toBe(403);
    expect((await withKey(key.secret, 'DELETE', `/cm-api/api/conversations/${mediaId}`)).status).toBe(403);
    const org = await withKey(key.secret, 'GET', `/cm-api/api/organizations/${orgId}`);
    expect(org.body.abilities).toMatchObject({ read: true, upload: false, update: false, invite: false });
    // A maintainer key of the same administrator holds a maintainer's rights on others' media: no more.
    const maintainer = await createKey(admin, 'maintainer');
    expect((await withKey(maintainer.secret, 'PATCH', `/cm-api/api/conversations/${mediaId}`, { name: 'Not allowed' })).status).toBe(403);
    expect((await withKey(key.secret, 'GET', `/cm-api/api/conversations/${mediaId}`)).body.name).not.toBe('Not allowed');
  });

  it('writes nothing with a reader key, not even what is its creator’s own', async () => {
    const key = await createKey(admin, 'reader');
    const [chat] = await server.ctx.db.insert(chats).values({ conversationId: mediaId, userId: admin.id, title: 'Mine' }).returning();
    const chatPath = `/cm-api/api/conversations/${mediaId}/chats/${chat!.id}`;
    expect((await withKey(key.secret, 'GET', chatPath)).status).toBe(200);
    expect((await withKey(key.secret, 'PATCH', chatPath, { title: 'Renamed by a reader' })).status).toBe(403);
    expect((await withKey(key.secret, 'DELETE', chatPath)).status).toBe(403);
    expect((await admin.client.get(chatPath)).body.title).toBe('Mine');

    expect((await withKey(key.secret, 'PUT', '/cm-api/api/users/self', { firstname: 'Reader' })).status).toBe(403);
    expect((await withKey(key.secret, 'DELETE', '/cm-api/api/users/self/picture')).status).toBe(403);
    expect((await withKey(key.secret, 'PUT', `/cm-api/api/users/self/favorites/${mediaId}`)).status).toBe(403);
    const self = await admin.client.get('/cm-api/api/users/self');
    expect(self.body.firstname).not.toBe('Reader');
    expect(self.body.favorites).not.toContain(mediaId);

    // Joining an organization is a change too: the invitation stays pending.
    const thirdOrgId = (await createOrganization(owner.client))._id;
    expect((await owner.client.post(`/cm-api/api/organizations/${thirdOrgId}/users`, { email: admin.email, role: 1 })).status).toBe(201);
    expect((await withKey(key.secret, 'POST', `/cm-api/api/users/self/invitations/${thirdOrgId}/accept`)).status).toBe(403);
    expect((await withKey(key.secret, 'POST', `/cm-api/api/users/self/invitations/${thirdOrgId}/decline`)).status).toBe(403);
    expect((await admin.client.get(`/cm-api/api/organizations/${thirdOrgId}`)).status).toBe(404);

    // A member key of the same creator still changes what is theirs.
    const writer = await createKey(admin, 'member');
    expect((await withKey(writer.secret, 'PATCH', chatPath, { title: 'Renamed by a key' })).status).toBe(200);
  });

  it('caps the key to its organization: the creator’s other organizations do not exist for it', async () => {
    const key = await createKey(admin, 'admin');
    expect((await admin.client.get(`/cm-api/api/conversations/${otherMediaId}`)).status).toBe(200);
    expect((await withKey(key.secret, 'GET', `/cm-api/api/conversations/${otherMediaId}`)).status).toBe(404);
    expect((await withKey(key.secret, 'GET', `/cm-api/api/organizations/${otherOrgId}`)).status).toBe(404);
    const mine = await withKey(key.secret, 'GET', '/cm-api/api/organizations');
    expect(mine.status).toBe(200);
    expect(mine.body.list.map((org: { _id: string }) => org._id)).toEqual([orgId]);
    const listed = await withKey(key.secret, 'GET', `/cm-api/api/organizations/${otherOrgId}/conversations`);
    expect(listed.status).toBe(404);
    const own = await withKey(key.secret, 'GET', `/cm-api/api/organizations/${orgId}/conversations`);
    expect(own.status).toBe(200);
    expect(own.body.list.map((item: { _id: string }) => item._id)).toContain(mediaId);
  });

  it('refuses expired, revoked and unknown keys, and the old secret of a renewed key, with the 401 of a bad token', async () => {
    const expired = await createKey(admin, 'member');
    await server.ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expired._id));
    const badToken = await withKey('not-a-token', 'GET', '/cm-api/api/organizations');
    expect(badToken.status).toBe(401);
    for (const secret of [expired.secret, `${expired.secret.slice(0, -2)}AA`, 'plb_000000000000_' + 'A'.repeat(43)]) {
      const response = await withKey(secret, 'GET', '/cm-api/api/organizations');
      expect(response.status).toBe(401);
      expect(response.body).toEqual(badToken.body);
    }

    const revoked = await createKey(admin, 'member');
    expect((await admin.client.delete(`${keysPath(orgId)}/${revoked._id}`)).status).toBe(204);
    expect((await withKey(revoked.secret, 'GET', '/cm-api/api/organizations')).status).toBe(401);
    expect((await admin.client.post(`${keysPath(orgId)}/${revoked._id}/renew`, { expiresAt: inDays(10) })).status).toBe(409);

    const renewed = await createKey(admin, 'member');
    const response = await admin.client.post(`${keysPath(orgId)}/${renewed._id}/renew`, { expiresAt: null });
    expect(response.status).toBe(200);
    const next = zApiKeyWithSecret.parse(response.body);
    expect(next.secret).not.toBe(renewed.secret);
    expect(next.expiresAt).toBeNull();
    expect((await withKey(renewed.secret, 'GET', '/cm-api/api/organizations')).status).toBe(401);
    expect((await withKey(next.secret, 'GET', '/cm-api/api/organizations')).status).toBe(200);

    const states = zList(zApiKey).parse((await admin.client.get(keysPath(orgId))).body).list;
    expect(states.find((k) => k._id === expired._id)!.state).toBe('expired');
    expect(states.find((k) => k._id === revoked._id)!.state).toBe('revoked');
  });

  it('follows its creator: a creator who loses their place loses it for their keys', async () => {
    const leaver = await server.quickUser();
    await joinByInvitation(server, owner.client, orgId, leaver, 3);
    const key = await createKey(leaver, 'admin');
    expect((await withKey(key.secret, 'GET', `/cm-api/api/conversations/${mediaId}`)).status).toBe(200);
    expect((await leaver.client.delete(`/cm-api/api/organizations/${orgId}/self`)).status).toBe(204);
    expect((await withKey(key.secret, 'GET', `/cm-api/api/conversations/${mediaId}`)).status).toBe(404);
  });

  it('is managed by the organization’s administrators only, never with a key', async () => {
    expect((await member.client.get(keysPath(orgId))).status).toBe(403);
    expect((await member.client.post(keysPath(orgId), { name: 'Mine', role: 'reader', expiresAt: inDays(5) })).status).toBe(403);
    expect((await outsider.client.get(keysPath(orgId))).status).toBe(404);
    expect((await outsider.client.post(keysPath(orgId), { name: 'Mine', role: 'reader', expiresAt: inDays(5) })).status).toBe(404);
    const key = await createKey(owner, 'admin');
    expect((await withKey(key.secret, 'GET', keysPath(orgId))).status).toBe(403);
    expect((await withKey(key.secret, 'POST', keysPath(orgId), { name: 'Minted', role: 'admin', expiresAt: null })).status).toBe(403);
    expect((await withKey(key.secret, 'POST', `${keysPath(orgId)}/${key._id}/renew`, { expiresAt: null })).status).toBe(403);
    expect((await withKey(key.secret, 'DELETE', `${keysPath(orgId)}/${key._id}`)).status).toBe(403);
    // A key of another organization is not found here.
    const other = await createKey(admin, 'admin', otherOrgId);
    expect((await admin.client.delete(`${keysPath(orgId)}/${other._id}`)).status).toBe(404);
  });

  it('cannot take over its account: no change of address, password or platform role', async () => {
    const key = await createKey(admin, 'admin');
    const email = await withKey(key.secret, 'PUT', '/cm-api/api/users/self', { email: 'taken-over@example.org' });
    expect(email.status).toBe(403);
    expect((await withKey(key.secret, 'PUT', '/cm-api/api/users/self', { role: 0 })).status).toBe(403);
    expect((await withKey(key.secret, 'PUT', '/cm-api/api/users/self/password', { currentPassword: 'x', newPassword: 'y'.repeat(12) })).status).toBe(403);
    // Harmless profile fields stay the creator's to change through the key.
    expect((await withKey(key.secret, 'PUT', '/cm-api/api/users/self', { firstname: 'Scripted' })).status).toBe(200);
    expect((await admin.client.get('/cm-api/api/users/self')).body).toMatchObject({ email: admin.email, firstname: 'Scripted' });
  });

  it('validates the name, the role and the expiry', async () => {
    const cases = [
      { name: '', role: 'reader', expiresAt: inDays(5) },
      { name: 'x'.repeat(101), role: 'reader', expiresAt: inDays(5) },
      { name: 'Key', role: 'owner', expiresAt: inDays(5) },
      { name: 'Key', role: 'reader', expiresAt: new Date(Date.now() - 60_000).toISOString() },
      { name: 'Key', role: 'reader', expiresAt: inDays(800) },
      { name: 'Key', role: 'reader' },
    ];
    for (const body of cases) {
      const response = await admin.client.post(keysPath(orgId), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('validation_failed');
    }
  });

  it('opens the session socket, capped like on HTTP', async () => {
    const key = await createKey(admin, 'member');
    const socket = connect(server.url, { path: '/cm-api/socket.io', auth: { token: key.secret }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(await socket.timeout(5000).emitWithAck('watch_organization', orgId)).toEqual({ ok: true });
    expect(await socket.timeout(5000).emitWithAck('watch_organization', otherOrgId)).toEqual({ ok: false, error: 'not_found' });
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    expect((await admin.client.delete(`${keysPath(orgId)}/${key._id}`)).status).toBe(204);
    await disconnected;
  });
});

describe('platform API keys', () => {
  it('are managed by platform administrators signed in themselves', async () => {
    const sysadmin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    expect((await member.client.get(PLATFORM_KEYS)).status).toBe(403);
    expect((await member.client.post(PLATFORM_KEYS, { name: 'Mine', role: 'user', expiresAt: null })).status).toBe(403);

    const created = await sysadmin.client.post(PLATFORM_KEYS, { name: 'Monitoring', role: 'administrator', expiresAt: inDays(90) });
    expect(created.status).toBe(201);
    const adminKey = zApiKeyWithSecret.parse(created.body);
    expect(adminKey.organizationId).toBeNull();
    expect((await withKey(adminKey.secret, 'GET', '/cm-api/api/administration/users')).status).toBe(200);
    // Even an administrator key manages no keys.
    expect((await withKey(adminKey.secret, 'GET', PLATFORM_KEYS)).status).toBe(403);
    expect((await withKey(adminKey.secret, 'POST', PLATFORM_KEYS, { name: 'Minted', role: 'administrator', expiresAt: null })).status).toBe(403);

    const userKey = zApiKeyWithSecret.parse((await sysadmin.client.post(PLATFORM_KEYS, { name: 'Scripts', role: 'user', expiresAt: null })).body);
    expect((await withKey(userKey.secret, 'GET', '/cm-api/api/administration/users')).status).toBe(403);
    expect((await withKey(userKey.secret, 'GET', '/cm-api/api/organizations')).status).toBe(200);

    const listed = zList(zApiKey).parse((await sysadmin.client.get(PLATFORM_KEYS)).body).list;
    expect(listed.map((k) => k._id)).toEqual(expect.arrayContaining([adminKey._id, userKey._id]));
    expect(listed.every((k) => k.organizationId === null)).toBe(true);
    // Organization keys are not platform keys.
    const orgKey = await createKey(admin, 'member');
    expect((await sysadmin.client.delete(`${PLATFORM_KEYS}/${orgKey._id}`)).status).toBe(404);

    // A creator who loses the administrator flag loses it for their key.
    await server.ctx.tokens.revokeAllForUser(sysadmin.id);
    await server.ctx.db.update(users).set({ role: PLATFORM_ROLE.USER }).where(eq(users.id, sysadmin.id));
    expect((await withKey(adminKey.secret, 'GET', '/cm-api/api/administration/users')).status).toBe(403);
    await server.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, sysadmin.id));
    expect((await withKey(userKey.secret, 'GET', '/cm-api/api/organizations')).status).toBe(401);
  });
});
