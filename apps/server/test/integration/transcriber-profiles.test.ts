/** Transcriber profiles: seeding, visibility, who manages which, secrets never returned, availability. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOnPath, findSharedLibrary } from '@palabre/engines';
import { PLATFORM_ROLE, zList, zTranscriberProfile } from '@palabre/shared';
import { seedTranscriberProfiles } from '../../src/transcriber-profiles/seed.ts';
import { transcriberProfilesRepo } from '../../src/transcriber-profiles/repo.ts';
import { transcriberProfiles } from '../../src/db/schema.ts';
import { eq } from 'drizzle-orm';
import { createOrganization, startTestServer, joinByInvitation, type TestServer, type TestUser } from '../harness/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const API = '/cm-api/api';

async function team() {
  const owner = await server.quickUser();
  const org = await createOrganization(owner.client);
  const admin = await server.quickUser();
  const member = await server.quickUser();
  for (const [user, role] of [
    [admin, 3],
    [member, 1],
  ] as Array<[TestUser, number]>) {
    await joinByInvitation(server, owner.client, org._id, user, role);
  }
  return { owner, org, admin, member };
}

const whisper = (organizationId: string | null, extra: object = {}) => ({
  name: 'Whisper base',
  type: 'whisper',
  languages: ['en', 'fr'],
  organizationId,
  config: { model: 'base' },
  ...extra,
});

describe('seeding', () => {
  it('creates the offline PocketSphinx profile once, as the global default', async () => {
    const user = await server.quickUser();
    const list = await user.client.get(`${API}/transcriber_profiles`);
    expect(list.status).toBe(200);
    zList(zTranscriberProfile).parse(list.body);
    const seeded = list.body.list.filter((p: any) => p.type === 'pocketsphinx');
    expect(seeded).toEqual([expect.objectContaining({ name: 'PocketSphinx (English, offline)', languages: ['en'], isDefault: true, organizationId: null })]);
    await seedTranscriberProfiles(server.ctx);
    await seedTranscriberProfiles(server.ctx);
    expect((await transcriberProfilesRepo.global(server.ctx.db)).filter((p) => p.type === 'pocketsphinx')).toHaveLength(1);
  });

  it('a fresh installation starts a quick meeting with the seeded profile', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const offered = (await owner.client.get(`${API}/organizations/${org._id}/transcriber_profiles`)).body.list.filter((p: any) => p.quickMeeting);
    expect(offered).toEqual([expect.objectContaining({ name: 'PocketSphinx (English, offline)', organizationId: null })]);
    const meeting = await owner.client.post(`${API}/organizations/${org._id}/quickMeeting/`, {
      transcriberProfileId: offered[0]._id,
      liveTranscription: true,
      offlineTranscription: false,
      source: 'microphone',
    });
    expect(meeting.status, JSON.stringify(meeting.body)).toBe(201);
    expect(meeting.body).toMatchObject({ kind: 'quickMeeting', channels: [expect.objectContaining({ languages: ['en'] })] });
  });

  it('an earlier seed no administrator saved is offered for quick meetings at start-up; one an administrator saved keeps its switch', async () => {
    const [seed] = (await transcriberProfilesRepo.global(server.ctx.db)).filter((p) => p.type === 'pocketsphinx');
    const quickMeetingOf = async () => (await transcriberProfilesRepo.byId(server.ctx.db, seed!.id))!.quickMeeting;
    // As seeded by an earlier version: switch off, never saved.
    await server.ctx.db.update(transcriberProfiles).set({ quickMeeting: false, updatedAt: seed!.createdAt }).where(eq(transcriberProfiles.id, seed!.id));
    await seedTranscriberProfiles(server.ctx);
    expect(await quickMeetingOf()).toBe(true);
    const stillNeverSaved = (await transcriberProfilesRepo.byId(server.ctx.db, seed!.id))!;
    expect(stillNeverSaved.updatedAt.getTime()).toBe(stillNeverSaved.createdAt.getTime());

    const sysadmin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    const save = (quickMeeting: boolean) =>
      sysadmin.client.put(`${API}/transcriber_profiles/${seed!.id}`, {
        name: seed!.name,
        description: seed!.description,
        type: 'pocketsphinx',
        languages: ['en'],
        organizationId: null,
        isDefault: true,
        diarization: true,
        quickMeeting,
        config: {},
      });
    const saved = await save(false);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await seedTranscriberProfiles(server.ctx);
    expect(await quickMeetingOf()).toBe(false);
    expect((await save(true)).status).toBe(200);
  });
});

describe('management rights', () => {
  it('platform administrators manage global profiles; others are refused', async () => {
    const sysadmin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    const user = await server.quickUser();
    expect((await user.client.post(`${API}/transcriber_profiles`, whisper(null))).status).toBe(403);
    const created = await sysadmin.client.post(
      `${API}/transcriber_profiles`,
      whisper(null, { config: { endpoint: 'http://asr.internal/v1', apiKey: 'sk-secret' }, type: 'openai', name: 'Hosted' }),
    );
    expect(created.status).toBe(201);
    const profile = zTranscriberProfile.parse(created.body);
    expect(profile.config).toEqual({ endpoint: 'http://asr.internal/v1', hasApiKey: true });
    expect(JSON.stringify(created.body)).not.toContain('sk-secret');
    expect(profile.availability).toEqual({ ok: true });

    expect((await user.client.get(`${API}/transcriber_profiles/${profile._id}`)).body.config.hasApiKey).toBe(true);
    expect((await user.client.put(`${API}/transcriber_profiles/${profile._id}`, whisper(null))).status).toBe(403);
    expect((await user.client.delete(`${API}/transcriber_profiles/${profile._id}`)).status).toBe(403);

    // PUT without apiKey keeps it; "" removes it.
    const kept = await sysadmin.client.put(`${API}/transcriber_profiles/${profile._id}`, {
      name: 'Hosted 2',
      type: 'openai',
      languages: ['en'],
      config: { endpoint: 'http://asr.internal/v1' },
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ name: 'Hosted 2', config: { hasApiKey: true } });
    expect((await transcriberProfilesRepo.byId(server.ctx.db, profile._id))!.config.apiKey).toBe('sk-secret');
    const cleared = await sysadmin.client.put(`${API}/transcriber_profiles/${profile._id}`, {
      name: 'Hosted 2',
      type: 'openai',
      languages: ['en'],
      config: { endpoint: 'http://asr.internal/v1', apiKey: '' },
    });
    expect(cleared.body.config.hasApiKey).toBe(false);
    expect((await sysadmin.client.delete(`${API}/transcriber_profiles/${profile._id}`)).status).toBe(204);
    expect((await sysadmin.client.get(`${API}/transcriber_profiles/${profile._id}`)).status).toBe(404);
  });

  it("organization admins manage their organization's profiles; members read them; outsiders never see them", async () => {
    const { org, admin, member } = await team();
    const outsider = await server.quickUser();
    expect((await member.client.post(`${API}/transcriber_profiles`, whisper(org._id))).status).toBe(403);
    expect((await outsider.client.post(`${API}/transcriber_profiles`, whisper(org._id))).status).toBe(404);
    const created = await admin.client.post(`${API}/transcriber_profiles`, whisper(org._id, { isDefault: true }));
    expect(created.status).toBe(201);
    const id = created.body._id;

    const visible = await member.client.get(`${API}/organizations/${org._id}/transcriber_profiles`);
    expect(visible.status).toBe(200);
    const ids = visible.body.list.map((p: any) => p._id);
    expect(ids).toContain(id);
    expect(visible.body.list.some((p: any) => p.organizationId === null)).toBe(true);
    expect((await member.client.get(`${API}/transcriber_profiles/${id}`)).status).toBe(200);
    expect((await member.client.get(`${API}/transcriber_profiles`)).body.list.map((p: any) => p._id)).not.toContain(id);

    expect((await outsider.client.get(`${API}/transcriber_profiles/${id}`)).status).toBe(404);
    expect((await outsider.client.get(`${API}/organizations/${org._id}/transcriber_profiles`)).status).toBe(404);
    expect((await outsider.client.put(`${API}/transcriber_profiles/${id}`, whisper(org._id))).status).toBe(404);

    const moved = await admin.client.put(`${API}/transcriber_profiles/${id}`, whisper(null));
    expect(moved.status).toBe(400);
    expect((await member.client.delete(`${API}/transcriber_profiles/${id}`)).status).toBe(403);
    expect((await admin.client.delete(`${API}/transcriber_profiles/${id}`)).status).toBe(204);
  });

  it('the backoffice scope lists every profile for platform administrators only', async () => {
    const { org, admin } = await team();
    const created = await admin.client.post(`${API}/transcriber_profiles`, whisper(org._id));
    const sysadmin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    const all = await sysadmin.client.get(`${API}/transcriber_profiles`, { query: { userScope: 'backoffice' } });
    expect(all.body.list.map((p: any) => p._id)).toContain(created.body._id);
    const plain = await admin.client.get(`${API}/transcriber_profiles`, { query: { userScope: 'backoffice' } });
    expect(plain.body.list.map((p: any) => p._id)).not.toContain(created.body._id);
  });

  it('validates the body', async () => {
    const sysadmin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    const bad = await sysadmin.client.post(`${API}/transcriber_profiles`, { name: '', type: 'kaldi', languages: [] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['name', 'type', 'languages']));
    expect((await sysadmin.client.post(`${API}/transcriber_profiles`, { ...whisper(null), extra: 1 })).status).toBe(400);
  });
});

describe('availability', () => {
  it('says which whisper model is missing and how to get it; a present model file makes it available', async () => {
    const { org, admin } = await team();
    const created = await admin.client.post(`${API}/transcriber_profiles`, whisper(org._id, { config: { model: 'tiny.en' } }));
    expect(created.body.availability).toEqual({ ok: false, reason: 'model not installed: run palabre models pull tiny.en' });
    const models = path.join(server.ctx.config.dataDir, 'models');
    fs.mkdirSync(models, { recursive: true });
    fs.writeFileSync(path.join(models, 'ggml-tiny.en.bin'), 'not really a model');
    expect((await admin.client.get(`${API}/transcriber_profiles/${created.body._id}`)).body.availability).toEqual({ ok: true });
    const openai = await admin.client.post(`${API}/transcriber_profiles`, { name: 'No endpoint', type: 'openai', languages: ['en'], organizationId: org._id });
    expect(openai.body.availability.ok).toBe(false);
    expect(openai.body.availability.reason).toMatch(/endpoint/);
  });

  it('pocketsphinx is available when its library or its program, and its English model, are installed', async () => {
    const user = await server.quickUser();
    const [seeded] = (await user.client.get(`${API}/transcriber_profiles`)).body.list.filter((p: any) => p.type === 'pocketsphinx');
    const decoder = findSharedLibrary('libpocketsphinx.so.3') !== null || ['pocketsphinx_continuous', 'pocketsphinx'].some((b) => findOnPath(b) !== null);
    const installed = decoder && fs.existsSync('/usr/share/pocketsphinx/model/en-us/en-us.lm.bin');
    expect(seeded.availability.ok).toBe(installed);
    if (!installed) expect(seeded.availability.reason).toMatch(/apt-get install/);
  });
});

describe('endpoint addresses', () => {
  it('an organization owner cannot point a profile at loopback; a system administrator can', async () => {
    const { owner, org } = await team();
    const body = { name: 'Local', type: 'openai', languages: ['en'], organizationId: org._id, config: { endpoint: 'http://127.0.0.1:8000/v1', apiKey: 'sk-local' } };
    const refused = await owner.client.post(`${API}/transcriber_profiles`, body);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'config.endpoint': 'error.address_not_allowed' });
    const sysadmin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    const created = await sysadmin.client.post(`${API}/transcriber_profiles`, body);
    expect(created.status).toBe(201);
    expect(created.body.config).toEqual({ endpoint: 'http://127.0.0.1:8000/v1', hasApiKey: true });
  });

  it('an organization owner may save a host name that does not resolve yet: its calls are checked when made', async () => {
    const { owner, org } = await team();
    const body = { name: 'Later', type: 'openai', languages: ['en'], organizationId: org._id, config: { endpoint: 'https://asr.palabre.invalid/v1' } };
    const created = await owner.client.post(`${API}/transcriber_profiles`, body);
    expect(created.status).toBe(201);
    const [row] = await server.ctx.db.select().from(transcriberProfiles).where(eq(transcriberProfiles.id, created.body._id));
    expect((row!.config as { internalEndpoint?: boolean }).internalEndpoint).toBeUndefined();
  });
});

describe('live session fields', () => {
  it('gives profiles translations, the quick-meeting flag and their scope; a replacement without translations keeps them', async () => {
    const { org, admin } = await team();
    const created = await admin.client.post(`${API}/transcriber_profiles`, whisper(org._id, { translations: ['de', 'es', 'de'], quickMeeting: true }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ translations: ['de', 'es'], quickMeeting: true, scope: 'organization' });
    const kept = await admin.client.put(`${API}/transcriber_profiles/${created.body._id}`, whisper(org._id));
    expect(kept.body.translations).toEqual(['de', 'es']);
    const cleared = await admin.client.put(`${API}/transcriber_profiles/${created.body._id}`, whisper(org._id, { translations: [] }));
    expect(cleared.body.translations).toEqual([]);
    const refused = await admin.client.post(`${API}/transcriber_profiles`, whisper(org._id, { translations: ['not a language'] }));
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'translations.0': 'error.invalid' });
    const global = (await admin.client.get(`${API}/organizations/${org._id}/transcriber_profiles`)).body.list.find(
      (p: { organizationId: string | null }) => p.organizationId === null,
    );
    expect(global).toMatchObject({ scope: 'global', translations: [] });
  });
});
