/**
 * The media library's explore calls: the organization list (sort, pagination, rights), full-text
 * search (languages, accents, prefixes, ranking, highlight, match time), POST /conversations/search
 * and bulk delete. Media rows are seeded directly with their transcripts, as the pipeline stores them.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RIGHT, TRANSCRIPT_FORMAT_VERSION, zConversationListItem, type Transcript } from '@palabre/shared';
import { listReadable, type ListOptions } from '../../src/conversations/library/repo.ts';
import { conversations, conversationTags, memberships } from '../../src/db/schema.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser, insertMedia } from '../harness/server.ts';

const API = '/cm-api/api';
let server: TestServer;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let orgId: string;
let otherOrgId: string;
const events: Array<{ organizationId: string; update: any }> = [];

/** A transcript of one turn per sentence, words one second apart from `start`. */
function transcript(sentences: string[], language: string, start = 0): Transcript {
  let t = start;
  return {
    version: TRANSCRIPT_FORMAT_VERSION,
    speakers: [{ speaker_id: 'spk1', speaker_name: 'Speaker 1' }],
    text: sentences.map((sentence) => {
      const words = sentence.split(' ').map((word) => {
        const w = { wid: crypto.randomUUID(), word, stime: t, etime: t + 0.8, confidence: 0.9 };
        t += 1;
        return w;
      });
      return { turn_id: crypto.randomUUID(), speaker_id: 'spk1', segment: sentence, language, stime: words[0]!.stime, etime: words.at(-1)!.etime, words };
    }),
  } as unknown as Transcript;
}

let tick = 0;
async function seed(values: Partial<typeof conversations.$inferInsert> & { name: string }, organizationId = orgId, ownerId = owner.id): Promise<string> {
  tick += 1;
  // Distinct, increasing times so the sort orders are known.
  return insertMedia(server, {
    organizationId,
    ownerId,
    requestedLanguage: 'en',
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, tick)),
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 1000 - tick)),
    ...values,
  });
}

const list = (user: TestUser, query: string, organizationId = orgId) => user.client.get(`${API}/organizations/${organizationId}/conversations?${query}`);
const search = (user: TestUser, body: Record<string, unknown>) => user.client.post(`${API}/conversations/search`, { organizationId: orgId, ...body });
const names = (res: { body: any }) => (res.body.list as Array<{ name: string }>).map((c) => c.name);

const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.events = { conversationChanged: (organizationId, update) => void events.push({ organizationId, update }) };
  owner = await server.quickUser();
  member = await server.quickUser();
  stranger = await server.quickUser();
  orgId = (await createOrganization(owner.client))._id;
  otherOrgId = (await createOrganization(stranger.client))._id;
  await server.ctx.db.insert(memberships).values({ organizationId: orgId, userId: member.id, role: 1 });

  ids.eleve = await seed({
    name: 'Cours du lundi',
    requestedLanguage: 'fr',
    language: 'fr',
    transcript: transcript(['Bonjour à tous', "L'élève écoute le professeur attentivement"], 'fr', 10),
  });
  ids.running = await seed({
    name: 'Morning podcast',
    description: 'A chat about sport',
    language: 'en',
    transcript: transcript(['Welcome back everyone', 'Today I went running in the park'], 'en', 5),
  });
  ids.countryTitle = await seed({ name: 'Country music history', language: 'en' });
  ids.countryText = await seed({
    name: 'Interview with a farmer',
    language: 'en',
    transcript: transcript(['We talk about the country and its farms'], 'en', 30),
  });
  ids.malicious = await seed({ name: '<img src=x onerror=alert(1)> country', language: 'en' });
  ids.described = await seed({ name: 'Weekly meeting', description: 'Budget review for the orchestra', language: 'en' });
  // A media members cannot read (members' right 0): only the owner and admins see it.
  ids.private = await seed({ name: 'Private country notes', language: 'en', membersRight: 0 });
  // A media members may read but not delete.
  ids.readOnly = await seed({ name: 'Shared lecture', language: 'en', membersRight: RIGHT.READ });
  ids.foreign = await seed({ name: 'Foreign country report', language: 'en', transcript: transcript(['country country'], 'en') }, otherOrgId, stranger.id);
});
afterAll(() => server?.close());
beforeEach(() => {
  events.length = 0;
});

describe('GET /organizations/:id/conversations', () => {
  it("lists the readable media, newest update first, with counts and the caller's right", async () => {
    const res = await list(owner, 'page=0');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(8);
    expect(res.body.list).toHaveLength(8);
    expect(names(res)[0]).toBe('Cours du lundi');
    for (const item of res.body.list) {
      zConversationListItem.parse(item);
      expect(item.right).toBeGreaterThan(0);
      expect(item).not.toHaveProperty('highlight');
      expect(item).not.toHaveProperty('search');
    }
    expect(names(res)).not.toContain('Foreign country report');
  });

  it("hides from a member what they may not read and never lists another organization's media", async () => {
    const res = await list(member, 'size=50');
    expect(res.body.count).toBe(7);
    expect(names(res)).not.toContain('Private country notes');
    expect(res.body.list.find((c: any) => c.name === 'Shared lecture').right).toBe(RIGHT.READ);
    expect((await list(stranger, 'page=0')).status).toBe(404);
    expect((await list(member, 'text=country')).body.list.map((c: any) => c._id)).not.toContain(ids.foreign);
  });

  it('paginates with a default page size of 10 and keeps the total count', async () => {
    const first = await list(owner, 'size=3&page=0');
    const third = await list(owner, 'size=3&page=2');
    expect(first.body.count).toBe(8);
    expect(first.body.list).toHaveLength(3);
    expect(third.body.count).toBe(8);
    expect(third.body.list).toHaveLength(2);
    const all = await list(owner, 'size=3&page=1');
    expect(new Set([...names(first), ...names(all), ...names(third)]).size).toBe(8);
  });

  it('sorts by created, name and last update, in both directions', async () => {
    const created = names(await list(owner, 'sortField=created&sortCriteria=1'));
    expect(created[0]).toBe('Cours du lundi');
    expect(created.at(-1)).toBe('Shared lecture');
    expect(names(await list(owner, 'sortField=created&sortCriteria=-1'))[0]).toBe('Shared lecture');
    const byName = names(await list(owner, 'sortField=name&sortCriteria=1'));
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names(await list(owner, 'sortField=name&sortCriteria=-1'))).toEqual([...byName].reverse());
    expect(names(await list(owner, 'sortField=last_update&sortCriteria=1'))[0]).toBe('Shared lecture');
    expect((await list(owner, 'sortField=size')).status).toBe(400);
  });

  it('filters titles by name, case and accents ignored', async () => {
    expect(names(await list(owner, 'name=COURS'))).toEqual(['Cours du lundi']);
    expect(names(await list(owner, `name=${encodeURIComponent('cöurs')}`))).toEqual(['Cours du lundi']);
    expect((await list(owner, 'name=%25')).body.count).toBe(0);
  });
});

describe('full-text search', () => {
  it('folds accents in French: "eleve" finds "élève", highlighted with its accents and opened at that word', async () => {
    const res = await list(owner, 'text=eleve');
    expect(names(res)).toEqual(['Cours du lundi']);
    const item = res.body.list[0];
    expect(item.highlight).toContain('<mark>L&#39;élève</mark>');
    // Words one second apart from 10 s: "Bonjour à tous" (10–12), then "L'élève" at 13.
    expect(item.matchTime).toBe(13);
    // A list says where the text matched, without carrying transcripts.
    expect(item).not.toHaveProperty('text');
    expect(item).not.toHaveProperty('speakers');
    expect(names(await list(owner, `text=${encodeURIComponent('ÉLÈVE')}`))).toEqual(['Cours du lundi']);
  });

  it('stems English: "run" finds "running"', async () => {
    const res = await list(owner, 'text=run');
    expect(names(res)).toEqual(['Morning podcast']);
    expect(res.body.list[0].highlight).toContain('<mark>running</mark>');
    expect(res.body.list[0].matchTime).toBe(5 + 3 + 3);
    expect(names(await list(owner, 'text=runs'))).toEqual(['Morning podcast']);
  });

  it('matches the last word as a prefix while typing, and ranks title matches before transcript ones', async () => {
    const res = await list(owner, 'text=coun');
    const found = names(res);
    expect(found).toEqual(expect.arrayContaining(['Country music history', 'Interview with a farmer', '<img src=x onerror=alert(1)> country', 'Private country notes']));
    expect(res.body.count).toBe(4);
    expect(found.indexOf('Country music history')).toBeLessThan(found.indexOf('Interview with a farmer'));
    expect(found.at(-1)).toBe('Interview with a farmer');
    const transcriptOnly = res.body.list.find((c: any) => c.name === 'Interview with a farmer');
    expect(transcriptOnly.highlight).toContain('<mark>country</mark>');
    expect(transcriptOnly.matchTime).toBe(34);
    const title = res.body.list.find((c: any) => c.name === 'Country music history');
    expect(title.highlight).toBe('<mark>Country</mark> music history');
    expect(title.matchTime).toBeNull();
    // Several words: all must match, the last as a prefix.
    expect(names(await list(owner, 'text=country%20mus'))).toEqual(['Country music history']);
  });

  it('escapes the text of the snippet: only <mark> tags are HTML', async () => {
    const res = await list(owner, 'text=country');
    const item = res.body.list.find((c: any) => c._id === ids.malicious);
    expect(item.highlight).toBe('&lt;img src=x onerror=alert(1)&gt; <mark>country</mark>');
    for (const c of res.body.list) expect(c.highlight.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('ignores query syntax and answers nothing for words that match nothing', async () => {
    expect((await list(owner, `text=${encodeURIComponent("country:* | !'&")}`)).status).toBe(200);
    expect((await list(owner, 'text=zzzzqqq')).body).toEqual({ count: 0, countExact: true, list: [] });
  });

  it('follows renames (the search document is generated from the row)', async () => {
    const id = await seed({ name: 'Temporary', language: 'en' });
    const res = await owner.client.patch(`${API}/conversations/${id}`, { name: 'Quarterly harvest' });
    expect(res.status).toBe(200);
    expect(events.map((e) => e.update)).toContainEqual({ conversationId: id, kind: 'updated' });
    expect(names(await list(owner, 'text=harvest'))).toEqual(['Quarterly harvest']);
    expect((await list(owner, 'text=temporary')).body.count).toBe(0);
    await server.ctx.db.delete(conversations).where(eq(conversations.id, id));
  });
});

describe('a listing of many media', () => {
  let bigOrgId: string;
  const titles: string[] = [];
  const tagged: string[] = [];
  let tagId: string;

  beforeAll(async () => {
    bigOrgId = (await createOrganization(owner.client))._id;
    await server.ctx.db.insert(memberships).values({ organizationId: bigOrgId, userId: member.id, role: 1 });
    const categoryId = (await owner.client.post(`${API}/organizations/${bigOrgId}/categories`, { name: 'Kind', color: 'green' })).body._id;
    tagId = (await owner.client.post(`${API}/organizations/${bigOrgId}/tags`, { name: 'Concert', categoryId })).body._id;
    // Orchestra in the title, the description or the transcript, in turn; some hidden from members.
    for (let i = 0; i < 18; i++) {
      const where = i % 3;
      const name = where === 0 ? `Orchestra rehearsal ${i}` : `Session ${String.fromCharCode(65 + ((i * 7) % 26))}${i}`;
      titles.push(name);
      const id = await seed(
        {
          name,
          description: where === 1 ? 'Notes for the orchestra' : '',
          language: 'en',
          membersRight: i % 4 === 0 ? 0 : RIGHT.READ,
          transcript: transcript(where === 2 ? ['The orchestra tunes up'] : ['Silence before the start'], 'en'),
        },
        bigOrgId,
      );
      if (i % 5 === 0) {
        tagged.push(id);
        await server.ctx.db.insert(conversationTags).values({ conversationId: id, tagId });
      }
    }
  });

  const page = async (viewer: TestUser, options: Partial<ListOptions>, countAhead: number) => {
    const wideRight = viewer === owner ? RIGHT.READ | RIGHT.COMMENT | RIGHT.WRITE | RIGHT.DELETE | RIGHT.SHARE : null;
    return listReadable(
      server.ctx.db,
      viewer.id,
      { kind: 'organization', organizationId: bigOrgId, wideRight },
      { page: 0, size: 4, sortField: 'last_update', descending: true, countAhead, ...options },
    );
  };

  it('counts up to the given number past the page, then says there are more', async () => {
    const exact = await page(owner, {}, 1000);
    expect(exact).toMatchObject({ count: 18, countExact: true });
    expect(await page(owner, {}, 6)).toMatchObject({ count: 6, countExact: false });
    expect(await page(owner, { page: 2 }, 6)).toMatchObject({ count: 14, countExact: false });
    expect(await page(owner, { page: 3 }, 6)).toMatchObject({ count: 18, countExact: true });
    // Over HTTP: exact while the library is small.
    expect((await list(owner, 'size=4', bigOrgId)).body).toMatchObject({ count: 18, countExact: true });
  });

  it('finds the same pages whether it gathers every match (few) or reads them in order (many)', async () => {
    const cases: Array<Partial<ListOptions>> = [
      {},
      { sortField: 'name', descending: false },
      { sortField: 'name', descending: true },
      { sortField: 'created', descending: false },
      { text: 'orchestra' },
      { text: 'orch', sortField: 'name', descending: false },
      { text: 'orchestra', searchType: 'title' },
      { text: 'orchestra', searchType: 'description' },
      { text: 'orchestra', searchType: 'text' },
      { name: 'session' },
      { tags: [tagId] },
      { noTags: true },
    ];
    for (const viewer of [owner, member]) {
      for (const options of cases) {
        for (const p of [0, 1, 2, 4]) {
          const gathered = await page(viewer, { ...options, page: p }, 1000);
          const inOrder = await page(viewer, { ...options, page: p }, 0);
          expect(inOrder.countExact && gathered.count > p * 4).toBe(false);
          expect(
            inOrder.rows.map((r) => r.name),
            JSON.stringify({ viewer: viewer === owner ? 'owner' : 'member', options, p }),
          ).toEqual(gathered.rows.map((r) => r.name));
        }
      }
    }
  });

  it('lists a search by where it matched: title or description first, then transcript, each in the sort', async () => {
    const all = await page(owner, { text: 'orchestra', size: 50 }, 1000);
    const where = all.rows.map((r) => (r.name.startsWith('Orchestra') || r.description ? 'heading' : 'transcript'));
    expect(where).toEqual([...Array(12).fill('heading'), ...Array(6).fill('transcript')]);
    for (const [from, to] of [
      [0, 12],
      [12, 18],
    ] as const) {
      const updated = all.rows.slice(from, to).map((r) => r.updatedAt.getTime());
      expect(updated).toEqual([...updated].sort((a, b) => b - a));
    }
    const byName = await page(owner, { text: 'orchestra', size: 50, sortField: 'name', descending: false }, 1000);
    const heading = byName.rows.slice(0, 12).map((r) => r.name);
    expect(heading).toEqual([...heading].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // The member reads only what members may read, in the same order.
    const forMember = await page(member, { text: 'orchestra', size: 50 }, 1000);
    expect(forMember.rows.map((r) => r.name)).toEqual(all.rows.filter((r) => r.membersRight & RIGHT.READ).map((r) => r.name));
    expect(tagged.length).toBeGreaterThan(0);
  });
});

describe('POST /conversations/search', () => {
  it('searches one field with searchType', async () => {
    const title = await search(owner, { text: 'country', searchType: 'title' });
    expect(title.status).toBe(200);
    expect(names(title)).not.toContain('Interview with a farmer');
    expect(title.body.count).toBe(3);
    const text = await search(owner, { text: 'country', searchType: 'text' });
    expect(names(text)).toEqual(['Interview with a farmer']);
    expect(text.body.list[0].matchTime).toBe(34);
    const description = await search(owner, { text: 'orchest', searchType: 'description' });
    expect(names(description)).toEqual(['Weekly meeting']);
    expect(description.body.list[0].highlight).toContain('<mark>orchestra</mark>');
    expect(description.body.list[0].matchTime).toBeNull();
    expect((await search(owner, { text: 'orchestra', searchType: 'title' })).body.count).toBe(0);
  });

  it('answers only readable media, and not found for another organization', async () => {
    expect(names(await search(member, { text: 'country' }))).not.toContain('Private country notes');
    expect((await stranger.client.post(`${API}/conversations/search`, { organizationId: orgId, text: 'country' })).status).toBe(404);
    expect((await search(owner, { text: '' })).status).toBe(400);
    expect((await search(owner, { text: 'x', searchType: 'tags' })).status).toBe(400);
  });
});

describe('DELETE /organizations/:id/conversations', () => {
  const remove = (user: TestUser, idList: string[], organizationId = orgId) =>
    user.client.delete(`${API}/organizations/${organizationId}/conversations?conversationsId=${idList.join(',')}`);
  const exists = async (idList: string[]) => (await server.ctx.db.select({ id: conversations.id }).from(conversations).where(inArray(conversations.id, idList))).length;

  it('refuses an empty selection', async () => {
    expect((await remove(owner, [])).status).toBe(400);
  });

  it('deletes none when one selected media belongs to another organization', async () => {
    const a = await seed({ name: 'Bulk A' });
    const b = await seed({ name: 'Bulk B' });
    const res = await remove(owner, [a, b, ids.foreign!]);
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/1 of the 3 selected media cannot be deleted/);
    expect(await exists([a, b, ids.foreign!])).toBe(3);
    expect(events).toEqual([]);
    const missing = await remove(owner, [a, crypto.randomUUID(), 'not-an-id']);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/2 of the 3/);
    expect(await exists([a])).toBe(1);
  });

  it('deletes none when the caller lacks the delete right on one of them (403)', async () => {
    const mine = await seed({ name: 'Member own' }, orgId, member.id);
    const res = await remove(member, [mine, ids.readOnly!]);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/1 of the 2 selected media cannot be deleted/);
    expect(await exists([mine, ids.readOnly!])).toBe(2);
    // A media the member cannot see counts as not found.
    expect((await remove(member, [mine, ids.private!])).status).toBe(404);
    expect((await remove(member, [mine])).status).toBe(200);
    expect(await exists([mine])).toBe(0);
  });

  it('deletes all of them, rows and files, and tells the organization', async () => {
    const a = await seed({ name: 'Bulk C' });
    const key = `media/${a}/original-0.wav`;
    await server.ctx.storage.put(key, Readable.from([Buffer.from('RIFF')]));
    await server.ctx.db
      .update(conversations)
      .set({ files: { originals: [{ key, name: 'a.wav', size: 4, mimeType: 'audio/wav' }] } })
      .where(eq(conversations.id, a));
    const b = await seed({ name: 'Bulk D' });
    const res = await remove(owner, [a, b]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2 });
    expect(await exists([a, b])).toBe(0);
    expect(await server.ctx.storage.stat(key)).toBeNull();
    expect(events.map((e) => e.update).sort((x, y) => (x.conversationId < y.conversationId ? -1 : 1))).toEqual(
      [a, b].sort().map((conversationId) => ({ conversationId, kind: 'deleted' })),
    );
    expect((await remove(stranger, [ids.running!])).status).toBe(404);
    expect(await exists([ids.running!])).toBe(1);
  });
});
