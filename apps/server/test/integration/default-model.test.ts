/**
 * The default speech model: a server that finds no whisper model downloads PALABRE_DEFAULT_MODEL in
 * the background, through the outbound-address policy, shows its progress to platform administrators,
 * and makes a whisper profile the default once the verified file is there. When the download host
 * cannot be reached, it says so once and PocketSphinx stays the default.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CatalogueModel } from '@palabre/engines';
import { PLATFORM_ROLE, zSpeechModels, type SpeechModels } from '@palabre/shared';
import { startTestServer, type TestServer, type TestUser } from '../harness/server.ts';

const API = '/cm-api/api';
const MODEL_BYTES = crypto.randomBytes(256 * 1024);
const SHA256 = crypto.createHash('sha256').update(MODEL_BYTES).digest('hex');

/** A catalogue whose `base` is the small file served below. */
const CATALOGUE: CatalogueModel[] = [
  {
    name: 'base',
    kind: 'whisper',
    fileName: 'ggml-base.bin',
    repository: 'palabre/models',
    approxBytes: MODEL_BYTES.length,
    exactBytes: true,
    sha256: SHA256,
    languages: 'multilingual',
    description: 'test model',
  },
];

/** Serves the model file in two halves; the second one only once `release()` is called. */
function modelHost() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.url !== '/palabre/models/resolve/main/ggml-base.bin') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(MODEL_BYTES.length) });
    const half = MODEL_BYTES.length / 2;
    response.write(MODEL_BYTES.subarray(0, half));
    void released.then(() => response.end(MODEL_BYTES.subarray(half)));
  });
  return { server, release, requests };
}

async function speechModels(admin: TestUser): Promise<SpeechModels> {
  const response = await admin.client.get(`${API}/administration/speech_models`);
  expect(response.status).toBe(200);
  return zSpeechModels.parse(response.body);
}

async function until(admin: TestUser, done: (models: SpeechModels) => boolean): Promise<SpeechModels> {
  for (;;) {
    const models = await speechModels(admin);
    if (done(models)) return models;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function globalProfiles(admin: TestUser) {
  const response = await admin.client.get(`${API}/transcriber_profiles`);
  return response.body.list as Array<{ _id: string; type: string; isDefault: boolean; config: { model?: string }; availability: { ok: boolean }; languages: string[] }>;
}

const servers: TestServer[] = [];
const hosts: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const host of hosts.splice(0)) await new Promise((resolve) => host.close(resolve));
});

/** A server whose default model comes from `host` (on loopback, allowed for this test), and its administrator. */
async function serverDownloadingFrom(host: http.Server) {
  hosts.push(host);
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const { port } = host.address() as AddressInfo;
  const server = await startTestServer({
    env: { PALABRE_DEFAULT_MODEL: 'base', PALABRE_MODELS_BASE_URL: `http://127.0.0.1:${port}`, OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' },
    start: { modelCatalogue: CATALOGUE },
  });
  servers.push(server);
  const admin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
  return { server, admin };
}
afterAll(async () => {
  for (const server of servers.splice(0)) await server.close();
});

describe('the default speech model', () => {
  it('downloads into the models folder with its progress shown, then makes whisper the default profile', async () => {
    const host = modelHost();
    const { server, admin } = await serverDownloadingFrom(host.server);

    const halfway = await until(admin, (models) => (models.download?.percent ?? 0) >= 50);
    expect(halfway).toEqual({ download: { model: 'base', state: 'downloading', percent: 50, reason: null }, installed: [] });
    expect((await globalProfiles(admin)).filter((p) => p.isDefault).map((p) => p.type)).toEqual(['pocketsphinx']);

    host.release();
    const done = await until(admin, (models) => models.download?.state !== 'downloading');
    expect(done).toEqual({ download: { model: 'base', state: 'ready', percent: 100, reason: null }, installed: [{ model: 'base', bytes: MODEL_BYTES.length }] });
    expect(host.requests).toEqual(['/palabre/models/resolve/main/ggml-base.bin']);
    const file = path.join(server.ctx.config.dataDir, 'models', 'ggml-base.bin');
    expect(fs.readFileSync(file).equals(MODEL_BYTES)).toBe(true);

    const profiles = await globalProfiles(admin);
    const defaults = profiles.filter((p) => p.isDefault);
    expect(defaults).toHaveLength(1);
    expect(defaults[0]).toMatchObject({ type: 'whisper', config: { model: 'base' }, languages: ['en', 'fr'], availability: { ok: true } });
    expect(profiles.find((p) => p.type === 'pocketsphinx')).toMatchObject({ isDefault: false });
  });

  it('keeps the default profile an administrator saved, and adds the whisper one beside it', async () => {
    const host = modelHost();
    const { admin } = await serverDownloadingFrom(host.server);
    await until(admin, (models) => models.download?.state === 'downloading');
    const [pocketsphinx] = await globalProfiles(admin);
    const saved = await admin.client.put(`${API}/transcriber_profiles/${pocketsphinx!._id}`, { name: 'PocketSphinx', type: 'pocketsphinx', languages: ['en'], isDefault: true });
    expect(saved.status).toBe(200);

    host.release();
    await until(admin, (models) => models.download?.state === 'ready');
    const profiles = await globalProfiles(admin);
    expect(profiles.filter((p) => p.isDefault).map((p) => p._id)).toEqual([pocketsphinx!._id]);
    expect(profiles.find((p) => p.type === 'whisper')).toMatchObject({ isDefault: false, config: { model: 'base' }, availability: { ok: true } });
  });

  it('on a machine that cannot reach the download host, says so once and PocketSphinx stays the default', async () => {
    const server = await startTestServer({
      env: { PALABRE_DEFAULT_MODEL: 'base', PALABRE_MODELS_BASE_URL: 'https://models.invalid' },
      captureLog: true,
      start: { modelCatalogue: CATALOGUE },
    });
    servers.push(server);
    const admin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    const failed = await until(admin, (models) => models.download?.state !== 'downloading');
    expect(failed).toEqual({ download: { model: 'base', state: 'failed', percent: null, reason: 'unreachable' }, installed: [] });
    expect((await globalProfiles(admin)).filter((p) => p.isDefault).map((p) => p.type)).toEqual(['pocketsphinx']);
    expect(fs.readdirSync(path.join(server.ctx.config.dataDir, 'models'))).toEqual([]);

    const warnings = server
      .logged()
      .split('\n')
      .filter((line) => line.includes('could not be downloaded'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, model: 'base', reason: 'unreachable' });
    expect(warnings[0]).not.toMatch(/stack|\s+at\s/);

    // An administrator may ask again; it fails the same way, said once more.
    const retried = await admin.client.post(`${API}/administration/speech_models/retry`, {});
    expect(retried.status).toBe(200);
    await until(admin, (models) => models.download?.state === 'failed');
    expect(
      server
        .logged()
        .split('\n')
        .filter((line) => line.includes('could not be downloaded')),
    ).toHaveLength(2);
  });

  it('refuses a file that is not the expected one, installs nothing, and installs it when tried again', async () => {
    let body = Buffer.from(MODEL_BYTES).fill(0, 0, 16);
    const host = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-length': String(body.length) }).end(body);
    });
    const { server, admin } = await serverDownloadingFrom(host);
    const failed = await until(admin, (models) => models.download?.state !== 'downloading');
    expect(failed).toEqual({ download: { model: 'base', state: 'failed', percent: null, reason: 'checksum_mismatch' }, installed: [] });
    expect(fs.readdirSync(path.join(server.ctx.config.dataDir, 'models'))).toEqual([]);

    body = MODEL_BYTES;
    expect((await admin.client.post(`${API}/administration/speech_models/retry`, {})).status).toBe(200);
    const done = await until(admin, (models) => models.download?.state !== 'downloading');
    expect(done.download).toMatchObject({ state: 'ready', percent: 100 });
    expect((await globalProfiles(admin)).filter((p) => p.isDefault).map((p) => p.type)).toEqual(['whisper']);
  });

  it('without the outbound policy allowing the download host, fails saying so', async () => {
    const server = await startTestServer({
      env: { PALABRE_DEFAULT_MODEL: 'base', PALABRE_MODELS_BASE_URL: 'http://127.0.0.1:9' },
      start: { modelCatalogue: CATALOGUE },
    });
    servers.push(server);
    const admin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    const failed = await until(admin, (models) => models.download?.state !== 'downloading');
    expect(failed.download).toEqual({ model: 'base', state: 'failed', percent: null, reason: 'address_not_allowed' });
  });

  it('is shown to platform administrators only', async () => {
    const server = await startTestServer();
    servers.push(server);
    const user = await server.quickUser();
    expect((await user.client.get(`${API}/administration/speech_models`)).status).toBe(403);
    expect((await user.client.post(`${API}/administration/speech_models/retry`, {})).status).toBe(403);
    const admin = await server.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    expect(await speechModels(admin)).toEqual({ download: null, installed: [] });
  });
});
