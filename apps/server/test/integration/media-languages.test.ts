/**
 * Languages and transcriber profiles of a media: creation refuses a language no profile of the
 * organization transcribes and picks a profile that does; retrying a failed media may change the
 * language and the profile, within the organization's available profiles. Jobs are recorded, not run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversations, transcriberProfiles } from '../../src/db/schema.ts';
import { createOrganization, joinByInvitation, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const JFK = fs.readFileSync(path.join(ROOT, '../shared/fixtures/audio/jfk-en.wav'));
const API = '/cm-api/api';

let server: TestServer;
const sent: Array<{ name: string; payload: any }> = [];

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.jobs = { send: async (name, payload) => void sent.push({ name, payload }) };
  server.ctx.events = { conversationChanged: () => undefined };
});
afterAll(() => server?.close());
beforeEach(() => {
  sent.length = 0;
});

function upload(user: TestUser, orgId: string, fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  data.append('file', new Blob([JFK], { type: 'audio/wav' }), 'jfk-en.wav');
  return user.client.request('POST', `${API}/organizations/${orgId}/conversations/create`, { form: data });
}

/** A profile of the organization, inserted as its administrators would have configured it. */
async function profile(organizationId: string, values: Partial<typeof transcriberProfiles.$inferInsert> = {}) {
  const [row] = await server.ctx.db
    .insert(transcriberProfiles)
    .values({ organizationId, name: 'Remote ASR', type: 'openai', languages: ['en', 'fr'], config: { endpoint: 'https://asr.example.org/v1' }, ...values })
    .returning();
  return row!;
}

async function rowOf(id: string) {
  const [row] = await server.ctx.db.select().from(conversations).where(eq(conversations.id, id));
  return row!;
}

async function team() {
  const owner = await server.quickUser();
  const org = await createOrganization(owner.client);
  const reader = await server.quickUser();
  await joinByInvitation(server, owner.client, org._id, reader, 1);
  return { owner, org, reader };
}

/** A media of the organization whose processing failed, on the built-in English engine. */
async function failedMedia(owner: TestUser, orgId: string, fields: Record<string, string> = { name: 'Meeting', lang: 'en', membersRight: '1' }) {
  const created = await upload(owner, orgId, fields);
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  const id = created.body.conversationId as string;
  await server.ctx.db
    .update(conversations)
    .set({ status: 'error', processing: { steps: [], log: 'engine not available' } })
    .where(eq(conversations.id, id));
  sent.length = 0;
  return id;
}

describe('the language of a new media', () => {
  it('refuses a language that no profile of the organization transcribes, naming the field, and keeps nothing', async () => {
    const { owner, org } = await team();
    const refused = await upload(owner, org._id, { name: 'Réunion', lang: 'fr' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed', fields: { lang: 'error.unsupported_language' } });
    const listed = await owner.client.get(`${API}/organizations/${org._id}/conversations`);
    expect(listed.body.count).toBe(0);
    expect(sent).toEqual([]);
  });

  it('refuses a chosen profile that does not transcribe the language', async () => {
    const { owner, org } = await team();
    const english = await profile(org._id, { name: 'English only', languages: ['en'] });
    const refused = await upload(owner, org._id, { name: 'Réunion', lang: 'fr', serviceName: english.id });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ lang: 'error.unsupported_language' });
  });

  it('without a chosen profile, sends a French media to an available profile that transcribes French', async () => {
    const { owner, org } = await team();
    const french = await profile(org._id);
    const created = await upload(owner, org._id, { name: 'Réunion', lang: 'fr' });
    expect(created.status).toBe(201);
    expect(await rowOf(created.body.conversationId)).toMatchObject({ requestedLanguage: 'fr', transcriberProfileId: french.id });
  });
});

describe('language tags sent by clients', () => {
  it('stores en-US, fr_FR and * as en, fr and auto', async () => {
    const { owner, org } = await team();
    await profile(org._id);
    for (const [tag, stored] of [
      ['en-US', 'en'],
      ['fr_FR', 'fr'],
      ['*', 'auto'],
    ] as const) {
      const created = await upload(owner, org._id, { name: `Meeting ${tag}`, lang: tag });
      expect(created.status, tag).toBe(201);
      expect((await rowOf(created.body.conversationId)).requestedLanguage, tag).toBe(stored);
      const read = await owner.client.get(`${API}/conversations/${created.body.conversationId}`);
      expect(read.body.requestedLanguage, tag).toBe(stored);
    }
  });

  it('gives an unknown tag the field error of an invalid language', async () => {
    const { owner, org } = await team();
    const refused = await upload(owner, org._id, { name: 'Besprechung', lang: 'de-DE' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed', fields: { lang: 'error.invalid' } });
  });

  it('reads the language of a retry the same way', async () => {
    const { owner, org } = await team();
    const id = await failedMedia(owner, org._id);
    await profile(org._id);
    const retried = await owner.client.post(`${API}/conversations/${id}/retry`, { language: 'FR-fr' });
    expect(retried.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ requestedLanguage: 'fr' });
  });
});

describe('POST /conversations/:id/retry with other settings', () => {
  it('changes the language and the profile of a failed media and processes it again', async () => {
    const { owner, org } = await team();
    const id = await failedMedia(owner, org._id);
    const french = await profile(org._id);
    const retried = await owner.client.post(`${API}/conversations/${id}/retry`, { language: 'fr', transcriberProfileId: french.id });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ _id: id, status: 'pending', requestedLanguage: 'fr', transcriberProfileId: french.id });
    expect(await rowOf(id)).toMatchObject({ status: 'pending', requestedLanguage: 'fr', transcriberProfileId: french.id });
    expect(sent).toEqual([{ name: 'media.preprocess', payload: { conversationId: id } }]);
  });

  it('with a language only, moves to a profile that transcribes it', async () => {
    const { owner, org } = await team();
    const id = await failedMedia(owner, org._id);
    const french = await profile(org._id);
    const retried = await owner.client.post(`${API}/conversations/${id}/retry`, { language: 'fr' });
    expect(retried.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ requestedLanguage: 'fr', transcriberProfileId: french.id });
  });

  it('refuses settings outside what the organization can transcribe, and leaves the media as it was', async () => {
    const { owner, org } = await team();
    const other = await team();
    const id = await failedMedia(owner, org._id);
    const before = await rowOf(id);
    const foreign = await profile(other.org._id);
    const notInstalled = await profile(org._id, { name: 'Whisper', type: 'whisper', config: { model: 'large-v3' } });
    const english = await profile(org._id, { name: 'English only', languages: ['en'] });

    const cases: Array<[object, Record<string, string>]> = [
      [{ language: 'fr' }, { language: 'error.unsupported_language' }],
      [{ language: 'fr', transcriberProfileId: english.id }, { language: 'error.unsupported_language' }],
      [{ transcriberProfileId: foreign.id }, { transcriberProfileId: 'error.invalid' }],
      [{ transcriberProfileId: notInstalled.id }, { transcriberProfileId: 'error.invalid' }],
      [{ language: 'de' }, { language: 'error.invalid' }],
    ];
    for (const [body, fields] of cases) {
      const refused = await owner.client.post(`${API}/conversations/${id}/retry`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await rowOf(id)).toMatchObject({ status: 'error', requestedLanguage: before.requestedLanguage, transcriberProfileId: before.transcriberProfileId });
    expect(sent).toEqual([]);
  });

  it('needs the write right on the media', async () => {
    const { owner, org, reader } = await team();
    const id = await failedMedia(owner, org._id);
    const french = await profile(org._id);
    const refused = await reader.client.post(`${API}/conversations/${id}/retry`, { language: 'fr', transcriberProfileId: french.id });
    expect(refused.status).toBe(403);
    expect(await rowOf(id)).toMatchObject({ status: 'error', requestedLanguage: 'en' });
  });
});

describe('field errors of the media forms', () => {
  it('says a name over its limit is too long, at creation and on renaming', async () => {
    const { owner, org } = await team();
    const refused = await upload(owner, org._id, { name: 'N'.repeat(201), lang: 'en' });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ name: 'error.too_long' });
    const id = await failedMedia(owner, org._id);
    const renamed = await owner.client.patch(`${API}/conversations/${id}`, { name: 'N'.repeat(300) });
    expect(renamed.status).toBe(400);
    expect(renamed.body.fields).toEqual({ name: 'error.too_long' });
  });
});
