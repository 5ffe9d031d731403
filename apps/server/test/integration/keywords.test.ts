/**
 * Keywords of a media: statistical extraction without a model, a model's JSON answer through an AI
 * profile (against a server speaking the chat protocol), the provider's temporary error and the
 * retry, a bad answer, `outdated` after a transcript edit, the rights, and the library's keyword filter.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_KEYWORDS, PLATFORM_ROLE, zKeywords, type Keywords } from '@palabre/shared';
import { conversationKeywords, organizations } from '../../src/db/schema.ts';
import { startChatModelServer, type ChatModelServer } from '../../../../packages/engines/test/support/chat-model-server.ts';
import { type Cast, createCast, seedSharedMedia } from '../harness/cast.ts';
import { startTestServer, type TestServer, type TestUser } from '../harness/server.ts';
import { makeTranscript } from '../harness/transcripts.ts';

const API = '/cm-api/api';
const JFK = 'And so my fellow Americans ask not what your country can do for you ask what you can do for your country';
const FRENCH = 'Le conseil municipal a voté le budget des transports en commun pour la ville et le budget des écoles';

let server: TestServer;
let model: ChatModelServer;
let cast: Cast;
let writer: TestUser;
let reader: TestUser;
let outsider: TestUser;
let profileId: string;

beforeAll(async () => {
  server = await startTestServer();
  model = await startChatModelServer({ models: ['llama-3.1-8b'] });
  cast = await createCast(server);
  ({ writer, reader, outsider } = cast);
  const sysadmin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
  const created = await sysadmin.client.post(`${API}/ai_profiles`, {
    name: 'Local llama',
    organizationId: cast.orgId,
    config: { endpoint: model.url, model: 'llama-3.1-8b', contextTokens: 4096 },
  });
  expect(created.status).toBe(201);
  profileId = created.body._id;
});
afterAll(async () => {
  await model?.close();
  await server?.close();
});

const path = (id: string) => `${API}/conversations/${id}/keywords`;
const seed = (text = JFK, language = 'en') => seedSharedMedia(server, cast, { transcript: makeTranscript([{ speaker: 'jfk', text }]), language });
const chatRequests = () => model.requests.filter((request) => request.path.endsWith('/chat/completions'));

async function extract(id: string, body: Record<string, unknown> = {}): Promise<Keywords> {
  const res = await writer.client.post(path(id), body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return zKeywords.parse(res.body);
}

/** The keywords once the extraction ended. */
async function settled(id: string): Promise<Keywords> {
  await expect.poll(async () => (await reader.client.get(path(id))).body.state, { timeout: 30_000 }).not.toMatch(/^(queued|generating)$/);
  return zKeywords.parse((await reader.client.get(path(id))).body);
}

describe('extraction', () => {
  it('finds statistical keyphrases without a model, labelled as such', async () => {
    const id = await seed();
    expect((await reader.client.get(path(id))).body).toEqual({ state: 'none', method: null, profileName: null, keywords: [], error: null, generatedAt: null });
    const asked = await extract(id, { profileId: 'extractive' });
    expect(asked).toMatchObject({ state: 'queued', method: 'extractive' });
    const done = await settled(id);
    expect(done).toMatchObject({ state: 'up_to_date', method: 'extractive', profileName: null, error: null });
    expect(done.keywords.map((k) => k.toLowerCase())).toContain('country');
    expect(done.keywords.length).toBeLessThanOrEqual(MAX_KEYWORDS);
    expect(done.generatedAt).not.toBeNull();
    // The export's keywords metadata lists them.
    const exported = await reader.client.post(`${API}/conversations/${id}/download?format=json`, { filter: {}, metadata: { keyword: true } });
    expect(exported.status).toBe(200);
    expect((exported.body as { keywords: string[] }).keywords).toEqual(done.keywords);
  });

  it("asks the model in the transcript's language and keeps its JSON array, cleaned", async () => {
    const id = await seed(FRENCH, 'fr');
    const before = chatRequests().length;
    model.script({ kind: 'reply', text: 'Voici les mots-clés :\n```json\n["budget", "Transports en commun", "budget", "conseil municipal", 3]\n```' });
    expect(await extract(id, { profileId })).toMatchObject({ state: 'queued', method: 'model', profileName: 'Local llama' });
    const done = await settled(id);
    expect(done).toMatchObject({ state: 'up_to_date', method: 'model', profileName: 'Local llama', keywords: ['budget', 'Transports en commun', 'conseil municipal'] });
    const [request] = chatRequests().slice(before);
    expect(request!.body.model).toBe('llama-3.1-8b');
    const prompt = request!.body.messages.map((m: { content: string }) => m.content).join('\n');
    expect(prompt).toMatch(/mots-clés/);
    expect(prompt).toContain('Le conseil municipal a voté le budget');
  });

  it('records a provider that keeps failing as model_unavailable; asking again retries', async () => {
    const id = await seed();
    const before = chatRequests().length;
    // The first attempt and the client's three retries.
    model.script(...Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 503 })));
    await extract(id, { profileId });
    const failed = await settled(id);
    expect(failed).toMatchObject({ state: 'error', method: 'model', error: { code: 'model_unavailable' }, keywords: [] });
    expect(chatRequests().length - before).toBe(4);
    model.script({ kind: 'reply', text: '["country", "fellow Americans"]' });
    expect((await extract(id, { profileId })).state).toBe('queued');
    expect(await settled(id)).toMatchObject({ state: 'up_to_date', error: null, keywords: ['country', 'fellow Americans'] });
  });

  it('records an answer without a list as model_error', async () => {
    const id = await seed();
    model.script({ kind: 'reply', text: 'I cannot help with that.' });
    await extract(id, { profileId });
    expect(await settled(id)).toMatchObject({ state: 'error', error: { code: 'model_error' } });
  });

  it('uses the default profile when none is named, and extracts statistically when there is none', async () => {
    const id = await seed();
    expect((await extract(id)).method).toBe('extractive');
    await settled(id);
  });

  it('answers the extraction already queued or running instead of starting another', async () => {
    const id = await seed();
    await server.ctx.db.insert(conversationKeywords).values({ conversationId: id, state: 'generating', method: 'extractive' });
    const again = await extract(id, { profileId });
    expect(again).toMatchObject({ state: 'generating', method: 'extractive' });
  });

  it('says the keywords are outdated once the transcript changed', async () => {
    const id = await seed();
    await extract(id, { profileId: 'extractive' });
    expect((await settled(id)).state).toBe('up_to_date');
    const turn = (await server.ctx.documents.read(id))!.text[0]!;
    const edit = await writer.client.patch(`${API}/conversations/${id}/turns/${turn.turn_id}`, { segment: 'We choose to go to the moon in this decade.' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await expect.poll(async () => (await reader.client.get(path(id))).body.state, { timeout: 15_000 }).toBe('outdated');
    await extract(id, { profileId: 'extractive' });
    const fresh = await settled(id);
    expect(fresh.state).toBe('up_to_date');
    expect(fresh.keywords.map((k) => k.toLowerCase()).join(' ')).toMatch(/moon/);
  });
});

describe('rights', () => {
  it('lets readers read, refuses them extraction, and hides the media from outsiders', async () => {
    const id = await seed();
    expect((await reader.client.get(path(id))).status).toBe(200);
    expect((await reader.client.post(path(id), {})).status).toBe(403);
    expect((await outsider.client.get(path(id))).status).toBe(404);
    expect((await outsider.client.post(path(id), {})).status).toBe(404);
  });

  it("refuses members when the organization's generate-summary permission is off; the owner keeps it", async () => {
    const id = await seed();
    const [org] = await server.ctx.db.select().from(organizations).where(eq(organizations.id, cast.orgId));
    await server.ctx.db
      .update(organizations)
      .set({ permissions: { ...org!.permissions, summary: false } })
      .where(eq(organizations.id, cast.orgId));
    try {
      expect((await writer.client.post(path(id), {})).status).toBe(403);
      expect((await cast.owner.client.post(path(id), { profileId: 'extractive' })).status).toBe(202);
    } finally {
      await server.ctx.db.update(organizations).set({ permissions: org!.permissions }).where(eq(organizations.id, cast.orgId));
    }
    await settled(id);
  });

  it('refuses a profile of another organization as not found', async () => {
    const id = await seed();
    const sysadmin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    const elsewhere = await sysadmin.client.post(`${API}/organizations`, { name: 'Elsewhere' });
    const foreign = await sysadmin.client.post(`${API}/ai_profiles`, {
      name: 'Foreign',
      organizationId: elsewhere.body._id,
      config: { endpoint: model.url, model: 'llama-3.1-8b' },
    });
    expect(foreign.status).toBe(201);
    expect((await writer.client.post(path(id), { profileId: foreign.body._id })).status).toBe(404);
  });
});

describe('library filter', () => {
  it('lists the media whose keywords include every given keyword, case and accents ignored', async () => {
    const id = await seed();
    const other = await seed(FRENCH, 'fr');
    model.script({ kind: 'reply', text: '["Écoles", "budget"]' });
    await extract(id, { profileId: 'extractive' });
    await extract(other, { profileId });
    await settled(id);
    expect((await settled(other)).keywords).toEqual(['Écoles', 'budget']);
    const list = async (keyword: string) => {
      const res = await reader.client.get(`${API}/organizations/${cast.orgId}/conversations`, { query: { keyword, size: '100' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.list.map((item: { _id: string }) => item._id);
    };
    expect(await list('COUNTRY')).toContain(id);
    expect(await list('COUNTRY')).not.toContain(other);
    expect(await list('ecoles')).toEqual([other]);
    expect(await list('ecoles,Budget')).toEqual([other]);
    expect(await list('ecoles,country')).toEqual([]);
    const tooLong = await reader.client.get(`${API}/organizations/${cast.orgId}/conversations`, { query: { keyword: 'x'.repeat(201) } });
    expect(tooLong.status).toBe(400);
  });
});
