/**
 * AI profiles: who manages which, the API key written but never read back, one default per scope,
 * the outbound-address policy on endpoints (an organization admin's loopback endpoint refused, a
 * platform administrator's approved), availability against a server speaking the chat protocol, and
 * which profile a generation uses.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_ROLE, zAiProfile, zList } from '@palabre/shared';
import { usableAiProfile, type StoredAiConfig } from '../../src/ai-profiles/resolve.ts';
import { aiProfiles } from '../../src/db/schema.ts';
// eslint-disable-next-line palabre/imports -- the engines' test server for the chat protocol, shared by their tests and these
import { startChatModelServer, type ChatModelServer } from '../../../../packages/engines/test/support/chat-model-server.ts';
import { createOrganization, joinByInvitation, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';

const API = '/cm-api/api';
const SECRET = 'sk-ai-never-leaves-its-host';

let server: TestServer;
let model: ChatModelServer;
let sysadmin: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  model = await startChatModelServer({ models: ['llama-3.1-8b', 'mistral-7b'], apiKey: SECRET });
  sysadmin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
});
afterAll(async () => {
  await model?.close();
  await server?.close();
});

async function team() {
  const owner = await server.quickUser();
  const org = await createOrganization(owner.client);
  const admin = await server.quickUser();
  const member = await server.quickUser();
  await joinByInvitation(server, owner.client, org._id, admin, 3);
  await joinByInvitation(server, owner.client, org._id, member, 1);
  return { owner, org, admin, member };
}

const profile = (organizationId: string | null, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  name: 'Llama',
  description: 'A local model',
  organizationId,
  ...extra,
  config: { endpoint: model.url, model: 'llama-3.1-8b', apiKey: SECRET, contextTokens: 8192, ...config },
});

/** An organization's profile, saved by a platform administrator (its loopback endpoint is then approved). */
async function orgProfile(organizationId: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) {
  const created = await sysadmin.client.post(`${API}/ai_profiles`, profile(organizationId, extra, config));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

describe('management', () => {
  it('lets platform administrators manage global profiles and refuses everyone else', async () => {
    const { owner, admin, member } = await team();
    for (const user of [owner, admin, member]) expect((await user.client.post(`${API}/ai_profiles`, profile(null))).status).toBe(403);
    const created = await sysadmin.client.post(`${API}/ai_profiles`, profile(null, { name: 'Global llama' }));
    expect(created.status).toBe(201);
    zAiProfile.parse(created.body);
    expect(created.body).toMatchObject({ scope: 'global', organizationId: null, config: { endpoint: model.url, model: 'llama-3.1-8b', contextTokens: 8192, hasApiKey: true } });
    expect(JSON.stringify(created.body)).not.toContain(SECRET);
    const id = created.body._id;
    expect((await admin.client.put(`${API}/ai_profiles/${id}`, profile(null, { name: 'Taken' }))).status).toBe(403);
    expect((await admin.client.delete(`${API}/ai_profiles/${id}`)).status).toBe(403);
    // Everyone signed in sees the global profiles.
    const listed = await member.client.get(`${API}/ai_profiles`);
    zList(zAiProfile).parse(listed.body);
    expect(listed.body.list.map((p: any) => p._id)).toContain(id);
    expect((await sysadmin.client.delete(`${API}/ai_profiles/${id}`)).status).toBe(204);
    expect((await sysadmin.client.get(`${API}/ai_profiles/${id}`)).status).toBe(404);
  });

  it("lets an organization's admins manage its profiles; members only read them and outsiders do not see them", async () => {
    const { org, admin, member } = await team();
    const outsider = await server.quickUser();
    // An administrator's own endpoint must pass the outbound policy: a host name that does not resolve yet does.
    const body = profile(org._id, {}, { endpoint: 'https://llm.palabre.invalid/v1' });
    expect((await member.client.post(`${API}/ai_profiles`, body)).status).toBe(403);
    const created = await admin.client.post(`${API}/ai_profiles`, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body._id;
    expect(created.body).toMatchObject({ scope: 'organization', organizationId: org._id, availability: { ok: false, reason: 'the server does not answer' } });
    expect((await member.client.get(`${API}/ai_profiles/${id}`)).status).toBe(200);
    expect((await member.client.get(`${API}/organizations/${org._id}/ai_profiles`)).body.list.map((p: any) => p._id)).toContain(id);
    expect((await outsider.client.get(`${API}/ai_profiles/${id}`)).status).toBe(404);
    expect((await outsider.client.get(`${API}/organizations/${org._id}/ai_profiles`)).status).toBe(404);
    expect((await member.client.put(`${API}/ai_profiles/${id}`, body)).status).toBe(403);
    expect((await member.client.delete(`${API}/ai_profiles/${id}`)).status).toBe(403);
    expect((await outsider.client.delete(`${API}/ai_profiles/${id}`)).status).toBe(404);
    const renamed = await admin.client.put(`${API}/ai_profiles/${id}`, { ...body, name: 'Renamed' });
    expect(renamed.body.name).toBe('Renamed');
    // The scope is set once.
    const moved = await admin.client.put(`${API}/ai_profiles/${id}`, { ...body, organizationId: null });
    expect(moved.status).toBe(400);
    // The backoffice scope lists every profile for platform administrators only.
    expect((await sysadmin.client.get(`${API}/ai_profiles`, { query: { userScope: 'backoffice' } })).body.list.map((p: any) => p._id)).toContain(id);
    expect((await admin.client.get(`${API}/ai_profiles`, { query: { userScope: 'backoffice' } })).body.list.map((p: any) => p._id)).not.toContain(id);
    expect((await admin.client.delete(`${API}/ai_profiles/${id}`)).status).toBe(204);
  });

  it('writes the API key but never reads it back: absent keeps it, "" removes it', async () => {
    const { org } = await team();
    const created = await orgProfile(org._id);
    const keep = await sysadmin.client.put(`${API}/ai_profiles/${created._id}`, profile(org._id, {}, { apiKey: undefined }));
    expect(keep.body.config.hasApiKey).toBe(true);
    const [row] = await server.ctx.db.select().from(aiProfiles).where(eq(aiProfiles.id, created._id));
    expect(row!.config.apiKey).toBe(SECRET);
    for (const answer of [keep.body, (await sysadmin.client.get(`${API}/ai_profiles/${created._id}`)).body]) expect(JSON.stringify(answer)).not.toContain(SECRET);
    const removed = await sysadmin.client.put(`${API}/ai_profiles/${created._id}`, profile(org._id, {}, { apiKey: '' }));
    expect(removed.body.config.hasApiKey).toBe(false);
    // Without its key the server refuses the list of models.
    expect(removed.body.availability).toEqual({ ok: false, reason: 'the server refused the API key' });
  });

  it('keeps one default per scope', async () => {
    const { org, admin } = await team();
    const first = await admin.client.post(`${API}/ai_profiles`, profile(org._id, { name: 'First', isDefault: true }, { endpoint: 'https://one.palabre.invalid/v1' }));
    const second = await admin.client.post(`${API}/ai_profiles`, profile(org._id, { name: 'Second', isDefault: true }, { endpoint: 'https://two.palabre.invalid/v1' }));
    const list = (await admin.client.get(`${API}/organizations/${org._id}/ai_profiles`)).body.list.filter((p: any) => p.organizationId === org._id);
    expect(list.map((p: any) => [p.name, p.isDefault])).toEqual([
      ['Second', true],
      ['First', false],
    ]);
    await admin.client.put(`${API}/ai_profiles/${first.body._id}`, profile(org._id, { name: 'First', isDefault: true }, { endpoint: 'https://one.palabre.invalid/v1' }));
    expect((await admin.client.get(`${API}/ai_profiles/${second.body._id}`)).body.isDefault).toBe(false);
  });

  it('validates the body', async () => {
    const bad = await sysadmin.client.post(`${API}/ai_profiles`, { name: '', config: { endpoint: 'not a url', model: '', contextTokens: 10 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['name', 'config.endpoint', 'config.model', 'config.contextTokens']));
    expect((await sysadmin.client.post(`${API}/ai_profiles`, { ...profile(null), extra: 1 })).status).toBe(400);
  });
});

describe('endpoint addresses', () => {
  it("refuses an organization admin's loopback endpoint; a platform administrator's is approved and its calls reach it", async () => {
    const { org, admin } = await team();
    const refused = await admin.client.post(`${API}/ai_profiles`, profile(org._id));
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'config.endpoint': 'error.address_not_allowed' });
    expect(refused.body.message).not.toMatch(/127\.0\.0\.1/);
    const approved = await orgProfile(org._id);
    expect(approved.availability).toEqual({ ok: true });
    const [row] = await server.ctx.db.select().from(aiProfiles).where(eq(aiProfiles.id, approved._id));
    expect((row!.config as StoredAiConfig).internalEndpoint).toBe(true);
    // The admin keeps the approved endpoint unchanged, and cannot move it to another internal one.
    expect((await admin.client.put(`${API}/ai_profiles/${approved._id}`, profile(org._id, { name: 'Renamed' }))).status).toBe(200);
    const moved = await admin.client.put(`${API}/ai_profiles/${approved._id}`, profile(org._id, {}, { endpoint: model.url.replace('/v1', '/v2') }));
    expect(moved.status).toBe(400);
    expect(moved.body.fields).toEqual({ 'config.endpoint': 'error.address_not_allowed' });
  });
});

describe('availability', () => {
  it('is ok when the server offers the model, and says why not otherwise', async () => {
    const { org } = await team();
    const ok = await orgProfile(org._id);
    expect(ok.availability).toEqual({ ok: true });
    const listed = model.requests.filter((r) => r.path.endsWith('/models')).at(-1)!;
    expect(listed.headers.authorization).toBe(`Bearer ${SECRET}`);
    const missing = await orgProfile(org._id, { name: 'Missing' }, { model: 'gpt-5' });
    expect(missing.availability).toEqual({ ok: false, reason: 'the server does not offer the model "gpt-5"' });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const silent = await orgProfile(org._id, { name: 'Silent' }, { endpoint: `http://127.0.0.1:${port}/v1` });
    expect(silent.availability).toEqual({ ok: false, reason: 'the server does not answer' });
    expect(JSON.stringify(silent)).not.toMatch(/ECONNREFUSED/);
  });

  it('is remembered briefly: listing again does not call the server', async () => {
    const { org } = await team();
    const created = await orgProfile(org._id);
    const before = model.requests.length;
    await sysadmin.client.get(`${API}/ai_profiles/${created._id}`);
    await sysadmin.client.get(`${API}/organizations/${org._id}/ai_profiles`);
    expect(model.requests.length).toBe(before);
  });
});

describe('the profile a generation uses', () => {
  it("is the one asked for, else the organization's default, else the global default; a foreign id is not found", async () => {
    const { org } = await team();
    const other = await createOrganization((await server.quickUser()).client);
    expect(await usableAiProfile(server.ctx, org._id)).toBeNull();
    const global = await sysadmin.client.post(`${API}/ai_profiles`, profile(null, { name: 'Global default', isDefault: true }));
    expect((await usableAiProfile(server.ctx, org._id))?.id).toBe(global.body._id);
    const own = await orgProfile(org._id, { name: 'Own default', isDefault: true });
    const plain = await orgProfile(org._id, { name: 'Plain' });
    const chosen = await usableAiProfile(server.ctx, org._id);
    expect(chosen).toMatchObject({ id: own._id, name: 'Own default', model: { endpoint: model.url, model: 'llama-3.1-8b', apiKey: SECRET, contextTokens: 8192 } });
    expect((await usableAiProfile(server.ctx, org._id, plain._id))?.id).toBe(plain._id);
    expect(await usableAiProfile(server.ctx, org._id, 'extractive')).toBeNull();
    await expect(usableAiProfile(server.ctx, other._id, own._id)).rejects.toMatchObject({ code: 'not_found' });
    // Another organization still gets the global default.
    expect((await usableAiProfile(server.ctx, other._id))?.id).toBe(global.body._id);
    await sysadmin.client.delete(`${API}/ai_profiles/${global.body._id}`);
  });
});
