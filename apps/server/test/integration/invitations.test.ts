/**
 * Invitations from the invitee's side (pending until accepted, verified addresses only), who may
 * cancel them, their hourly budgets and mails, and what a member leaves behind on removal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_RIGHTS, zList, zPendingInvitation } from '@palabre/shared';
import { conversationRights } from '../../src/db/schema.ts';
import { createOrganization, insertMedia, joinByInvitation, markVerified, startTestServer, uniqueEmail, type TestServer, type TestUser } from '../harness/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const API = '/cm-api/api';
const usersPath = (id: string) => `${API}/organizations/${id}/users`;
const mine = (user: TestUser) => user.client.get(`${API}/users/self/invitations`);
const accept = (user: TestUser, orgId: string) => user.client.post(`${API}/users/self/invitations/${orgId}/accept`);
const decline = (user: TestUser, orgId: string) => user.client.post(`${API}/users/self/invitations/${orgId}/decline`);

async function team() {
  const owner = await server.quickUser({ firstname: 'Olga', lastname: 'Owner' });
  const org = await createOrganization(owner.client);
  const [admin, maintainer, member] = [await server.quickUser(), await server.quickUser(), await server.quickUser()];
  await joinByInvitation(server, owner.client, org._id, admin, 3);
  await joinByInvitation(server, owner.client, org._id, maintainer, 2);
  await joinByInvitation(server, owner.client, org._id, member, 1);
  return { org, owner, admin, maintainer, member };
}

describe('the invitee answers', () => {
  it('lists the pending invitation, and accepting makes them a member with the invited role', async () => {
    const { org, owner } = await team();
    const bob = await server.quickUser();
    await markVerified(server, bob.id);
    expect((await owner.client.post(usersPath(org._id), { email: bob.email, role: 2 })).status).toBe(201);

    const listed = await mine(bob);
    expect(listed.status).toBe(200);
    expect(zList(zPendingInvitation).parse(listed.body).list).toEqual([
      { organization: { _id: org._id, name: org.name }, role: 2, invitedBy: { firstname: 'Olga', lastname: 'Owner' }, created: expect.any(String) },
    ]);
    expect((await bob.client.get(`${API}/organizations/${org._id}`)).status).toBe(404);

    const accepted = await accept(bob, org._id);
    expect(accepted.status).toBe(200);
    expect(accepted.body.myRole).toBe(2);
    expect((await mine(bob)).body.count).toBe(0);
    expect((await owner.client.get(`${API}/organizations/${org._id}`)).body.invitations).toEqual([]);
    expect((await accept(bob, org._id)).status).toBe(404);
  });

  it('declining removes the invitation and joins nothing', async () => {
    const { org, owner } = await team();
    const bob = await server.quickUser();
    await markVerified(server, bob.id);
    await owner.client.post(usersPath(org._id), { email: bob.email });
    expect((await decline(bob, org._id)).status).toBe(204);
    expect((await mine(bob)).body.count).toBe(0);
    expect((await bob.client.get(`${API}/organizations/${org._id}`)).status).toBe(404);
    expect((await owner.client.get(`${API}/organizations/${org._id}`)).body.invitations).toEqual([]);
    expect((await accept(bob, org._id)).status).toBe(404);
  });

  it('needs a verified address: an unverified account sees no invitation and may not answer one', async () => {
    const { org, owner } = await team();
    const squatter = await server.signUp(); // a sign-up proves nothing about the address
    await owner.client.post(usersPath(org._id), { email: squatter.email });
    expect((await mine(squatter)).body).toEqual({ count: 0, list: [] });
    const refused = await accept(squatter, org._id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('email_not_verified');
    expect((await decline(squatter, org._id)).status).toBe(403);
    expect((await squatter.client.get(`${API}/organizations/${org._id}`)).status).toBe(404);
    expect((await owner.client.get(`${API}/organizations/${org._id}`)).body.invitations).toHaveLength(1);
  });

  it('answers only invitations to the caller: another organization is not found', async () => {
    const { org } = await team();
    const bob = await server.quickUser();
    await markVerified(server, bob.id);
    expect((await accept(bob, org._id)).status).toBe(404);
    expect((await accept(bob, crypto.randomUUID())).status).toBe(404);
    expect((await accept(bob, 'not-an-id')).status).toBe(400);
  });
});

describe('DELETE /organizations/:id/invitations (cancel)', () => {
  const cancel = (user: TestUser, orgId: string, email: string) => user.client.delete(`${API}/organizations/${orgId}/invitations`, { email });

  it("refuses a maintainer cancelling an admin's invitation, but lets them cancel their own and lower ones", async () => {
    const { org, owner, maintainer } = await team();
    const [toAdmin, toMember, byMaintainer] = [uniqueEmail('admin'), uniqueEmail('member'), uniqueEmail('mine')];
    await owner.client.post(usersPath(org._id), { email: toAdmin, role: 3 });
    await owner.client.post(usersPath(org._id), { email: toMember, role: 1 });
    await maintainer.client.post(usersPath(org._id), { email: byMaintainer, role: 2 });

    const refused = await cancel(maintainer, org._id, toAdmin);
    expect(refused.status).toBe(403);
    expect((await cancel(maintainer, org._id, toMember)).status).toBe(200);
    const done = await cancel(maintainer, org._id, byMaintainer);
    expect(done.status).toBe(200);
    expect(done.body.invitations).toEqual([{ email: toAdmin, role: 3, state: 'pending' }]);
    expect((await cancel(maintainer, org._id, uniqueEmail('nobody'))).status).toBe(404);
  });

  it('lets a maintainer cancel an invitation they sent even after being demoted', async () => {
    const { org, owner, maintainer } = await team();
    const email = uniqueEmail('sent');
    await maintainer.client.post(usersPath(org._id), { email, role: 2 });
    await owner.client.patch(usersPath(org._id), { userId: maintainer.id, role: 1 });
    expect((await cancel(maintainer, org._id, email)).status).toBe(403);
    await owner.client.patch(usersPath(org._id), { userId: maintainer.id, role: 2 });
    expect((await cancel(maintainer, org._id, email)).status).toBe(200);
  });
});

describe('invitation mails', () => {
  it('carry no text of the inviter: the body accepts an address and a role only', async () => {
    const { org, owner } = await team();
    const email = uniqueEmail('target');
    const message = await owner.client.post(usersPath(org._id), { email, role: 1, message: 'Click http://evil.example' });
    expect(message.status).toBe(400);
    expect(server.mails(email)).toHaveLength(0);

    await owner.client.post(usersPath(org._id), { email });
    const mail = server.lastMail(email);
    expect(mail.text).toContain(org.name);
    expect(mail.text).not.toContain('Olga');
  });
});

describe('signing up from an invitation link', () => {
  const linkOf = (text: string) => new URL(/https?:\/\/\S+\/create-account\?\S+/.exec(text)![0]);
  const fields = (email: string, invitation?: string) => ({ firstname: 'Iris', lastname: 'Invited', email, password: 'invited-1234', ...(invitation ? { invitation } : {}) });

  it('counts the invited address as verified: no confirmation mail, and the invitation is answered at once', async () => {
    const { org, owner } = await team();
    const email = uniqueEmail('invited');
    await owner.client.post(usersPath(org._id), { email, role: 2 });
    const link = linkOf(server.lastMail(email).text);
    expect(link.searchParams.get('email')).toBe(email);
    const invitation = link.searchParams.get('invitation')!;
    expect(invitation).toBeTruthy();

    const client = server.client();
    expect((await client.signUp(fields(email, invitation))).status).toBe(201);
    // Only the invitation mail: no second one asking to confirm the address.
    expect(server.mails(email)).toHaveLength(1);
    await client.login(email, 'invited-1234');
    expect((await client.get(`${API}/users/self`)).body.emailVerified).toBe(true);
    const listed = zList(zPendingInvitation).parse((await client.get(`${API}/users/self/invitations`)).body);
    expect(listed.list.map((i) => i.organization._id)).toEqual([org._id]);
    expect((await client.post(`${API}/users/self/invitations/${org._id}/accept`)).status).toBe(200);
  });

  it('vouches only for the invited address, and not with a forged token', async () => {
    const { org, owner } = await team();
    const email = uniqueEmail('invited');
    await owner.client.post(usersPath(org._id), { email });
    const invitation = linkOf(server.lastMail(email).text).searchParams.get('invitation')!;

    const other = uniqueEmail('someone-else');
    expect((await server.client().signUp(fields(other, invitation))).status).toBe(201);
    expect(server.lastMail(other).text).toContain('/verify-email?token=');

    const forged = `${org._id}.${'A'.repeat(43)}`;
    expect((await server.client().signUp(fields(email, forged))).status).toBe(201);
    expect(server.mails(email)).toHaveLength(2);
    expect(server.lastMail(email).text).toContain('/verify-email?token=');
  });
});

describe('removing a member', () => {
  it("hands the member's media to the owner: the former member cannot read them, the owner manages their rights", async () => {
    const { org, owner, admin, member } = await team();
    const id = await insertMedia(server, { organizationId: org._id, ownerId: member.id });
    const elsewhere = await insertMedia(server, { organizationId: org._id, ownerId: owner.id });
    await owner.client.put(`${API}/conversations/${elsewhere}/users/${member.id}`, { right: 7 });
    await server.ctx.db.insert(conversationRights).values({ conversationId: id, userId: owner.id, right: 1, grantedBy: member.id });

    expect((await admin.client.delete(usersPath(org._id), { userId: member.id })).status).toBe(200);
    expect((await member.client.get(`${API}/conversations/${id}`)).status).toBe(404);
    expect((await member.client.get(`${API}/conversations/${elsewhere}`)).status).toBe(404);
    expect((await owner.client.get(`${API}/conversations/${id}/rights`)).body).toEqual({ right: FULL_RIGHTS });

    // The owner shares it, then revokes it again: both are theirs to do now.
    const guest = await server.quickUser();
    expect((await owner.client.put(`${API}/conversations/${id}/users/${guest.id}`, { right: 1 })).status).toBe(200);
    expect((await owner.client.delete(`${API}/conversations/${id}/users/${guest.id}`)).status).toBe(200);
    const users = await owner.client.get(`${API}/conversations/${id}/users`);
    expect(users.status).toBe(200);
    expect(JSON.stringify(users.body)).not.toContain(member.id);
  });

  it('does the same when the member leaves', async () => {
    const { org, owner, member } = await team();
    const id = await insertMedia(server, { organizationId: org._id, ownerId: member.id });
    expect((await member.client.delete(`${API}/organizations/${org._id}/self`)).status).toBe(204);
    expect((await member.client.get(`${API}/conversations/${id}`)).status).toBe(404);
    expect((await owner.client.get(`${API}/conversations/${id}/rights`)).body).toEqual({ right: FULL_RIGHTS });
  });
});

describe('invitations turned off by whoever runs the server', () => {
  let closed: TestServer;
  beforeAll(async () => {
    closed = await startTestServer({ env: { INVITATIONS_DISABLED: 'true' } });
  });
  afterAll(() => closed?.close());

  it('refuses every invitation with invitations_disabled, sends no mail, and tells the web client to hide the form', async () => {
    expect((await closed.client().get(`${API}/config`)).body.invitationsDisabled).toBe(true);
    expect((await server.client().get(`${API}/config`)).body.invitationsDisabled).toBe(false);

    const owner = await closed.quickUser();
    const org = await createOrganization(owner.client);
    const email = uniqueEmail();
    const refused = await owner.client.post(usersPath(org._id), { email, role: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 'error', code: 'invitations_disabled' });
    expect((await owner.client.get(`${API}/organizations/${org._id}`)).body.invitations).toEqual([]);
    expect(closed.mails(email)).toEqual([]);

    // Inviting the accounts matching the organization's domains is an invitation too.
    expect((await owner.client.patch(`${API}/organizations/${org._id}`, { matchingEmails: ['example.org'] })).status).toBe(200);
    const matching = await owner.client.post(`${API}/administration/organizations/${org._id}/inviteMatchingMail`, {});
    expect(matching.body).toMatchObject({ code: 'invitations_disabled' });
  });
});
