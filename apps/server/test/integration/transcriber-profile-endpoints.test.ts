/**
 * Transcriber profile endpoints obey the outbound-address policy. This server allows 127.0.0.1/32
 * only (OUTBOUND_ALLOWED_RANGES): a fake OpenAI-compatible server listens there, and an "internal"
 * one on 127.0.0.2 stands for any address the platform must not reach on an organization's behalf.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLATFORM_ROLE } from '@palabre/shared';
import { outboundFetch, outboundPolicy } from '../../src/net/outbound.ts';
import { createEngine } from '../../src/pipeline/engines.ts';
import { profileFetch } from '../../src/transcriber-profiles/endpoint.ts';
import { transcriberProfilesRepo } from '../../src/transcriber-profiles/repo.ts';
import { createOrganization, startTestServer, type TestServer } from '../harness/server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const WAV = path.join(ROOT, '../shared/fixtures/audio/jfk-en.wav');
const API = '/cm-api/api';
const SECRET = 'sk-never-leaves-its-host';
const VERBOSE = { language: 'en', segments: [{ start: 0, end: 1, text: 'hello' }] };

interface Seen {
  url: string;
  authorization: string | undefined;
}

let server: TestServer;
let allowed: http.Server;
let internal: http.Server;
let allowedBase = '';
let internalBase = '';
const seenAllowed: Seen[] = [];
const seenInternal: Seen[] = [];

function fakeAsr(seen: Seen[], redirectTo?: () => string) {
  return http.createServer((request, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    request.resume();
    request.on('end', () => {
      if (redirectTo) return void response.writeHead(307, { location: `${redirectTo()}${request.url}` }).end();
      if (request.url === '/big') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(5000));
      if (request.url?.endsWith('/models')) return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(VERBOSE));
    });
  });
}

const listen = (s: http.Server, host: string) => new Promise<string>((resolve) => s.listen(0, host, () => resolve(`http://${host}:${(s.address() as AddressInfo).port}`)));

beforeAll(async () => {
  server = await startTestServer({ env: { OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' } });
  internal = fakeAsr(seenInternal);
  internalBase = await listen(internal, '127.0.0.2');
  allowed = fakeAsr(seenAllowed, () => internalBase);
  allowedBase = await listen(allowed, '127.0.0.1');
});
afterAll(async () => {
  await new Promise((resolve) => allowed?.close(resolve));
  await new Promise((resolve) => internal?.close(resolve));
  await server?.close();
});
beforeEach(() => {
  seenAllowed.length = 0;
  seenInternal.length = 0;
});

const openai = (organizationId: string, endpoint: string, extra: object = {}) => ({
  name: 'Hosted',
  type: 'openai',
  languages: ['en'],
  organizationId,
  config: { endpoint, apiKey: SECRET },
  ...extra,
});

async function engineOf(id: string) {
  const row = (await transcriberProfilesRepo.byId(server.ctx.db, id))!;
  return createEngine(row, { modelsDir: path.join(server.ctx.config.dataDir, 'models'), fetch: profileFetch(server.ctx.config, row) });
}

describe('transcriber profile endpoints', () => {
  it('an organization owner cannot point a profile at an address outside the allowed ranges; the answer names no address', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    for (const endpoint of [`${internalBase}/v1`, 'http://[::1]:9/v1', 'http://169.254.169.254/latest', 'http://[::ffff:10.0.0.1]/v1', 'http://[64:ff9b::7f00:2]/v1']) {
      const created = await owner.client.post(`${API}/transcriber_profiles`, openai(org._id, endpoint));
      expect(created.status, endpoint).toBe(400);
      expect(created.body.fields, endpoint).toEqual({ 'config.endpoint': 'error.address_not_allowed' });
      expect(created.body.message).not.toMatch(/127\.0\.0|::1|10\.0\.0\.1|169\.254/);
    }
    expect(seenInternal).toEqual([]);
    // Nor by changing an allowed profile's endpoint.
    const fine = await owner.client.post(`${API}/transcriber_profiles`, openai(org._id, `${allowedBase}/v1`));
    expect(fine.status).toBe(201);
    const moved = await owner.client.put(`${API}/transcriber_profiles/${fine.body._id}`, openai(org._id, `${internalBase}/v1`));
    expect(moved.status).toBe(400);
    expect(moved.body.fields).toEqual({ 'config.endpoint': 'error.address_not_allowed' });
  });

  it('a redirect from an allowed endpoint to an internal one is not followed: the API key never reaches it', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const created = await owner.client.post(`${API}/transcriber_profiles`, openai(org._id, `${allowedBase}/v1`));
    expect(created.status).toBe(201);
    const engine = await engineOf(created.body._id);
    const available = await engine.availability({ language: 'en' });
    expect(available.ok).toBe(false);
    await expect(engine.transcribe({ wavPath: WAV, language: 'en' })).rejects.toThrow(/redirect/);
    expect(seenAllowed.map((s) => s.url)).toEqual(['/v1/models', '/v1/audio/transcriptions']);
    expect(seenInternal).toEqual([]);
    expect(JSON.stringify(available)).not.toContain('127.0.0.2');
  });

  it('a system administrator may set an internal endpoint; calls then reach it, and owners keep it only unchanged', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const sysadmin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    const created = await sysadmin.client.post(`${API}/transcriber_profiles`, openai(org._id, `${internalBase}/v1`));
    expect(created.status).toBe(201);
    expect(created.body.config).toEqual({ endpoint: `${internalBase}/v1`, hasApiKey: true });

    const engine = await engineOf(created.body._id);
    expect(await engine.availability({ language: 'en' })).toEqual({ ok: true });
    const result = await engine.transcribe({ wavPath: WAV, language: 'en' });
    expect(result.segments[0]!.words.map((w) => w.word)).toEqual(['hello']);
    expect(seenInternal.map((s) => s.authorization)).toEqual([`Bearer ${SECRET}`, `Bearer ${SECRET}`]);

    const renamed = await owner.client.put(`${API}/transcriber_profiles/${created.body._id}`, openai(org._id, `${internalBase}/v1`, { name: 'Renamed' }));
    expect(renamed.status).toBe(200);
    const moved = await owner.client.put(`${API}/transcriber_profiles/${created.body._id}`, openai(org._id, `${internalBase}/v2`));
    expect(moved.status).toBe(400);
    expect(moved.body.fields).toEqual({ 'config.endpoint': 'error.address_not_allowed' });

    // Global profiles are only saved by system administrators: their endpoints are reached too.
    const global = await sysadmin.client.post(`${API}/transcriber_profiles`, { ...openai(org._id, `${internalBase}/v1`), organizationId: null });
    expect(global.status).toBe(201);
    expect(await (await engineOf(global.body._id)).availability({ language: 'en' })).toEqual({ ok: true });
  });

  it('an unreachable endpoint is reported without the address its host name resolved to', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const sysadmin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    const closed = http.createServer();
    const port = Number(new URL(await listen(closed, '127.0.0.1')).port);
    await new Promise((resolve) => closed.close(resolve));
    const created = await sysadmin.client.post(`${API}/transcriber_profiles`, openai(org._id, `http://localhost:${port}/v1`));
    expect(created.status).toBe(201);
    const engine = await engineOf(created.body._id);
    const available = await engine.availability({ language: 'en' });
    expect(available.ok).toBe(false);
    const failure = await engine.transcribe({ wavPath: WAV, language: 'en' }).catch((error: Error) => error);
    expect(String(failure)).toMatch(/could not be reached/);
    for (const text of [JSON.stringify(available), String(failure)]) expect(text).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it('answers of an endpoint are bounded in size', async () => {
    const fetch = outboundFetch(outboundPolicy(server.ctx.config, { anyAddress: true }), { maxResponseBytes: 1000 });
    const response = await fetch(`${internalBase}/big`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });
});
