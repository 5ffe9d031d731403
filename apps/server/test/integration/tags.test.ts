/**
 * Tag categories and tags of an organization (members read them and create tags, maintainers and
 * above manage them), tags on media (write right), and the library filters by tag.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATEGORY_COLORS, DEFAULT_CATEGORY, ORGANIZATION_ROLE, PLATFORM_ROLE, RIGHT, zCategory, zConversation, zTag } from '@palabre/shared';
import { type conversations, memberships } from '../../src/db/schema.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser, insertMedia } from '../harness/server.ts';

const API = '/cm-api/api';
let server: TestServer;
let owner: TestUser;
let maintainer: TestUser;
let member: TestUser;
let stranger: TestUser;
let orgId: string;
let otherOrgId: string;
const events: Array<{ organizationId: string; update: any }> = [];

const seedMedia = (name: string, values: Partial<typeof conversations.$inferInsert> = {}, organizationId = orgId, ownerId = owner.id) =>
  insertMedia(server, { organizationId, ownerId, name, requestedLanguage: 'en', ...values });

const categoriesOf = (user: TestUser, organizationId = orgId) => user.client.get(`${API}/organizations/${organizationId}/categories`);
const createCategory = (user: TestUser, body: unknown, organizationId = orgId) => user.client.post(`${API}/organizations/${organizationId}/categories`, body);
const createTag = (user: TestUser, body: unknown, organizationId = orgId) => user.client.post(`${API}/organizations/${organizationId}/tags`, body);
const tagMedia = (user: TestUser, conversationId: string, tagId: string) => user.client.post(`${API}/conversations/${conversationId}/tags/${tagId}`);
const untagMedia = (user: TestUser, conversationId: string, tagId: string) => user.client.delete(`${API}/conversations/${conversationId}/tags/${tagId}`);
const mediaTags = async (conversationId: string) => (await owner.client.get(`${API}/conversations/${conversationId}`)).body.tags as string[];

async function newCategory(name = `Cat ${crypto.randomBytes(3).toString('hex')}`, color = 'green', organizationId = orgId, user = owner) {
  const res = await createCategory(user, { name, color }, organizationId);
  expect(res.status).toBe(201);
  return res.body as { _id: string; name: string; color: string };
}
async function newTag(categoryId: string, name = `Tag ${crypto.randomBytes(3).toString('hex')}`, organizationId = orgId, user = owner) {
  const res = await createTag(user, { name, categoryId }, organizationId);
  expect(res.status).toBe(201);
  return res.body as { _id: string; name: string; categoryId: string };
}

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.events = { conversationChanged: (organizationId, update) => void events.push({ organizationId, update }) };
  owner = await server.quickUser();
  maintainer = await server.quickUser();
  member = await server.quickUser();
  stranger = await server.quickUser();
  orgId = (await createOrganization(owner.client))._id;
  otherOrgId = (await createOrganization(stranger.client))._id;
  await server.ctx.db.insert(memberships).values([
    { organizationId: orgId, userId: maintainer.id, role: ORGANIZATION_ROLE.MAINTAINER },
    { organizationId: orgId, userId: member.id, role: ORGANIZATION_ROLE.MEMBER },
  ]);
});
afterAll(() => server?.close());
beforeEach(() => {
  events.length = 0;
});

describe('default category', () => {
  it('every new organization starts with the default category, without tags', async () => {
    const res = await categoriesOf(stranger, otherOrgId);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    const [category] = res.body.list;
    expect(zCategory.parse(category)).toMatchObject({ name: DEFAULT_CATEGORY.name, color: DEFAULT_CATEGORY.color, organizationId: otherOrgId, tags: [] });
  });

  it('organizations created from the backoffice get it too', async () => {
    const admin = await server.quickUser({ role: PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    const res = await admin.client.post(`${API}/administration/organizations`, { name: `Backoffice ${crypto.randomBytes(3).toString('hex')}`, ownerEmail: stranger.email });
    expect(res.status).toBe(201);
    const categories = await categoriesOf(stranger, res.body._id);
    expect(categories.body.list.map((c: { name: string }) => c.name)).toEqual([DEFAULT_CATEGORY.name]);
  });
});

describe('GET /organizations/:id/categories', () => {
  it('lists categories with their tags sorted by name, to every member', async () => {
    const category = await newCategory('People', 'red');
    await newTag(category._id, 'zoe');
    await newTag(category._id, 'Alice');
    await newTag(category._id, 'bob');
    for (const user of [owner, maintainer, member]) {
      const res = await categoriesOf(user);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(res.body.list.length);
      const people = res.body.list.find((c: { _id: string }) => c._id === category._id);
      zCategory.parse(people);
      expect(people.color).toBe('red');
      expect(people.tags.map((t: { name: string }) => t.name)).toEqual(['Alice', 'bob', 'zoe']);
      for (const tag of people.tags) expect(tag).toMatchObject({ categoryId: category._id, organizationId: orgId });
    }
  });

  it('hides the categories of an organization the caller is not in (404)', async () => {
    expect((await categoriesOf(stranger)).status).toBe(404);
    expect((await categoriesOf(owner, otherOrgId)).status).toBe(404);
    expect((await categoriesOf(owner, crypto.randomUUID())).status).toBe(404);
  });

  it('needs a session', async () => {
    expect((await server.client().get(`${API}/organizations/${orgId}/categories`)).status).toBe(401);
  });
});

describe('POST /organizations/:id/categories', () => {
  it('creates a category (maintainers and above), 201 with no tags', async () => {
    for (const user of [owner, maintainer]) {
      const res = await createCategory(user, { name: `  Place ${user.id.slice(0, 6)}  `, color: 'teal' });
      expect(res.status).toBe(201);
      expect(zCategory.parse(res.body)).toMatchObject({ name: `Place ${user.id.slice(0, 6)}`, color: 'teal', organizationId: orgId, tags: [] });
    }
  });

  it('accepts every palette color and nothing else', async () => {
    for (const color of CATEGORY_COLORS) {
      const res = await createCategory(owner, { name: `Color ${color}`, color });
      expect(res.status).toBe(201);
      expect(res.body.color).toBe(color);
    }
    const bad = await createCategory(owner, { name: 'Purple things', color: 'purple' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    expect(bad.body.fields).toHaveProperty('color');
  });

  it('validates the name', async () => {
    const empty = await createCategory(owner, { name: '   ', color: 'blue' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ name: 'error.required' });
    const long = await createCategory(owner, { name: 'x'.repeat(51), color: 'blue' });
    expect(long.status).toBe(400);
    expect(long.body.fields).toHaveProperty('name');
    const extra = await createCategory(owner, { name: 'Extra', color: 'blue', organizationId: otherOrgId });
    expect(extra.status).toBe(400);
    expect((await createCategory(owner, { color: 'blue' })).status).toBe(400);
  });

  it('refuses a name already used in the organization, ignoring case (409)', async () => {
    await newCategory('Projects');
    const res = await createCategory(maintainer, { name: 'PROJECTS', color: 'gray' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
    expect(res.body.fields).toEqual({ name: 'error.name_exists' });
    const topics = await createCategory(owner, { name: DEFAULT_CATEGORY.name.toLowerCase(), color: 'gray' });
    expect(topics.status).toBe(409);
    // Another organization may use the same name.
    expect((await createCategory(stranger, { name: 'Projects', color: 'gray' }, otherOrgId)).status).toBe(201);
  });

  it('is refused to a plain member (403) and to outsiders (404)', async () => {
    const res = await createCategory(member, { name: 'Mine', color: 'blue' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect((await createCategory(stranger, { name: 'Mine', color: 'blue' })).status).toBe(404);
    expect((await createCategory(owner, { name: 'Mine', color: 'blue' }, otherOrgId)).status).toBe(404);
  });
});

describe('PATCH /organizations/:id/categories/:categoryId', () => {
  const patch = (user: TestUser, categoryId: string, body: unknown, organizationId = orgId) =>
    user.client.patch(`${API}/organizations/${organizationId}/categories/${categoryId}`, body);

  it('renames and recolors, keeping the tags', async () => {
    const category = await newCategory();
    const tag = await newTag(category._id, 'kept');
    const renamed = await patch(maintainer, category._id, { name: 'Renamed category' });
    expect(renamed.status).toBe(200);
    expect(zCategory.parse(renamed.body)).toMatchObject({ _id: category._id, name: 'Renamed category', color: 'green' });
    expect(renamed.body.tags.map((t: { _id: string }) => t._id)).toEqual([tag._id]);
    const recolored = await patch(owner, category._id, { color: 'orange' });
    expect(recolored.body).toMatchObject({ name: 'Renamed category', color: 'orange' });
    // Changing only the case of its own name is allowed.
    expect((await patch(owner, category._id, { name: 'RENAMED category' })).body.name).toBe('RENAMED category');
    expect((await patch(owner, category._id, {})).status).toBe(200);
  });

  it('validates and refuses names in use (409)', async () => {
    const category = await newCategory();
    await newCategory('Taken name');
    expect((await patch(owner, category._id, { color: 'magenta' })).status).toBe(400);
    const empty = await patch(owner, category._id, { name: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ name: 'error.required' });
    const taken = await patch(owner, category._id, { name: 'taken NAME' });
    expect(taken.status).toBe(409);
    expect(taken.body.fields).toEqual({ name: 'error.name_exists' });
  });

  it("is refused to a plain member (403); another organization's category is not found (404)", async () => {
    const category = await newCategory();
    expect((await patch(member, category._id, { name: 'No' })).status).toBe(403);
    expect((await patch(stranger, category._id, { name: 'No' })).status).toBe(404);
    const foreign = (await categoriesOf(stranger, otherOrgId)).body.list[0];
    // Through an organization the caller manages, a category of another one does not exist.
    expect((await patch(owner, foreign._id, { name: 'No' })).status).toBe(404);
    expect((await patch(owner, foreign._id, { name: 'No' }, otherOrgId)).status).toBe(404);
    expect((await patch(owner, crypto.randomUUID(), { name: 'No' })).status).toBe(404);
    expect((await patch(owner, 'not-an-id', { name: 'No' })).status).toBe(400);
  });
});

describe('DELETE /organizations/:id/categories/:categoryId', () => {
  const remove = (user: TestUser, categoryId: string, organizationId = orgId) => user.client.delete(`${API}/organizations/${organizationId}/categories/${categoryId}`);

  it('deletes the category, its tags, and their use on media', async () => {
    const category = await newCategory();
    const a = await newTag(category._id);
    const b = await newTag(category._id);
    const otherCategory = await newCategory();
    const kept = await newTag(otherCategory._id);
    const media = await seedMedia('Cascade');
    for (const tag of [a, b, kept]) expect((await tagMedia(owner, media, tag._id)).status).toBe(200);
    expect(await mediaTags(media)).toEqual([a._id, b._id, kept._id]);
    events.length = 0;

    const res = await remove(maintainer, category._id);
    expect(res.status).toBe(204);
    expect(await mediaTags(media)).toEqual([kept._id]);
    const list = (await categoriesOf(owner)).body.list as Array<{ _id: string; tags: Array<{ _id: string }> }>;
    expect(list.map((c) => c._id)).not.toContain(category._id);
    expect(list.flatMap((c) => c.tags.map((t) => t._id))).not.toContain(a._id);
    // The media that lost tags are announced.
    expect(events).toEqual([{ organizationId: orgId, update: { conversationId: media, kind: 'updated' } }]);
    // Gone: a second deletion and uses of its tags are not found.
    expect((await remove(owner, category._id)).status).toBe(404);
    expect((await tagMedia(owner, media, a._id)).status).toBe(404);
    expect((await createTag(owner, { name: 'Late', categoryId: category._id })).status).toBe(404);
  });

  it('is refused to a plain member (403) and to outsiders (404)', async () => {
    const category = await newCategory();
    expect((await remove(member, category._id)).status).toBe(403);
    expect((await remove(stranger, category._id)).status).toBe(404);
    expect((await remove(stranger, category._id, otherOrgId)).status).toBe(404);
    expect((await categoriesOf(owner)).body.list.map((c: { _id: string }) => c._id)).toContain(category._id);
  });
});

describe('POST /organizations/:id/tags', () => {
  it('any member creates a tag in a category of the organization', async () => {
    const category = await newCategory();
    const res = await createTag(member, { name: ' Urgent ', categoryId: category._id });
    expect(res.status).toBe(201);
    expect(zTag.parse(res.body)).toMatchObject({ name: 'Urgent', categoryId: category._id, organizationId: orgId });
    const listed = (await categoriesOf(member)).body.list.find((c: { _id: string }) => c._id === category._id);
    expect(listed.tags).toEqual([res.body]);
  });

  it('refuses a name already used in the category, ignoring case (409); other categories may reuse it', async () => {
    const category = await newCategory();
    await newTag(category._id, 'Draft');
    const res = await createTag(member, { name: 'dRAFT', categoryId: category._id });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
    expect(res.body.fields).toEqual({ name: 'error.name_exists' });
    const other = await newCategory();
    expect((await createTag(member, { name: 'draft', categoryId: other._id })).status).toBe(201);
  });

  it('validates the body', async () => {
    const category = await newCategory();
    const empty = await createTag(member, { name: '', categoryId: category._id });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ name: 'error.required' });
    expect((await createTag(member, { name: 'x'.repeat(51), categoryId: category._id })).status).toBe(400);
    expect((await createTag(member, { name: 'No category' })).status).toBe(400);
    expect((await createTag(member, { name: 'Bad id', categoryId: 'nope' })).status).toBe(400);
  });

  it('needs a category of that organization (404) and membership (404)', async () => {
    const foreign = (await categoriesOf(stranger, otherOrgId)).body.list[0];
    expect((await createTag(owner, { name: 'Sneaky', categoryId: foreign._id })).status).toBe(404);
    expect((await createTag(owner, { name: 'Sneaky', categoryId: crypto.randomUUID() })).status).toBe(404);
    const category = await newCategory();
    expect((await createTag(stranger, { name: 'Sneaky', categoryId: category._id })).status).toBe(404);
    expect((await createTag(stranger, { name: 'Sneaky', categoryId: category._id }, otherOrgId)).status).toBe(404);
  });
});

describe('PATCH /organizations/:id/tags/:tagId', () => {
  const patch = (user: TestUser, tagId: string, body: unknown, organizationId = orgId) => user.client.patch(`${API}/organizations/${organizationId}/tags/${tagId}`, body);

  it('renames a tag and moves it to another category of the organization (maintainers and above)', async () => {
    const from = await newCategory();
    const to = await newCategory();
    const tag = await newTag(from._id, 'Movable');
    const renamed = await patch(maintainer, tag._id, { name: 'Moved' });
    expect(renamed.status).toBe(200);
    expect(zTag.parse(renamed.body)).toMatchObject({ _id: tag._id, name: 'Moved', categoryId: from._id });
    const moved = await patch(owner, tag._id, { categoryId: to._id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ name: 'Moved', categoryId: to._id });
    const list = (await categoriesOf(owner)).body.list as Array<{ _id: string; tags: Array<{ _id: string }> }>;
    expect(list.find((c) => c._id === from._id)!.tags).toEqual([]);
    expect(list.find((c) => c._id === to._id)!.tags.map((t) => t._id)).toEqual([tag._id]);
    expect((await patch(owner, tag._id, {})).body).toMatchObject({ name: 'Moved', categoryId: to._id });
  });

  it('keeps names unique in the target category (409) and validates', async () => {
    const category = await newCategory();
    const other = await newCategory();
    await newTag(category._id, 'Alpha');
    await newTag(other._id, 'Beta');
    const tag = await newTag(category._id, 'Gamma');
    const rename = await patch(owner, tag._id, { name: 'ALPHA' });
    expect(rename.status).toBe(409);
    expect(rename.body.fields).toEqual({ name: 'error.name_exists' });
    const betaTag = await newTag(category._id, 'beta');
    const move = await patch(owner, betaTag._id, { categoryId: other._id });
    expect(move.status).toBe(409);
    expect(move.body.fields).toEqual({ name: 'error.name_exists' });
    const empty = await patch(owner, tag._id, { name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ name: 'error.required' });
  });

  it("cannot move a tag into another organization's category (404)", async () => {
    const tag = await newTag((await newCategory())._id);
    const foreign = (await categoriesOf(stranger, otherOrgId)).body.list[0];
    expect((await patch(owner, tag._id, { categoryId: foreign._id })).status).toBe(404);
  });

  it("is refused to a plain member (403); another organization's tag is not found (404)", async () => {
    const tag = await newTag((await newCategory())._id);
    expect((await patch(member, tag._id, { name: 'No' })).status).toBe(403);
    expect((await patch(stranger, tag._id, { name: 'No' })).status).toBe(404);
    expect((await patch(stranger, tag._id, { name: 'No' }, otherOrgId)).status).toBe(404);
    expect((await patch(owner, crypto.randomUUID(), { name: 'No' })).status).toBe(404);
  });
});

describe('DELETE /organizations/:id/tags/:tagId', () => {
  const remove = (user: TestUser, tagId: string, organizationId = orgId) => user.client.delete(`${API}/organizations/${organizationId}/tags/${tagId}`);

  it('deletes a tag and its use on media (maintainers and above)', async () => {
    const category = await newCategory();
    const tag = await newTag(category._id);
    const other = await newTag(category._id);
    const media = await seedMedia('Tag deletion');
    await tagMedia(owner, media, tag._id);
    await tagMedia(owner, media, other._id);
    events.length = 0;
    expect((await remove(maintainer, tag._id)).status).toBe(204);
    expect(await mediaTags(media)).toEqual([other._id]);
    expect(events).toEqual([{ organizationId: orgId, update: { conversationId: media, kind: 'updated' } }]);
    expect((await remove(owner, tag._id)).status).toBe(404);
    const listed = (await categoriesOf(owner)).body.list.find((c: { _id: string }) => c._id === category._id);
    expect(listed.tags.map((t: { _id: string }) => t._id)).toEqual([other._id]);
  });

  it('is refused to a plain member (403) and to outsiders (404)', async () => {
    const tag = await newTag((await newCategory())._id);
    expect((await remove(member, tag._id)).status).toBe(403);
    expect((await remove(stranger, tag._id)).status).toBe(404);
    expect((await remove(stranger, tag._id, otherOrgId)).status).toBe(404);
    const foreignTag = await newTag((await categoriesOf(stranger, otherOrgId)).body.list[0]._id, 'Foreign', otherOrgId, stranger);
    expect((await remove(owner, foreignTag._id)).status).toBe(404);
  });
});

describe('POST and DELETE /conversations/:id/tags/:tagId', () => {
  it('puts a tag on a media and takes it off, idempotently, returning the media and announcing it', async () => {
    const category = await newCategory();
    const first = await newTag(category._id);
    const second = await newTag(category._id);
    // Members hold the write right on this media.
    const media = await seedMedia('Taggable', { membersRight: RIGHT.READ | RIGHT.COMMENT | RIGHT.WRITE });

    const res = await tagMedia(member, media, first._id);
    expect(res.status).toBe(200);
    zConversation.parse(res.body);
    expect(res.body).toMatchObject({ _id: media, tags: [first._id] });
    expect(events).toEqual([{ organizationId: orgId, update: { conversationId: media, kind: 'updated' } }]);

    expect((await tagMedia(member, media, first._id)).body.tags).toEqual([first._id]);
    expect((await tagMedia(owner, media, second._id)).body.tags).toEqual([first._id, second._id]);

    const off = await untagMedia(member, media, first._id);
    expect(off.status).toBe(200);
    expect(off.body.tags).toEqual([second._id]);
    const again = await untagMedia(member, media, first._id);
    expect(again.status).toBe(200);
    expect(again.body.tags).toEqual([second._id]);
    expect(await mediaTags(media)).toEqual([second._id]);
  });

  it("needs a tag of the media's organization (404)", async () => {
    const media = await seedMedia('Foreign tag target');
    const foreignTag = await newTag((await categoriesOf(stranger, otherOrgId)).body.list[0]._id, 'Elsewhere', otherOrgId, stranger);
    expect((await tagMedia(owner, media, foreignTag._id)).status).toBe(404);
    expect((await untagMedia(owner, media, foreignTag._id)).status).toBe(404);
    expect((await tagMedia(owner, media, crypto.randomUUID())).status).toBe(404);
    expect(await mediaTags(media)).toEqual([]);
    expect(events).toEqual([]);
  });

  it('needs the write right: a reader is refused (403), someone who cannot see it gets 404', async () => {
    const tag = await newTag((await newCategory())._id);
    const readOnly = await seedMedia('Read only', { membersRight: RIGHT.READ });
    const hidden = await seedMedia('Hidden', { membersRight: 0 });
    const res = await tagMedia(member, readOnly, tag._id);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect((await untagMedia(member, readOnly, tag._id)).status).toBe(403);
    expect((await tagMedia(member, hidden, tag._id)).status).toBe(404);
    expect((await tagMedia(stranger, readOnly, tag._id)).status).toBe(404);
    expect((await tagMedia(owner, crypto.randomUUID(), tag._id)).status).toBe(404);
    expect(await mediaTags(readOnly)).toEqual([]);
    expect(await mediaTags(hidden)).toEqual([]);
  });
});

describe('GET /conversations/:id/tags', () => {
  it("shows the tags on a media, in their categories, to a guest who cannot read the organization's tags", async () => {
    const category = await newCategory(`Topics ${crypto.randomBytes(3).toString('hex')}`, 'red');
    const science = await newTag(category._id, 'Science');
    await newTag(category._id, 'Unused');
    const id = await seedMedia('Guest tagged', { membersRight: RIGHT.READ });
    expect((await tagMedia(owner, id, science._id)).status).toBe(200);
    const guest = await server.quickUser();
    expect((await owner.client.put(`${API}/conversations/${id}/users/${guest.id}`, { right: RIGHT.READ })).status).toBe(200);
    // The organization's categories stay closed to the guest.
    expect((await categoriesOf(guest)).status).toBe(404);

    for (const reader of [guest, member, owner]) {
      const res = await reader.client.get(`${API}/conversations/${id}/tags`);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(1);
      const [only] = res.body.list.map((c: unknown) => zCategory.parse(c));
      expect(only).toMatchObject({ _id: category._id, color: 'red', tags: [{ _id: science._id, name: 'Science' }] });
    }
    // A media without tags has none; someone who cannot read it learns nothing.
    const bare = await seedMedia('Bare', { membersRight: RIGHT.READ });
    expect((await member.client.get(`${API}/conversations/${bare}/tags`)).body).toEqual({ count: 0, list: [] });
    expect((await stranger.client.get(`${API}/conversations/${id}/tags`)).status).toBe(404);
    expect((await member.client.get(`${API}/conversations/not-an-id/tags`)).status).toBe(400);
  });

  it('a guest with the write right reads the tags but neither adds nor removes one', async () => {
    const category = await newCategory(`Guests ${crypto.randomBytes(3).toString('hex')}`, 'blue');
    const kept = await newTag(category._id, 'Kept');
    const other = await newTag(category._id, 'Other');
    const id = await seedMedia('Guest writes', { membersRight: RIGHT.READ });
    expect((await tagMedia(owner, id, kept._id)).status).toBe(200);
    const guest = await server.quickUser();
    expect((await owner.client.put(`${API}/conversations/${id}/users/${guest.id}`, { right: RIGHT.READ | RIGHT.COMMENT | RIGHT.WRITE })).status).toBe(200);

    for (const res of [await tagMedia(guest, id, other._id), await untagMedia(guest, id, kept._id)]) {
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('forbidden');
    }
    expect(await mediaTags(id)).toEqual([kept._id]);
  });
});

describe('library filters by tag', () => {
  it('?tags=a,b keeps media carrying all of them; ?filter=notags keeps untagged media', async () => {
    const org = (await createOrganization(owner.client))._id;
    const category = (await categoriesOf(owner, org)).body.list[0];
    const a = await newTag(category._id, 'a', org);
    const b = await newTag(category._id, 'b', org);
    const both = await seedMedia('Both', {}, org);
    const onlyA = await seedMedia('Only a', {}, org);
    const onlyB = await seedMedia('Only b', {}, org);
    const none = await seedMedia('None', {}, org);
    await tagMedia(owner, both, a._id);
    await tagMedia(owner, both, b._id);
    await tagMedia(owner, onlyA, a._id);
    await tagMedia(owner, onlyB, b._id);

    const list = async (query: string) => {
      const res = await owner.client.get(`${API}/organizations/${org}/conversations?${query}`);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(res.body.list.length);
      return (res.body.list as Array<{ _id: string }>).map((c) => c._id).sort();
    };
    expect(await list(`tags=${a._id},${b._id}`)).toEqual([both].sort());
    expect(await list(`tags=${a._id}`)).toEqual([both, onlyA].sort());
    expect(await list(`tags=${b._id}`)).toEqual([both, onlyB].sort());
    expect(await list('filter=notags')).toEqual([none]);
    expect(await list('')).toEqual([both, onlyA, onlyB, none].sort());
    // Taking the last tag off puts a media back among the untagged ones.
    await untagMedia(owner, onlyA, a._id);
    expect(await list('filter=notags')).toEqual([none, onlyA].sort());
  });
});
