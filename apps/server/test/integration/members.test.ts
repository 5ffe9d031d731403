/** Organization members: invitations, roles and their limits, removal, joining by email domain. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, linkIn, startTestServer, uniqueEmail, joinByInvitation, markVerified, type TestServer, type TestUser } from '../harness/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const orgPath = (id: string) => `/cm-api/api/organizations/${id}`;
const usersPath = (id: string) => `/cm-api/api/organizations/${id}/users`;
const roleOf = (org: { users: Array<{ _id: string; role: number }> }, id: string) => org.users.find((u) => u._id === id)?.role;
const randomDomain = () => `corp-${crypto.randomUUID().slice(0, 8)}.test`;

async function team() {
  const owner = await server.quickUser();
  const org = await createOrganization(owner.client);
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

describe('POST /cm-api/api/organizations/:id/users (invite)', () => {
  it('invites an existing user with the default role 1: pending until they accept, told by mail', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const bob = await server.quickUser();
    const response = await owner.client.post(usersPath(org._id), { email: bob.email.toUpperCase() });
    expect(response.status).toBe(201);
    expect(roleOf(response.body, bob.id)).toBeUndefined();
    expect(response.body.invitations).toEqual([{ email: bob.email, role: 1, state: 'pending' }]);
    expect(server.lastMail(bob.email).subject).toContain(org.name);
    expect((await bob.client.get('/cm-api/api/organizations')).body.count).toBe(0);
    expect((await bob.client.get(orgPath(org._id))).status).toBe(404);
  });

  it('refuses to invite someone who is already a member', async () => {
    const { org, owner, member } = await team();
    const response = await owner.client.post(usersPath(org._id), { email: member.email });
    expect(response.status).toBe(409);
    expect(response.body.fields).toEqual({ email: 'error.already_member' });
  });

  it('keeps an unknown address as a pending invitation, which the account accepts once its address is verified', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const email = uniqueEmail('newcomer');
    const response = await owner.client.post(usersPath(org._id), { email, role: 2 });
    expect(response.status).toBe(201);
    expect(response.body.invitations).toEqual([{ email, role: 2, state: 'pending' }]);
    const link = linkIn(server.lastMail(email));
    expect(link.pathname).toBe('/create-account');
    expect(link.searchParams.get('email')).toBe(email);

    // Signing up with an address proves nothing: the invitee accepts the invitation themselves.
    const newcomer = await server.signUp({ email });
    expect((await newcomer.client.get(orgPath(org._id))).status).toBe(404);
    await markVerified(server, newcomer.id);
    expect((await newcomer.client.post(`/cm-api/api/users/self/invitations/${org._id}/accept`)).status).toBe(200);
    const seen = await newcomer.client.get(orgPath(org._id));
    expect(seen.status).toBe(200);
    expect(seen.body.myRole).toBe(2);
    expect(seen.body.invitations).toEqual([]);
  });

  it('lets an invitation be cancelled before sign-up', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const email = uniqueEmail('cancelled');
    await owner.client.post(usersPath(org._id), { email });
    const cancelled = await owner.client.delete(`${orgPath(org._id)}/invitations`, { email });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.invitations).toEqual([]);
    const late = await server.signUp({ email });
    expect((await late.client.get(orgPath(org._id))).status).toBe(404);
  });

  it('lets maintainers invite up to their own role, and refuses members', async () => {
    const { org, maintainer, member } = await team();
    const [x, y, z] = [await server.quickUser(), await server.quickUser(), await server.quickUser()];
    expect((await maintainer.client.post(usersPath(org._id), { email: x.email, role: 2 })).status).toBe(201);
    const tooHigh = await maintainer.client.post(usersPath(org._id), { email: y.email, role: 3 });
    expect(tooHigh.status).toBe(403);
    const byMember = await member.client.post(usersPath(org._id), { email: z.email });
    expect(byMember.status).toBe(403);
    expect((await z.client.get(orgPath(org._id))).status).toBe(404);
    expect((await member.client.delete(`${orgPath(org._id)}/invitations`, { email: y.email })).status).toBe(403);
  });

  it('never invites as owner', async () => {
    const { org, owner } = await team();
    const other = await server.quickUser();
    expect((await owner.client.post(usersPath(org._id), { email: other.email, role: 6 })).status).toBe(400);
  });

  it('mails the invitation even to someone who switched membership notices off: it asks for an answer', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const quiet = await server.quickUser();
    await quiet.client.put('/cm-api/api/users/self', { emailNotifications: { organizationJoined: false } });
    expect((await owner.client.post(usersPath(org._id), { email: quiet.email })).status).toBe(201);
    expect(server.mails(quiet.email)).toHaveLength(1);
  });

  it('answers 404 for an organization the caller does not belong to or that does not exist', async () => {
    const { org } = await team();
    const stranger = await server.quickUser();
    const target = await server.quickUser();
    expect((await stranger.client.post(usersPath(org._id), { email: target.email })).status).toBe(404);
    expect((await stranger.client.post(usersPath(crypto.randomUUID()), { email: target.email })).status).toBe(404);
    expect((await stranger.client.post(usersPath('not-an-id'), { email: target.email })).status).toBe(400);
    expect((await target.client.get('/cm-api/api/organizations')).body.count).toBe(0);
  });
});

describe('PATCH /cm-api/api/organizations/:id/users (change role)', () => {
  const setRole = (client: TestUser['client'], orgId: string, userId: string, role: number) => client.patch(usersPath(orgId), { userId, role });

  it('lets the owner promote a member to admin, and tells the member', async () => {
    const { org, owner, member } = await team();
    const response = await setRole(owner.client, org._id, member.id, 3);
    expect(response.status).toBe(200);
    expect(roleOf(response.body, member.id)).toBe(3);
    expect(server.lastMail(member.email).subject).toMatch(/role/i);
    expect((await member.client.get(orgPath(org._id))).body.abilities.manageMembers).toBe(true);
  });

  it('lets an admin change members and maintainers', async () => {
    const { org, admin, member, maintainer } = await team();
    expect((await setRole(admin.client, org._id, member.id, 2)).status).toBe(200);
    expect((await setRole(admin.client, org._id, maintainer.id, 1)).status).toBe(200);
  });

  it('does not let a maintainer promote anyone to admin, nor change roles at all', async () => {
    const { org, maintainer, member } = await team();
    const response = await setRole(maintainer.client, org._id, member.id, 3);
    expect(response.status).toBe(403);
    expect((await setRole(maintainer.client, org._id, member.id, 2)).status).toBe(403);
    expect((await member.client.get(orgPath(org._id))).body.myRole).toBe(1);
  });

  it('does not let an admin touch the owner or another admin', async () => {
    const { org, owner, admin } = await team();
    const otherAdmin = await server.quickUser();
    await joinByInvitation(server, owner.client, org._id, otherAdmin, 3);
    expect((await setRole(admin.client, org._id, owner.id, 1)).status).toBe(403);
    expect((await setRole(admin.client, org._id, otherAdmin.id, 1)).status).toBe(403);
    const seen = await owner.client.get(orgPath(org._id));
    expect(roleOf(seen.body, owner.id)).toBe(6);
    expect(roleOf(seen.body, otherAdmin.id)).toBe(3);
  });

  it('does not let the owner demote themselves', async () => {
    const { org, owner } = await team();
    expect((await setRole(owner.client, org._id, owner.id, 3)).status).toBe(403);
  });

  it('refuses a role that does not exist and a user who is not a member', async () => {
    const { org, owner, member } = await team();
    const outsider = await server.quickUser();
    expect((await setRole(owner.client, org._id, member.id, 6)).status).toBe(400);
    expect((await setRole(owner.client, org._id, member.id, 4)).status).toBe(400);
    expect((await setRole(owner.client, org._id, outsider.id, 2)).status).toBe(404);
    expect((await owner.client.patch(usersPath(org._id), { userId: member.id, role: 2, organizationId: org._id })).status).toBe(400);
  });
});

describe('DELETE /cm-api/api/organizations/:id/users (remove)', () => {
  const remove = (client: TestUser['client'], orgId: string, userId: string) => client.delete(usersPath(orgId), { userId });

  it('lets an admin remove a member, who loses access and is told by mail', async () => {
    const { org, admin, member } = await team();
    const response = await remove(admin.client, org._id, member.id);
    expect(response.status).toBe(200);
    expect(roleOf(response.body, member.id)).toBeUndefined();
    expect((await member.client.get(orgPath(org._id))).status).toBe(404);
    expect(server.lastMail(member.email).subject).toContain(org.name);
  });

  it('does not let an admin remove the owner or another admin, but lets the owner remove an admin', async () => {
    const { org, owner, admin } = await team();
    const otherAdmin = await server.quickUser();
    await joinByInvitation(server, owner.client, org._id, otherAdmin, 3);
    expect((await remove(admin.client, org._id, owner.id)).status).toBe(403);
    expect((await remove(admin.client, org._id, otherAdmin.id)).status).toBe(403);
    expect((await remove(owner.client, org._id, otherAdmin.id)).status).toBe(200);
    expect((await otherAdmin.client.get(orgPath(org._id))).status).toBe(404);
  });

  it('refuses maintainers and members, and the owner removing themselves', async () => {
    const { org, owner, maintainer, member } = await team();
    expect((await remove(maintainer.client, org._id, member.id)).status).toBe(403);
    expect((await remove(member.client, org._id, maintainer.id)).status).toBe(403);
    expect((await remove(owner.client, org._id, owner.id)).status).toBe(403);
  });

  it('answers 404 for someone who is not a member', async () => {
    const { org, owner } = await team();
    expect((await remove(owner.client, org._id, crypto.randomUUID())).status).toBe(404);
  });
});

describe('joining by email domain', () => {
  it('adds a new account to organizations whose matching domains cover its address, once verified', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const domain = randomDomain();
    await owner.client.patch(orgPath(org._id), { matchingEmails: [domain] });

    const colleague = await server.signUp({ email: uniqueEmail('colleague', domain) });
    expect((await colleague.client.get(orgPath(org._id))).status).toBe(404);
    expect(await server.verifyEmail(colleague.email)).toBe(200);
    const seen = await colleague.client.get(orgPath(org._id));
    expect(seen.status).toBe(200);
    expect(seen.body.myRole).toBe(1);
    const outsider = await server.signUp({ email: uniqueEmail('outsider', `sub.${domain}`) });
    expect(await server.verifyEmail(outsider.email)).toBe(200);
    expect((await outsider.client.get(orgPath(org._id))).status).toBe(404);
  });

  it('keeps an invitation pending when the invitee joins by domain', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const domain = randomDomain();
    await owner.client.patch(orgPath(org._id), { matchingEmails: [domain] });
    const email = uniqueEmail('invited', domain);
    await owner.client.post(usersPath(org._id), { email, role: 3 });
    const invited = await server.signUp({ email });
    expect((await invited.client.get(orgPath(org._id))).status).toBe(404);
    // Verifying the address joins by domain as a member; the invitation still waits for an answer.
    expect(await server.verifyEmail(email)).toBe(200);
    expect((await invited.client.get(orgPath(org._id))).body.myRole).toBe(1);
    expect((await owner.client.get(orgPath(org._id))).body.invitations).toEqual([{ email, role: 3, state: 'pending' }]);
    expect((await invited.client.post(`/cm-api/api/users/self/invitations/${org._id}/accept`)).body.myRole).toBe(3);
    expect((await invited.client.get(orgPath(org._id))).body.myRole).toBe(3);
  });
});

describe('POST /cm-api/api/administration/organizations/:id/inviteMatchingMail', () => {
  const path = (id: string) => `/cm-api/api/administration/organizations/${id}/inviteMatchingMail`;

  it('invites verified accounts whose address matches, once, after telling how many there are', async () => {
    const domain = randomDomain();
    const early = await server.quickUser({ email: uniqueEmail('early', domain) });
    await markVerified(server, early.id);
    const unverified = await server.signUp({ email: uniqueEmail('unverified', domain) });
    const other = await server.quickUser({ email: uniqueEmail('other', randomDomain()) });
    await markVerified(server, other.id);
    const { org, owner, admin } = await team();
    await owner.client.patch(orgPath(org._id), { matchingEmails: [domain] });

    expect((await admin.client.get(path(org._id))).body).toEqual({ count: 1 });
    const response = await admin.client.post(path(org._id));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ invited: 1, message: expect.any(String) });
    expect(roleOf(response.body.organization, early.id)).toBeUndefined();
    expect(response.body.organization.invitations).toEqual([{ email: early.email, role: 1, state: 'pending' }]);
    expect(server.lastMail(early.email).subject).toContain(org.name);
    expect(server.mails(unverified.email).filter((mail) => mail.subject.includes(org.name))).toHaveLength(0);
    expect(server.mails(other.email)).toHaveLength(0);

    expect((await admin.client.get(path(org._id))).body).toEqual({ count: 0 });
    expect((await admin.client.post(path(org._id))).body.invited).toBe(0);
    expect((await early.client.get(orgPath(org._id))).status).toBe(404);
  });

  it('is for organization admins: 403 for maintainers, 404 for strangers', async () => {
    const { org, maintainer } = await team();
    const stranger = await server.quickUser();
    expect((await maintainer.client.post(path(org._id))).status).toBe(403);
    expect((await maintainer.client.get(path(org._id))).status).toBe(403);
    expect((await stranger.client.post(path(org._id))).status).toBe(404);
    expect((await server.client().post(path(org._id))).status).toBe(401);
  });
});
