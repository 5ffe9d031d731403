/** Own profile, pictures, user search and who may see whom. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ROLE, zList, zPublicUser, zUser, zUserCard } from '@palabre/shared';
import { TINY_PNG, createOrganization, insertMedia, joinByInvitation, linkIn, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const { USER, ORGANIZATION_INITIATOR, SYSTEM_ADMINISTRATOR, SUPER_ADMINISTRATOR } = PLATFORM_ROLE;

describe('GET /cm-api/api/users/self', () => {
  it('describes the signed-in user in the shared contract, without secrets', async () => {
    const ada = await server.signUp({ firstname: 'Ada', lastname: 'Lovelace' });
    const response = await ada.client.get('/cm-api/api/users/self');
    expect(response.status).toBe(200);
    const user = zUser.parse(response.body);
    expect(user).toMatchObject({ _id: ada.id, email: ada.email, private: false, favorites: [], locale: null });
    expect(Object.values(user.emailNotifications).every(Boolean)).toBe(true);
    expect(JSON.stringify(response.body)).not.toMatch(/password|argon/i);
  });
});

describe('PUT /cm-api/api/users/self', () => {
  it('updates names, privacy, language and notification preferences', async () => {
    const ada = await server.quickUser();
    const response = await ada.client.put('/cm-api/api/users/self', {
      firstname: '  Augusta ',
      lastname: 'King',
      private: true,
      locale: 'fr-FR',
      emailNotifications: { mediaShared: false },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ firstname: 'Augusta', lastname: 'King', private: true, locale: 'fr-FR' });
    expect(response.body.emailNotifications).toMatchObject({ mediaShared: false, mediaUnshared: true, organizationJoined: true });
    const again = await ada.client.put('/cm-api/api/users/self', { emailNotifications: { organizationLeft: false } });
    expect(again.body.emailNotifications).toMatchObject({ mediaShared: false, organizationLeft: false });
    expect((await ada.client.get('/cm-api/api/users/self')).body).toMatchObject({ firstname: 'Augusta', private: true });
  });

  it('refuses unknown keys (no mass assignment)', async () => {
    const ada = await server.quickUser();
    for (const body of [{ status: 'suspended' }, { passwordHash: 'x' }, { _id: crypto.randomUUID() }, { firstname: 'A', emailVerifiedAt: null }]) {
      const response = await ada.client.put('/cm-api/api/users/self', body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('validation_failed');
    }
    expect((await ada.client.get('/cm-api/api/users/self')).body.firstname).toBe('Test');
  });

  it('names invalid fields with their error key', async () => {
    const ada = await server.quickUser();
    const response = await ada.client.put('/cm-api/api/users/self', { firstname: '<i>', email: 'nope' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ firstname: 'error.unauthorized_caracters', email: 'error.invalid_email' });
  });

  it('changes the email only once the new address is verified, with the current password, telling the old one', async () => {
    const ada = await server.signUp();
    const bob = await server.quickUser();
    const noPassword = await ada.client.put('/cm-api/api/users/self', { email: `renamed-${ada.email}` });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body).toMatchObject({ code: 'wrong_password', fields: { currentPassword: 'error.wrong_password' } });
    const taken = await ada.client.put('/cm-api/api/users/self', { email: bob.email.toUpperCase(), currentPassword: ada.password });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('email_exists');
    const fresh = `renamed-${ada.email}`;
    const asked = await ada.client.put('/cm-api/api/users/self', { email: fresh, currentPassword: ada.password });
    expect(asked.status).toBe(200);
    expect(asked.body.email).toBe(ada.email);
    expect(server.lastMail(ada.email).subject).toMatch(/change of email address/);
    const token = linkIn(server.lastMail(fresh)).searchParams.get('token')!;
    expect((await server.client().patch('/cm-api/api/users/self/verify-email', { token })).status).toBe(200);
    const self = await ada.client.get('/cm-api/api/users/self');
    expect(self.body).toMatchObject({ email: fresh, emailVerified: true });
    expect((await server.client().login(fresh, ada.password)).status).toBe(200);
  });

  it('lets users drop platform role bits but never grant themselves new ones', async () => {
    const ada = await server.quickUser();
    const grant = await ada.client.put('/cm-api/api/users/self', { role: USER | ORGANIZATION_INITIATOR | SYSTEM_ADMINISTRATOR });
    expect(grant.status).toBe(403);
    expect(grant.body.code).toBe('forbidden');
    expect((await ada.client.get('/cm-api/api/users/self')).body.role).toBe(USER | ORGANIZATION_INITIATOR);

    const drop = await ada.client.put('/cm-api/api/users/self', { role: USER });
    expect(drop.status).toBe(200);
    expect(drop.body.role).toBe(USER);
    // Once dropped, a flag cannot be taken back, and what it allowed is gone.
    expect((await ada.client.put('/cm-api/api/users/self', { role: USER | ORGANIZATION_INITIATOR })).status).toBe(403);
    expect((await ada.client.post('/cm-api/api/organizations', { name: `Ada org ${ada.id}` })).status).toBe(403);
  });

  it('lets nobody add flags to themselves on the profile, not even a system administrator', async () => {
    const admin = await server.createUser({ role: USER | SYSTEM_ADMINISTRATOR });
    for (const role of [USER | ORGANIZATION_INITIATOR | SYSTEM_ADMINISTRATOR, 31]) {
      const response = await admin.client.put('/cm-api/api/users/self', { role });
      expect(response.status).toBe(403);
    }
    expect((await admin.client.get('/cm-api/api/users/self')).body.role).toBe(USER | SYSTEM_ADMINISTRATOR);
    // The backoffice applies the same rule to one's own account.
    const backoffice = await admin.client.patch(`/cm-api/api/administration/users/${admin.id}`, { role: 31 });
    expect(backoffice.status).toBe(403);
    expect((await admin.client.get('/cm-api/api/users/self')).body.role).toBe(USER | SYSTEM_ADMINISTRATOR);
  });

  it('lets a super administrator drop flags from their own profile', async () => {
    const root = await server.createUser({ role: 31 });
    const response = await root.client.put('/cm-api/api/users/self', { role: 31 & ~PLATFORM_ROLE.SESSION_OPERATOR });
    expect(response.status).toBe(200);
    expect(response.body.role).toBe(31 & ~PLATFORM_ROLE.SESSION_OPERATOR);
  });
});

describe('own picture', () => {
  const upload = (client: ReturnType<TestServer['client']>, bytes: Buffer) => {
    const form = new FormData();
    form.append('picture', new Blob([bytes], { type: 'image/png' }), 'p.png');
    return client.request('PUT', '/cm-api/api/users/self/picture', { form });
  };

  it('is set, served to others with the right type, and removed', async () => {
    const ada = await server.quickUser();
    const bob = await server.quickUser();
    const set = await upload(ada.client, TINY_PNG);
    expect(set.status).toBe(200);
    expect(set.body.picture).toMatch(`/cm-api/api/users/${ada.id}/picture`);

    const seen = await bob.client.get(`/cm-api/api/users/${ada.id}/picture`);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/png');
    expect(seen.headers.get('x-content-type-options')).toBe('nosniff');
    expect(seen.bytes.equals(TINY_PNG)).toBe(true);

    const removed = await ada.client.delete('/cm-api/api/users/self/picture');
    expect(removed.status).toBe(200);
    expect(removed.body.picture).toBeNull();
    const gone = await bob.client.get(`/cm-api/api/users/${ada.id}/picture`);
    expect(gone.status).toBe(404);
  });

  it('refuses a file that is not an image, and a form without a file', async () => {
    const ada = await server.quickUser();
    const bad = await upload(ada.client, Buffer.from('GIF? no, plain text'));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ picture: 'error.invalid_format' });
    const form = new FormData();
    form.append('caption', 'no file here');
    const empty = await ada.client.request('PUT', '/cm-api/api/users/self/picture', { form });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ picture: 'error.required' });
    expect((await ada.client.get('/cm-api/api/users/self')).body.picture).toBeNull();
  });

  it('needs a signed-in user', async () => {
    expect((await server.client().delete('/cm-api/api/users/self/picture')).status).toBe(401);
    expect((await server.client().get(`/cm-api/api/users/${crypto.randomUUID()}/picture`)).status).toBe(401);
  });
});

describe('GET /cm-api/api/users/search', () => {
  it("finds people of the caller's organizations by name or email, hiding private profiles and the caller", async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const caller = await server.quickUser({ lastname: `${tag}caller` });
    const visible = await server.quickUser({ firstname: 'Katherine', lastname: `${tag}johnson` });
    const hidden = await server.quickUser({ lastname: `${tag}hidden` });
    await hidden.client.put('/cm-api/api/users/self', { private: true });
    const org = await createOrganization(caller.client);
    await joinByInvitation(server, caller.client, org._id, visible);
    await joinByInvitation(server, caller.client, org._id, hidden);

    const response = await caller.client.get('/cm-api/api/users/search', { query: { search: tag.toUpperCase() } });
    expect(response.status).toBe(200);
    const result = zList(zPublicUser).parse(response.body);
    expect(result.list.map((u) => u._id)).toEqual([visible.id]);
    expect(result.count).toBe(1);
    expect(response.body.list[0]).toEqual({ _id: visible.id, firstname: 'Katherine', lastname: `${tag}johnson`, email: visible.email, picture: null });

    const byFullName = await caller.client.get('/cm-api/api/users/search', { query: { search: `Katherine ${tag}` } });
    expect(byFullName.body.list.map((u: { _id: string }) => u._id)).toEqual([visible.id]);
  });

  it("finds someone outside the caller's organizations only by their exact address", async () => {
    const tag = `zo${Date.now().toString(36)}`;
    const caller = await server.quickUser();
    await createOrganization(caller.client);
    const outsider = await server.quickUser({ firstname: 'Grace', lastname: `${tag}hopper` });
    const ids = async (search: string) => (await caller.client.get('/cm-api/api/users/search', { query: { search } })).body.list.map((u: { _id: string }) => u._id);
    expect(await ids(tag.slice(0, 2))).not.toContain(outsider.id);
    expect(await ids(tag)).toEqual([]);
    expect(await ids(outsider.email.slice(0, -1))).toEqual([]);
    expect(await ids(outsider.email.toUpperCase())).toEqual([outsider.id]);
  });

  it("finds people holding a right on a media of the caller's organization", async () => {
    const tag = `zg${Date.now().toString(36)}`;
    const caller = await server.quickUser();
    const org = await createOrganization(caller.client);
    const guest = await server.quickUser({ lastname: `${tag}guest` });
    const id = await insertMedia(server, { organizationId: org._id, ownerId: caller.id });
    expect((await caller.client.put(`/cm-api/api/conversations/${id}/users/${guest.id}`, { right: 1 })).status).toBe(200);
    const found = await caller.client.get('/cm-api/api/users/search', { query: { search: tag } });
    expect(found.body.list.map((u: { _id: string }) => u._id)).toEqual([guest.id]);
  });

  it('treats % and _ as plain characters', async () => {
    const caller = await server.quickUser();
    const response = await caller.client.get('/cm-api/api/users/search', { query: { search: '%' } });
    expect(response.status).toBe(200);
    expect(response.body.list).toEqual([]);
  });

  it('refuses an empty search or markup, and anonymous callers', async () => {
    const caller = await server.quickUser();
    expect((await caller.client.get('/cm-api/api/users/search', { query: { search: '' } })).status).toBe(400);
    const markup = await caller.client.get('/cm-api/api/users/search', { query: { search: '<x>' } });
    expect(markup.body.fields).toEqual({ search: 'error.unauthorized_caracters' });
    expect((await server.client().get('/cm-api/api/users/search', { query: { search: 'a' } })).status).toBe(401);
  });
});

describe('GET /cm-api/api/users/:id', () => {
  it('shows a public profile to any signed-in user, as a public card', async () => {
    const ada = await server.quickUser();
    const bob = await server.quickUser();
    const response = await bob.client.get(`/cm-api/api/users/${ada.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(zUserCard.parse(response.body));
    expect(response.body).not.toHaveProperty('role');
  });

  it('shows the address only to the person and to the platform administrators who manage them', async () => {
    const ada = await server.quickUser();
    const colleague = await server.quickUser();
    const admin = await server.quickUser({ role: USER | SYSTEM_ADMINISTRATOR });
    const superAdmin = await server.quickUser({ role: USER | SYSTEM_ADMINISTRATOR | SUPER_ADMINISTRATOR });
    const org = await createOrganization(ada.client);
    await joinByInvitation(server, ada.client, org._id, colleague);
    const card = async (viewer: TestUser, id: string) => {
      const response = await viewer.client.get(`/cm-api/api/users/${id}`);
      expect(response.status).toBe(200);
      return zUserCard.parse(response.body);
    };

    expect((await card(ada, ada.id)).email).toBe(ada.email);
    expect(await card(colleague, ada.id)).not.toHaveProperty('email');
    expect(await card(colleague, superAdmin.id)).not.toHaveProperty('email');
    expect((await card(admin, ada.id)).email).toBe(ada.email);
    // A system administrator does not manage a super administrator's account: no address either.
    expect(await card(admin, superAdmin.id)).not.toHaveProperty('email');
    expect((await card(superAdmin, admin.id)).email).toBe(admin.email);
    expect((await card(superAdmin, superAdmin.id)).email).toBe(superAdmin.email);
  });

  it('shows a private profile only to itself, to members of a shared organization and to administrators', async () => {
    const ada = await server.quickUser();
    await ada.client.put('/cm-api/api/users/self', { private: true });
    const stranger = await server.quickUser();
    const colleague = await server.quickUser();
    const admin = await server.createUser({ role: USER | SYSTEM_ADMINISTRATOR });

    expect((await stranger.client.get(`/cm-api/api/users/${ada.id}`)).status).toBe(404);
    expect((await stranger.client.get(`/cm-api/api/users/${ada.id}/picture`)).status).toBe(404);
    expect((await ada.client.get(`/cm-api/api/users/${ada.id}`)).status).toBe(200);
    expect((await admin.client.get(`/cm-api/api/users/${ada.id}`)).status).toBe(200);

    const org = await createOrganization(ada.client);
    await joinByInvitation(server, ada.client, org._id, colleague);
    expect((await colleague.client.get(`/cm-api/api/users/${ada.id}`)).status).toBe(200);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const ada = await server.quickUser();
    expect((await ada.client.get(`/cm-api/api/users/${crypto.randomUUID()}`)).status).toBe(404);
    const malformed = await ada.client.get('/cm-api/api/users/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('validation_failed');
  });
});
