/**
 * Rights on media: the caller's right, who has access, per-user rights (members' custom rights and
 * shares with users outside the organization), batch sharing, the members' default right, and the
 * mails that tell users their access changed. Also checks that the SQL rule of listings is the
 * policy's rule.
 */
import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_RIGHTS, RIGHT, RIGHT_LEVELS, rightLabel, zConversationUsers, zConversationsUsers } from '@palabre/shared';
import { conversationRights, conversations, memberships, organizations } from '../../src/db/schema.ts';
import { listReadable, rightSql } from '../../src/conversations/library/repo.ts';
import { apiKeyCap, conversationRight, organizationLevel, organizationWideRight } from '../../src/policy.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser, insertMedia } from '../harness/server.ts';

const API = '/cm-api/api';
const { read, comment, write, share, full } = RIGHT_LEVELS;

let server: TestServer;
let owner: TestUser; // owns the organization and its media
let admin: TestUser; // organization admin (role 3)
let member: TestUser; // plain member
let other: TestUser; // another plain member
let outsider: TestUser; // no organization in common
let outsider2: TestUser;
let stranger: TestUser; // owns another organization
let orgId: string;
let orgName: string;
let otherOrgId: string;

const seed = (values: Partial<typeof conversations.$inferInsert> = {}, organizationId = orgId, ownerId = owner.id) => insertMedia(server, { organizationId, ownerId, ...values });

async function customRight(conversationId: string, userId: string): Promise<number | null> {
  const [row] = await server.ctx.db
    .select({ right: conversationRights.right })
    .from(conversationRights)
    .where(and(eq(conversationRights.conversationId, conversationId), eq(conversationRights.userId, userId)));
  return row ? row.right : null;
}

const rightsOf = (user: TestUser, id: string) => user.client.get(`${API}/conversations/${id}/rights`);
const usersOf = (user: TestUser, id: string) => user.client.get(`${API}/conversations/${id}/users`);
const setRight = (user: TestUser, id: string, target: string, right: number) => user.client.put(`${API}/conversations/${id}/users/${target}`, { right });
const unset = (user: TestUser, id: string, target: string) => user.client.delete(`${API}/conversations/${id}/users/${target}`);
const shareMany = (user: TestUser, body: Record<string, unknown>) => user.client.post(`${API}/conversations/shared/access`, { organizationId: orgId, ...body });
const getMedia = (user: TestUser, id: string) => user.client.get(`${API}/conversations/${id}`);
const mailsTo = (user: TestUser) => server.mails(user.email);
const setPreferences = async (user: TestUser, emailNotifications: Record<string, boolean>) =>
  expect((await user.client.put(`${API}/users/self`, { emailNotifications })).status).toBe(200);

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.quickUser({ firstname: 'Olga', lastname: 'Owner' });
  admin = await server.quickUser({ firstname: 'Ada', lastname: 'Admin' });
  member = await server.quickUser({ firstname: 'Mia', lastname: 'Member' });
  other = await server.quickUser({ firstname: 'Otto', lastname: 'Other' });
  outsider = await server.quickUser({ firstname: 'Oscar', lastname: 'Outside' });
  outsider2 = await server.quickUser({ firstname: 'Olive', lastname: 'Outside' });
  stranger = await server.quickUser({ firstname: 'Sam', lastname: 'Stranger' });
  const org = await createOrganization(owner.client);
  orgId = org._id;
  orgName = org.name;
  otherOrgId = (await createOrganization(stranger.client))._id;
  await server.ctx.db.insert(memberships).values([
    { organizationId: orgId, userId: admin.id, role: 3 },
    { organizationId: orgId, userId: member.id, role: 1 },
    { organizationId: orgId, userId: other.id, role: 1 },
  ]);
});
afterAll(() => server?.close());

describe('GET /conversations/:id/rights', () => {
  it('answers the effective right, and 404 without read', async () => {
    const id = await seed({ membersRight: write });
    expect((await rightsOf(owner, id)).body).toEqual({ right: FULL_RIGHTS });
    expect((await rightsOf(admin, id)).body).toEqual({ right: FULL_RIGHTS });
    expect((await rightsOf(member, id)).body).toEqual({ right: write });
    expect((await rightsOf(outsider, id)).status).toBe(404);
    expect((await rightsOf(stranger, id)).status).toBe(404);
    expect((await rightsOf(member, crypto.randomUUID())).status).toBe(404);
    expect((await rightsOf(member, 'not-an-id')).status).toBe(400);
    const hidden = await seed({ membersRight: 0 });
    expect((await rightsOf(member, hidden)).status).toBe(404);
    const foreign = await seed({}, otherOrgId, stranger.id);
    expect((await rightsOf(owner, foreign)).status).toBe(404);
  });
});

describe('GET /conversations/:id/users', () => {
  it('lists every member with their right, role and owner flag, and the users it is shared with', async () => {
    const id = await seed({ membersRight: read });
    expect((await setRight(owner, id, outsider.id, comment)).status).toBe(200);
    expect((await setRight(owner, id, other.id, write)).status).toBe(200);
    const res = await usersOf(admin, id);
    expect(res.status).toBe(200);
    const body = zConversationUsers.parse(res.body);
    expect(body.membersRight).toBe(read);
    const byId = new Map(body.conversationUsers.organizationMembers.map((u) => [u._id, u]));
    expect(byId.size).toBe(4);
    expect(byId.get(owner.id)).toMatchObject({ right: FULL_RIGHTS, custom: false, role: 6, owner: true, email: owner.email });
    expect(byId.get(admin.id)).toMatchObject({ right: FULL_RIGHTS, custom: false, role: 3, owner: false });
    expect(byId.get(member.id)).toMatchObject({ right: read, custom: false, role: 1, owner: false });
    expect(byId.get(other.id)).toMatchObject({ right: write, custom: true, role: 1 });
    expect(body.conversationUsers.externalMembers).toEqual([expect.objectContaining({ _id: outsider.id, right: comment, custom: true, role: 0, owner: false })]);
    expect(res.body.conversationUsers.organizationMembers[0]).not.toHaveProperty('passwordHash');
    // Only those who may share see who has access: a reader or the outside user is refused, others do not see the media.
    expect((await usersOf(member, id)).status).toBe(403);
    expect((await usersOf(outsider, id)).status).toBe(403);
    expect((await usersOf(outsider2, id)).status).toBe(404);
    expect((await usersOf(stranger, id)).status).toBe(404);
  });
});

describe('POST /conversations/users', () => {
  const usersOfMany = (user: TestUser, conversations: unknown) => user.client.post(`${API}/conversations/users`, { conversations });

  it('lists who has access to each media of a selection, as the single list does, or tells nothing', async () => {
    const a = await seed({ membersRight: read });
    const b = await seed({ membersRight: comment });
    expect((await setRight(owner, a, outsider.id, comment)).status).toBe(200);
    await setRight(owner, a, member.id, share);
    await setRight(owner, b, member.id, share);

    const res = await usersOfMany(member, [b, a, b]);
    expect(res.status).toBe(200);
    const body = zConversationsUsers.parse(res.body);
    expect(body.conversations.map((c) => c.conversationId)).toEqual([b, a]);
    for (const listed of body.conversations) {
      const single = zConversationUsers.parse((await usersOf(owner, listed.conversationId)).body);
      expect({ conversationUsers: listed.conversationUsers, membersRight: listed.membersRight }).toEqual(single);
    }
    expect(body.conversations[1]!.conversationUsers.externalMembers.map((u) => u._id)).toEqual([outsider.id]);
    expect(body.conversations[0]!.membersRight).toBe(comment);

    // Without the share right on one of them: refused; a media not visible (another organization, unknown): not found.
    const c = await seed({ membersRight: read });
    expect((await usersOfMany(member, [a, c])).status).toBe(403);
    const foreign = await seed({}, otherOrgId, stranger.id);
    expect((await usersOfMany(member, [a, c, foreign])).status).toBe(404);
    expect((await usersOfMany(owner, [a, crypto.randomUUID()])).status).toBe(404);
    expect((await usersOfMany(outsider2, [a])).status).toBe(404);
    expect((await usersOfMany(owner, [])).status).toBe(400);
  });
});

describe('PUT /conversations/:id/users/:userId', () => {
  it('lets a sharer give a right up to their own, and refuses everything else', async () => {
    const id = await seed({ membersRight: read });
    // A reader cannot share at all.
    expect((await setRight(member, id, outsider.id, read)).status).toBe(403);
    expect((await setRight(member, id, outsider.id, read)).body.code).toBe('forbidden');
    // A member given "can share" shares up to that, never deletion.
    expect((await setRight(owner, id, member.id, share)).status).toBe(200);
    expect((await setRight(member, id, outsider.id, full)).status).toBe(403);
    expect((await setRight(member, id, outsider.id, share)).status).toBe(200);
    // Nor lowers or removes someone holding more than them.
    expect((await setRight(owner, id, other.id, full)).status).toBe(200);
    expect((await setRight(member, id, other.id, read)).status).toBe(403);
    expect((await member.client.delete(`${API}/conversations/${id}/users/${other.id}`)).status).toBe(403);
    expect(await customRight(id, other.id)).toBe(full);
    // Nobody changes the owner's, an admin's or their own right.
    expect((await setRight(member, id, owner.id, read)).status).toBe(403);
    expect((await setRight(member, id, admin.id, read)).status).toBe(403);
    expect((await setRight(member, id, member.id, read)).status).toBe(403);
    expect((await setRight(admin, id, owner.id, read)).status).toBe(403);
    // Unknown users, rights that are not a level, no right for a user outside the organization.
    expect((await setRight(owner, id, crypto.randomUUID(), read)).status).toBe(404);
    expect((await setRight(owner, id, outsider2.id, 0)).status).toBe(400);
    expect((await setRight(owner, id, outsider2.id, 3 + 16)).status).toBe(400);
    expect(await customRight(id, outsider2.id)).toBeNull();
    // Media one cannot see do not exist.
    expect((await setRight(stranger, id, outsider2.id, read)).status).toBe(404);
    const foreign = await seed({}, otherOrgId, stranger.id);
    expect((await setRight(owner, foreign, outsider2.id, read)).status).toBe(404);
  });

  it('lets a user outside the organization read a shared media without seeing the organization', async () => {
    const id = await seed({ name: 'Quarterly review', membersRight: read });
    expect((await getMedia(outsider2, id)).status).toBe(404);
    const res = await setRight(owner, id, outsider2.id, comment);
    expect(res.status).toBe(200);
    zConversationUsers.parse(res.body);
    expect(res.body.conversationUsers.externalMembers.map((u: any) => u._id)).toContain(outsider2.id);

    const media = await getMedia(outsider2, id);
    expect(media.status).toBe(200);
    expect(media.body.right).toBe(comment);
    expect(rightLabel(media.body.right)).toBe('comment');
    expect((await rightsOf(outsider2, id)).body.right).toBe(comment);
    expect((await outsider2.client.get(`${API}/organizations/${orgId}/conversations`)).status).toBe(404);
    // Comment is not write.
    expect((await outsider2.client.patch(`${API}/conversations/${id}`, { name: 'Renamed' })).status).toBe(403);

    const shared = await outsider2.client.get(`${API}/conversations/shared`);
    expect(shared.status).toBe(200);
    expect(shared.body.list.map((c: any) => c._id)).toContain(id);

    // Unsharing removes the access altogether.
    const removed = await unset(owner, id, outsider2.id);
    expect(removed.status).toBe(200);
    expect(removed.body.conversationUsers.externalMembers.map((u: any) => u._id)).not.toContain(outsider2.id);
    expect((await getMedia(outsider2, id)).status).toBe(404);
    expect((await rightsOf(outsider2, id)).status).toBe(404);
    expect((await outsider2.client.get(`${API}/conversations/shared`)).body.list.map((c: any) => c._id)).not.toContain(id);
  });

  it("lets a custom member right override the members' right both ways, and DELETE restores it", async () => {
    const open = await seed({ membersRight: write });
    expect((await setRight(owner, open, member.id, 0)).status).toBe(200);
    expect(await customRight(open, member.id)).toBe(0);
    expect((await getMedia(member, open)).status).toBe(404);
    expect((await member.client.get(`${API}/organizations/${orgId}/conversations?size=100`)).body.list.map((c: any) => c._id)).not.toContain(open);
    expect((await getMedia(other, open)).body.right).toBe(write);
    expect((await unset(owner, open, member.id)).status).toBe(200);
    expect((await getMedia(member, open)).body.right).toBe(write);

    const closed = await seed({ membersRight: 0 });
    expect((await getMedia(member, closed)).status).toBe(404);
    expect((await setRight(owner, closed, member.id, read)).status).toBe(200);
    expect((await getMedia(member, closed)).body.right).toBe(read);
    expect((await member.client.get(`${API}/organizations/${orgId}/conversations?size=100`)).body.list.map((c: any) => c._id)).toContain(closed);
    expect((await getMedia(other, closed)).status).toBe(404);
  });
});

describe('DELETE /conversations/:id/users/:userId', () => {
  it('needs the share right and may not touch the owner or an admin', async () => {
    const id = await seed({ membersRight: write });
    await setRight(owner, id, outsider.id, read);
    expect((await unset(member, id, outsider.id)).status).toBe(403);
    expect((await unset(stranger, id, outsider.id)).status).toBe(404);
    expect((await unset(owner, id, admin.id)).status).toBe(403);
    expect((await unset(admin, id, owner.id)).status).toBe(403);
    expect((await unset(owner, id, crypto.randomUUID())).status).toBe(404);
    expect(await customRight(id, outsider.id)).toBe(read);
    expect((await unset(admin, id, outsider.id)).status).toBe(200);
    expect(await customRight(id, outsider.id)).toBeNull();
  });
});

describe('PATCH /conversations/:id membersRight', () => {
  it("needs the share right and never goes above the caller's own right", async () => {
    const id = await seed({ membersRight: write });
    expect((await member.client.patch(`${API}/conversations/${id}`, { membersRight: read })).status).toBe(403);
    await setRight(owner, id, member.id, share);
    expect((await member.client.patch(`${API}/conversations/${id}`, { membersRight: full })).status).toBe(400);
    const res = await member.client.patch(`${API}/conversations/${id}`, { membersRight: read });
    expect(res.status).toBe(200);
    expect((await getMedia(other, id)).body.right).toBe(read);
    expect((await usersOf(owner, id)).body.membersRight).toBe(read);
  });
});

describe('POST /conversations/shared/access', () => {
  it('shares every media with every user, or nothing', async () => {
    const a = await seed({ membersRight: read });
    const b = await seed({ membersRight: read });
    const c = await seed({ membersRight: read });
    await setRight(owner, a, member.id, share);
    await setRight(owner, b, member.id, share);
    const targets = [
      { userId: outsider.id, right: read },
      { userId: outsider2.id, right: comment },
    ];

    // The member cannot share c: nothing is shared.
    let res = await shareMany(member, { conversations: [a, b, c], users: targets });
    expect(res.status).toBe(403);
    for (const id of [a, b, c]) expect(await customRight(id, outsider.id)).toBeNull();
    // A media of another organization, or unknown: not found, nothing shared.
    const foreign = await seed({}, otherOrgId, stranger.id);
    expect((await shareMany(owner, { conversations: [a, foreign], users: targets })).status).toBe(404);
    expect((await shareMany(owner, { conversations: [a, crypto.randomUUID()], users: targets })).status).toBe(404);
    expect((await shareMany(owner, { organizationId: otherOrgId, conversations: [foreign], users: targets })).status).toBe(404);
    // A media hidden from the caller is not found either.
    const hidden = await seed({ membersRight: 0 });
    expect((await shareMany(member, { conversations: [a, hidden], users: targets })).status).toBe(404);
    // A right above the caller's, or given to an admin: refused for all.
    expect((await shareMany(member, { conversations: [a, b], users: [...targets, { userId: other.id, right: full }] })).status).toBe(403);
    expect((await shareMany(member, { conversations: [a, b], users: [...targets, { userId: admin.id, right: read }] })).status).toBe(403);
    expect((await shareMany(member, { conversations: [a, b], users: [...targets, { userId: owner.id, right: read }] })).status).toBe(403);
    expect((await shareMany(member, { conversations: [a, b], users: [...targets, { userId: crypto.randomUUID(), right: read }] })).status).toBe(404);
    expect((await shareMany(member, { conversations: [a, b], users: [{ userId: outsider.id, right: 0 }] })).status).toBe(400);
    expect((await shareMany(member, { conversations: [a], users: [] })).status).toBe(400);
    for (const id of [a, b]) {
      expect(await customRight(id, outsider.id)).toBeNull();
      expect(await customRight(id, outsider2.id)).toBeNull();
      expect(await customRight(id, other.id)).toBeNull();
    }

    res = await shareMany(member, { conversations: [a, b], users: targets });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ shared: 4 });
    for (const id of [a, b]) {
      expect((await getMedia(outsider, id)).body.right).toBe(read);
      expect((await getMedia(outsider2, id)).body.right).toBe(comment);
    }
    expect((await getMedia(outsider, c)).status).toBe(404);
  });
});

describe('mails', () => {
  it('tells a user their access was given, changed and taken, as their preferences allow', async () => {
    const user = await server.quickUser({ firstname: 'Nina', lastname: 'Notified' });
    const id = await seed({ name: 'Board meeting', membersRight: read });
    const before = mailsTo(user).length;

    await setRight(owner, id, user.id, read);
    let mails = mailsTo(user).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Board meeting');
    expect(mails[0]!.text).toContain('Board meeting');
    expect(mails[0]!.text).toContain(orgName);
    expect(mails[0]!.text).toContain(`${server.url}/interface/conversations/${id}`);

    // Same right again: nothing changes, no mail.
    await setRight(owner, id, user.id, read);
    expect(mailsTo(user).slice(before)).toHaveLength(1);

    await setRight(owner, id, user.id, write);
    mails = mailsTo(user).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('Your rights on "Board meeting" changed');
    expect(mails[1]!.text).toContain(`/interface/conversations/${id}`);

    await unset(owner, id, user.id);
    mails = mailsTo(user).slice(before);
    expect(mails).toHaveLength(3);
    expect(mails[2]!.subject).toBe('You no longer have access to "Board meeting"');
    expect(mails[2]!.text).toContain(`${server.url}/interface/shared`);
    // The one who shared is never told.
    expect(mailsTo(owner).some((m) => m.subject.includes('Board meeting'))).toBe(false);

    await setPreferences(user, { mediaShared: false, mediaUnshared: false });
    await setRight(owner, id, user.id, read);
    await setRight(owner, id, user.id, comment);
    await unset(owner, id, user.id);
    mails = mailsTo(user).slice(before);
    expect(mails).toHaveLength(4);
    expect(mails[3]!.subject).toContain('Your rights on');

    await setPreferences(user, { mediaRightsUpdated: false });
    await shareMany(owner, { conversations: [id], users: [{ userId: user.id, right: read }] });
    await setRight(owner, id, user.id, write);
    expect(mailsTo(user).slice(before)).toHaveLength(4);
  });

  it("writes in the recipient's language and reports a member losing or regaining access", async () => {
    const user = await server.quickUser({ firstname: 'Fanny', lastname: 'Française' });
    expect((await user.client.put(`${API}/users/self`, { locale: 'fr-FR' })).status).toBe(200);
    const id = await seed({ name: 'Réunion', membersRight: read });
    await server.ctx.db.insert(memberships).values({ organizationId: orgId, userId: user.id, role: 1 });
    const before = mailsTo(user).length;
    // A member already reads it through the members' right: a custom right is a change, not a share.
    await setRight(owner, id, user.id, write);
    await setRight(owner, id, user.id, 0);
    await unset(owner, id, user.id);
    const mails = mailsTo(user).slice(before);
    expect(mails.map((m) => m.subject)).toEqual([
      'Vos droits sur « Réunion » ont changé',
      "Vous n'avez plus accès à « Réunion »",
      expect.stringContaining('« Réunion » a été partagé avec vous'),
    ]);
    // The same right through the custom right as through the members' right: no mail.
    await setRight(owner, id, user.id, read);
    expect(mailsTo(user).slice(before)).toHaveLength(3);
  });
});

describe('the SQL rule of listings', () => {
  it("equals the policy rule for every combination of ownership, level, custom right and members' right", async () => {
    const viewer = await server.quickUser();
    const levels = [0, 1, 2, 3, 6];
    const customs: Array<number | null> = [null, 0, 1, 7, 23, 31];
    const membersRights = [0, 1, 3, 7];
    const expected = new Map<string, number>();
    const matrixOrgs: string[] = [];
    const matrix: Array<{ id: string; org: { id: string; ownerId: string }; stored: number | null; media: { ownerId: string; membersRight: number }; custom: number | null }> = [];
    for (const level of levels) {
      // One organization per level: the viewer owns it (6), is a member with that role, or neither (0).
      const [org] = await server.ctx.db
        .insert(organizations)
        .values({
          name: `Matrix ${level} ${crypto.randomBytes(3).toString('hex')}`,
          ownerId: level === 6 ? viewer.id : owner.id,
          permissions: { upload: true, summary: true, session: true },
        })
        .returning();
      matrixOrgs.push(org!.id);
      if (level >= 1 && level < 6) await server.ctx.db.insert(memberships).values({ organizationId: org!.id, userId: viewer.id, role: level });
      const effectiveLevel = organizationLevel({ id: viewer.id, role: 1 }, org!, level >= 1 && level < 6 ? level : null);
      expect(effectiveLevel).toBe(level);
      for (const mediaOwner of [true, false]) {
        for (const custom of customs) {
          for (const membersRight of membersRights) {
            const id = await seed({ membersRight }, org!.id, mediaOwner ? viewer.id : owner.id);
            if (custom !== null) await server.ctx.db.insert(conversationRights).values({ conversationId: id, userId: viewer.id, right: custom });
            expected.set(id, conversationRight({ id: viewer.id, role: 1 }, { ownerId: mediaOwner ? viewer.id : owner.id, membersRight }, level, custom));
            matrix.push({ id, org: org!, stored: level >= 1 && level < 6 ? level : null, media: { ownerId: mediaOwner ? viewer.id : owner.id, membersRight }, custom });
          }
        }
      }
    }
    expect(expected.size).toBe(levels.length * 2 * customs.length * membersRights.length);
    // Through the listing: every readable media, with the SQL right.
    const listed = new Map<string, number>();
    for (const organizationId of matrixOrgs) {
      const { rows } = await listReadable(server.ctx.db, viewer.id, { kind: 'organization', organizationId }, { page: 0, size: 1000, sortField: 'created', descending: false });
      for (const row of rows) listed.set(row.id, row.right);
      // As the service lists it: with the right the policy gives on every media of the organization, if any.
      const level = levels[matrixOrgs.indexOf(organizationId)]!;
      const wideRight = organizationWideRight({ id: viewer.id, role: 1 }, level);
      const asServed = await listReadable(
        server.ctx.db,
        viewer.id,
        { kind: 'organization', organizationId, wideRight },
        { page: 0, size: 1000, sortField: 'created', descending: false },
      );
      expect(asServed.rows.map((row) => [row.id, row.right])).toEqual(rows.map((row) => [row.id, row.right]));
    }
    let mismatches = 0;
    for (const [id, right] of expected) {
      if (right & RIGHT.READ) {
        if (listed.get(id) !== right) mismatches++;
      } else if (listed.has(id)) mismatches++;
    }
    expect(mismatches).toBe(0);
    // And every right itself, readable or not, straight from the SQL expression.
    const direct = await server.ctx.db
      .select({ id: conversations.id, right: rightSql(viewer.id) })
      .from(conversations)
      .innerJoin(organizations, eq(organizations.id, conversations.organizationId))
      .leftJoin(memberships, and(eq(memberships.organizationId, conversations.organizationId), eq(memberships.userId, viewer.id)))
      .leftJoin(conversationRights, and(eq(conversationRights.conversationId, conversations.id), eq(conversationRights.userId, viewer.id)));
    const sqlRights = new Map(direct.map((r) => [r.id, r.right]));
    const differences = [...expected].filter(([id, right]) => sqlRights.get(id) !== right);
    expect(differences).toEqual([]);
    // The same with an API key's cap (organization and platform keys, each role).
    const caps = [
      ...['reader', 'member', 'maintainer', 'admin'].flatMap((role) => [apiKeyCap({ organizationId: matrixOrgs[3]!, role }), apiKeyCap({ organizationId: matrixOrgs[4]!, role })]),
      ...['reader', 'user', 'administrator'].map((role) => apiKeyCap({ organizationId: null, role })),
    ];
    for (const cap of caps) {
      const user = { id: viewer.id, role: 1, cap };
      const capped = await server.ctx.db
        .select({ id: conversations.id, right: rightSql(viewer.id, cap) })
        .from(conversations)
        .innerJoin(organizations, eq(organizations.id, conversations.organizationId))
        .leftJoin(memberships, and(eq(memberships.organizationId, conversations.organizationId), eq(memberships.userId, viewer.id)))
        .leftJoin(conversationRights, and(eq(conversationRights.conversationId, conversations.id), eq(conversationRights.userId, viewer.id)))
        .where(inArray(conversations.id, [...expected.keys()]));
      const cappedRights = new Map(capped.map((r) => [r.id, r.right]));
      const cappedDifferences = matrix.filter((m) => cappedRights.get(m.id) !== conversationRight(user, m.media, organizationLevel(user, m.org, m.stored), m.custom));
      expect(cappedDifferences, JSON.stringify(cap)).toEqual([]);
      // The right on every media of an organization, where the policy gives one, is each media's right.
      const wideDifferences = matrix.filter((m) => {
        const level = organizationLevel(user, m.org, m.stored);
        const wide = organizationWideRight(user, level);
        return wide !== null && wide !== conversationRight(user, m.media, level, m.custom);
      });
      expect(wideDifferences, JSON.stringify(cap)).toEqual([]);
    }
  });
});
