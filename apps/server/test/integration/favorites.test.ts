/**
 * Favorites (stars) and the personal lists: GET /users/self/favorites and GET /conversations/shared,
 * with the filters of the organization list and only what the caller can still read.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHT_LEVELS, zConversationListItem, zFavorites } from '@palabre/shared';
import { tagCategories, conversationRights, type conversations, conversationTags, memberships, tags } from '../../src/db/schema.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser, insertMedia } from '../harness/server.ts';

const API = '/cm-api/api';
const { read, write } = RIGHT_LEVELS;

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let stranger: TestUser;
let orgId: string;
let otherOrgId: string;
const ids: Record<string, string> = {};

let tick = 0;
/** A processed media; each one later than the one before. */
async function seed(values: Partial<typeof conversations.$inferInsert> & { name: string }, organizationId = orgId, ownerId = owner.id): Promise<string> {
  tick += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, tick));
  return insertMedia(server, { organizationId, ownerId, createdAt: at, updatedAt: at, ...values });
}

const star = (user: TestUser, id: string) => user.client.put(`${API}/users/self/favorites/${id}`);
const unstar = (user: TestUser, id: string) => user.client.delete(`${API}/users/self/favorites/${id}`);
const favorites = (user: TestUser, query = '') => user.client.get(`${API}/users/self/favorites?${query}`);
const shared = (user: TestUser, query = '') => user.client.get(`${API}/conversations/shared?${query}`);
const names = (res: { body: any }) => (res.body.list as Array<{ name: string }>).map((c) => c.name);

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.quickUser();
  member = await server.quickUser();
  outsider = await server.quickUser();
  stranger = await server.quickUser();
  orgId = (await createOrganization(owner.client))._id;
  otherOrgId = (await createOrganization(stranger.client))._id;
  await server.ctx.db.insert(memberships).values({ organizationId: orgId, userId: member.id, role: 1 });
  ids.alpha = await seed({ name: 'Alpha lecture', membersRight: read });
  ids.beta = await seed({ name: 'Beta interview', membersRight: write });
  ids.gamma = await seed({ name: 'Gamma notes', membersRight: read });
  ids.hidden = await seed({ name: 'Hidden draft', membersRight: 0 });
  ids.foreign = await seed({ name: 'Foreign report' }, otherOrgId, stranger.id);
  ids.strangerShared = await seed({ name: 'Stranger shared' }, otherOrgId, stranger.id);
});
afterAll(() => server?.close());

describe('PUT and DELETE /users/self/favorites/:id', () => {
  it('stars a readable media and answers every favorite, newest first; GET /users/self has them', async () => {
    let res = await star(member, ids.alpha!);
    expect(res.status).toBe(200);
    expect(zFavorites.parse(res.body)).toEqual({ favorites: [ids.alpha] });
    // Starring twice is harmless.
    expect((await star(member, ids.alpha!)).body.favorites).toEqual([ids.alpha]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    res = await star(member, ids.beta!);
    expect(res.body.favorites).toEqual([ids.beta, ids.alpha]);
    expect((await member.client.get(`${API}/users/self`)).body.favorites).toEqual([ids.beta, ids.alpha]);
    expect((await member.client.get(`${API}/conversations/${ids.alpha}`)).body.favorite).toBe(true);
    expect((await owner.client.get(`${API}/conversations/${ids.alpha}`)).body.favorite).toBe(false);
  });

  it('does not star what the caller cannot read', async () => {
    expect((await star(member, ids.hidden!)).status).toBe(404);
    expect((await star(member, ids.foreign!)).status).toBe(404);
    expect((await star(outsider, ids.alpha!)).status).toBe(404);
    expect((await star(member, crypto.randomUUID())).status).toBe(404);
    expect((await star(member, 'nope')).status).toBe(400);
    expect((await member.client.get(`${API}/users/self`)).body.favorites).not.toContain(ids.hidden);
  });

  it('unstars, even a media no longer readable, and 404 only when neither starred nor readable', async () => {
    const id = await seed({ name: 'Soon closed', membersRight: read });
    await star(member, id);
    await server.ctx.db.insert(conversationRights).values({ conversationId: id, userId: member.id, right: 0 });
    // No longer readable: not listed, but the star can still go.
    expect(names(await favorites(member, 'size=100'))).not.toContain('Soon closed');
    const res = await unstar(member, id);
    expect(res.status).toBe(200);
    expect(res.body.favorites).not.toContain(id);
    expect((await unstar(member, id)).status).toBe(404);
    // Readable but not starred: nothing to do.
    expect((await unstar(member, ids.gamma!)).status).toBe(200);
    expect((await unstar(member, ids.foreign!)).status).toBe(404);
    expect((await unstar(outsider, ids.alpha!)).status).toBe(404);
  });
});

describe('GET /users/self/favorites', () => {
  it("lists the readable favorites with the organization list's filters and sort", async () => {
    const user = await server.quickUser();
    await server.ctx.db.insert(memberships).values({ organizationId: orgId, userId: user.id, role: 1 });
    for (const id of [ids.alpha!, ids.beta!, ids.gamma!]) expect((await star(user, id)).status).toBe(200);
    let res = await favorites(user, 't=123');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    for (const item of res.body.list) {
      zConversationListItem.parse(item);
      expect(item.favorite).toBe(true);
    }
    res = await favorites(user, 'sortField=name&sortCriteria=1');
    expect(names(res)).toEqual(['Alpha lecture', 'Beta interview', 'Gamma notes']);
    res = await favorites(user, 'sortField=name&sortCriteria=-1&size=2&page=0');
    expect(res.body.count).toBe(3);
    expect(names(res)).toEqual(['Gamma notes', 'Beta interview']);
    expect(names(await favorites(user, 'name=interv'))).toEqual(['Beta interview']);
    expect(names(await favorites(user, 'text=gamma'))).toEqual(['Gamma notes']);
    expect((await favorites(user, `organizationId=${orgId}`)).body.count).toBe(3);
    expect((await favorites(user, `organizationId=${otherOrgId}`)).body.count).toBe(0);
    expect((await favorites(user, 'organizationId=nope')).status).toBe(400);

    // Tags: all the listed ones, or none.
    const [category] = await server.ctx.db
      .insert(tagCategories)
      .values({ organizationId: orgId, name: `Topics ${tick}`, color: 'blue' })
      .returning();
    const [tag] = await server.ctx.db.insert(tags).values({ organizationId: orgId, categoryId: category!.id, name: 'Science' }).returning();
    await server.ctx.db.insert(conversationTags).values({ conversationId: ids.alpha!, tagId: tag!.id });
    expect(names(await favorites(user, `tags=${tag!.id}`))).toEqual(['Alpha lecture']);
    expect(names(await favorites(user, 'filter=notags&sortField=name&sortCriteria=1'))).toEqual(['Beta interview', 'Gamma notes']);

    // A favorite the user can no longer read drops out of the list.
    await server.ctx.db.insert(conversationRights).values({ conversationId: ids.gamma!, userId: user.id, right: 0 });
    expect(names(await favorites(user, 'size=100'))).not.toContain('Gamma notes');
    expect((await favorites(user)).body.count).toBe(2);
  });
});

describe('GET /users/self/favorites across organizations', () => {
  it("lists starred media of the caller's organization and media shared from others, with search, tags, sort and pages", async () => {
    const user = await server.quickUser();
    await server.ctx.db.insert(memberships).values({ organizationId: orgId, userId: user.id, role: 1 });
    const guestOnly = await server.quickUser();
    const sharedId = await seed({ name: 'Delta shared' }, otherOrgId, stranger.id);
    for (const reader of [user, guestOnly]) {
      expect((await stranger.client.put(`${API}/conversations/${sharedId}/users/${reader.id}`, { right: read })).status).toBe(200);
      expect((await star(reader, sharedId)).status).toBe(200);
    }
    for (const id of [ids.alpha!, ids.beta!]) expect((await star(user, id)).status).toBe(200);

    // Without organizationId: every readable favorite, whatever its organization.
    expect(names(await favorites(user, 'sortField=name&sortCriteria=1'))).toEqual(['Alpha lecture', 'Beta interview', 'Delta shared']);
    let res = await favorites(user, 'sortField=name&sortCriteria=-1&size=2&page=1');
    expect(res.body.count).toBe(3);
    expect(names(res)).toEqual(['Alpha lecture']);
    expect(names(await favorites(user, 'text=delta'))).toEqual(['Delta shared']);
    // A user in no organization sees the shared media they starred.
    res = await favorites(guestOnly);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Delta shared']);
    expect(res.body.list[0].right).toBe(read);

    // Tag criteria apply to media of any organization.
    const [category] = await server.ctx.db
      .insert(tagCategories)
      .values({ organizationId: otherOrgId, name: `Shared topics ${tick}`, color: 'red' })
      .returning();
    const [tag] = await server.ctx.db.insert(tags).values({ organizationId: otherOrgId, categoryId: category!.id, name: 'Report' }).returning();
    await server.ctx.db.insert(conversationTags).values({ conversationId: sharedId, tagId: tag!.id });
    expect(names(await favorites(user, `tags=${tag!.id}`))).toEqual(['Delta shared']);
    expect(names(await favorites(user, 'filter=notags&sortField=name&sortCriteria=1'))).not.toContain('Delta shared');

    // Unshared: gone from the list.
    expect((await stranger.client.delete(`${API}/conversations/${sharedId}/users/${guestOnly.id}`)).status).toBe(200);
    expect((await favorites(guestOnly)).body.count).toBe(0);
  });
});

describe('GET /conversations/shared', () => {
  it('lists the media the caller reads through a per-user right, across organizations', async () => {
    expect((await shared(outsider)).body).toMatchObject({ count: 0, list: [] });
    expect((await owner.client.put(`${API}/conversations/${ids.alpha}/users/${outsider.id}`, { right: read })).status).toBe(200);
    expect((await stranger.client.put(`${API}/conversations/${ids.strangerShared}/users/${outsider.id}`, { right: write })).status).toBe(200);
    let res = await shared(outsider, 'sortField=name&sortCriteria=1');
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Alpha lecture', 'Stranger shared']);
    expect(res.body.list.map((c: any) => c.right)).toEqual([read, write]);
    res = await shared(outsider, `organizationId=${otherOrgId}`);
    expect(names(res)).toEqual(['Stranger shared']);
    expect(names(await shared(outsider, 'name=lect'))).toEqual(['Alpha lecture']);
    // The shared media can be starred and appears in favorites.
    expect((await star(outsider, ids.alpha!)).status).toBe(200);
    expect(names(await favorites(outsider))).toEqual(['Alpha lecture']);
    // A member's custom right counts as shared with them; the members' right does not.
    expect(names(await shared(member))).toEqual([]);
    expect((await owner.client.put(`${API}/conversations/${ids.hidden}/users/${member.id}`, { right: read })).status).toBe(200);
    expect(names(await shared(member))).toEqual(['Hidden draft']);
    // A custom "no access" is not a share.
    expect((await owner.client.put(`${API}/conversations/${ids.beta}/users/${member.id}`, { right: 0 })).status).toBe(200);
    expect(names(await shared(member))).toEqual(['Hidden draft']);
    // Unshared: gone from the list, and from favorites.
    expect((await owner.client.delete(`${API}/conversations/${ids.alpha}/users/${outsider.id}`)).status).toBe(200);
    expect(names(await shared(outsider))).toEqual(['Stranger shared']);
    expect((await favorites(outsider)).body.count).toBe(0);
  });

  it('needs a signed-in user', async () => {
    expect((await server.client().get(`${API}/conversations/shared`)).status).toBe(401);
    expect((await server.client().get(`${API}/users/self/favorites`)).status).toBe(401);
  });
});
