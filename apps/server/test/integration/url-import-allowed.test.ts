/**
 * URL import from a range an administrator allows (MEDIA_IMPORT_ALLOWED_RANGES=127.0.0.0/8): a
 * tiny HTTP server on 127.0.0.1 serves the fixture, redirects, never-ending and slow bodies.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { findOnPath } from '@palabre/engines';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { importFromUrl } from '../../src/conversations/url-import.ts';
import { conversations } from '../../src/db/schema.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const JFK = fs.readFileSync(path.join(ROOT, '../shared/fixtures/audio/jfk-en.wav'));
const LIMIT = 400_000;

let server: TestServer;
let media: http.Server;
let base = '';
const sent: Array<{ name: string; payload: any }> = [];
const open = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = await startTestServer({
    env: { MEDIA_IMPORT_ALLOWED_RANGES: '127.0.0.0/8', MAX_UPLOAD_BYTES: String(LIMIT), MEDIA_IMPORT_TIMEOUT_SECONDS: '120', MEDIA_IMPORT_IDLE_TIMEOUT_SECONDS: '60' },
  });
  server.ctx.jobs = { send: async (name, payload) => void sent.push({ name, payload }) };
  media = http.createServer((request, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    const url = request.url ?? '/';
    if (url === '/speech/jfk-en.wav') {
      response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': JFK.length });
      response.end(JFK);
    } else if (url === '/redirect') {
      response.writeHead(302, { location: '/speech/jfk-en.wav' }).end();
    } else if (url === '/to-metadata') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (url === '/loop') {
      response.writeHead(302, { location: '/loop' }).end();
    } else if (url === '/forever') {
      // A live stream that never ends: the size limit stops it.
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      const chunk = Buffer.alloc(16 * 1024, 0x55);
      const timer = setInterval(() => response.write(chunk), 5);
      response.on('close', () => clearInterval(timer));
    } else if (url === '/slow') {
      // A trickle that never ends and stays under the limit: the timeout stops it.
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      const timer = setInterval(() => response.write(Buffer.alloc(10, 1)), 100);
      response.on('close', () => clearInterval(timer));
    } else if (url === '/stall') {
      // A few bytes, then silence: the idle timeout stops it long before the total timeout.
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      response.write(Buffer.alloc(100, 1));
    } else if (url === '/silent') {
      // Accepts the connection and never answers.
    } else if (url === '/declared-big') {
      response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(LIMIT + 1) });
      response.write(JFK.subarray(0, 1000));
    } else if (url === '/page') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>a video page</html>');
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const response of open) response.destroy();
  await new Promise((resolve) => media?.close(resolve));
  await server?.close();
});
beforeEach(() => {
  sent.length = 0;
});

function storedFiles(): string[] {
  const root = path.join(server.ctx.config.dataDir, 'storage', 'media');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());
}

async function createFromUrl(owner: TestUser, orgId: string, url: string): Promise<string> {
  const data = new FormData();
  data.append('name', 'Remote speech');
  data.append('url', url);
  const response = await owner.client.request('POST', `/cm-api/api/organizations/${orgId}/conversations/create`, { form: data });
  if (response.status !== 201) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  return response.body.conversationId;
}

const rowOf = async (id: string) => (await server.ctx.db.select().from(conversations).where(eq(conversations.id, id)))[0]!;

describe('URL import from an allowed range', () => {
  it('downloads a direct media URL into storage, records the original and queues preprocessing', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const url = `${base}/speech/jfk-en.wav`;
    const id = await createFromUrl(owner, org._id, url);
    expect(sent).toEqual([{ name: 'media.import-url', payload: { conversationId: id, url } }]);
    expect((await rowOf(id)).source).toBe('url');

    expect(await importFromUrl(server.ctx, id, url)).toEqual({ ok: true });
    const row = await rowOf(id);
    expect(row.status).toBe('pending');
    expect(row.files.originals).toEqual([{ key: `media/${id}/original-0.wav`, name: 'jfk-en.wav', size: JFK.length, mimeType: 'audio/wav' }]);
    expect(fs.readFileSync(path.join(server.ctx.config.dataDir, 'storage', row.files.originals[0]!.key)).equals(JFK)).toBe(true);
    expect(sent.at(-1)).toEqual({ name: 'media.preprocess', payload: { conversationId: id } });

    const served = await owner.client.get(`/cm-api/api/conversations/${id}/media`, { headers: { range: 'bytes=0-3' } });
    expect(served.status).toBe(206);
    expect(served.bytes.toString('latin1')).toBe('RIFF');

    // Delivered twice (a job retried after a crash): nothing downloaded again, preprocessing requeued.
    expect(await importFromUrl(server.ctx, id, url)).toEqual({ ok: true });
    expect(storedFiles().filter((f) => f.includes(id))).toHaveLength(1);
  });

  it('follows redirects, checking every hop', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const id = await createFromUrl(owner, org._id, `${base}/redirect`);
    expect(await importFromUrl(server.ctx, id, `${base}/redirect`)).toEqual({ ok: true });
    expect((await rowOf(id)).files.originals[0]!.size).toBe(JFK.length);

    const metadata = await createFromUrl(owner, org._id, `${base}/to-metadata`);
    const refused = await importFromUrl(server.ctx, metadata, `${base}/to-metadata`);
    expect(refused.ok).toBe(false);
    const log = (await rowOf(metadata)).processing.log;
    expect(log).toMatch(/this address is not allowed/);
    expect(log).not.toMatch(/169\.254|link-local/);

    const loop = await createFromUrl(owner, org._id, `${base}/loop`);
    expect((await importFromUrl(server.ctx, loop, `${base}/loop`)).error).toMatch(/redirects/);
  });

  it('stops a body that never ends at the size limit, a trickle at the total timeout, a stalled server at the idle timeout: status error, no file left', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const before = storedFiles().length;
    // Short limits for this test only: elsewhere a busy machine must never turn a good download
    // into an idle timeout.
    const limits = { total: server.ctx.config.mediaImportTimeoutMs, idle: server.ctx.config.mediaImportIdleTimeoutMs };
    server.ctx.config.mediaImportTimeoutMs = 3_000;
    server.ctx.config.mediaImportIdleTimeoutMs = 1_000;
    onTestFinished(() => {
      server.ctx.config.mediaImportTimeoutMs = limits.total;
      server.ctx.config.mediaImportIdleTimeoutMs = limits.idle;
    });
    for (const [route, reason] of [
      ['/forever', /too big/],
      ['/declared-big', /too big/],
      ['/slow', /did not finish within 3 s/],
      ['/stall', /sent nothing for 1 s/],
      ['/silent', /sent nothing for 1 s/],
    ] as const) {
      const id = await createFromUrl(owner, org._id, `${base}${route}`);
      const result = await importFromUrl(server.ctx, id, `${base}${route}`);
      expect(result.ok, route).toBe(false);
      const row = await rowOf(id);
      expect(row.status, route).toBe('error');
      expect(row.processing.log, route).toMatch(reason);
      expect(row.files.originals).toEqual([]);
      expect(storedFiles()).toHaveLength(before);
      const partials = (fs.readdirSync(path.join(server.ctx.config.dataDir, 'storage'), { recursive: true }) as string[]).filter((f) => f.endsWith('.part'));
      expect(partials, route).toEqual([]);
      expect(sent.filter((s) => s.name === 'media.preprocess')).toEqual([]);
    }
  });

  it('a failed import is not downloaded again by a re-delivered job; retry queues the import again', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const url = `${base}/declared-big`;
    const id = await createFromUrl(owner, org._id, url);
    expect((await importFromUrl(server.ctx, id, url)).ok).toBe(false);
    expect(await importFromUrl(server.ctx, id, url)).toEqual({ ok: false, error: 'the media is error' });
    sent.length = 0;
    const retried = await owner.client.post(`/cm-api/api/conversations/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('pending');
    expect(sent).toEqual([{ name: 'media.import-url', payload: { conversationId: id, url } }]);
  });

  it('a page that is not a media needs yt-dlp; without it the media ends in error with the reason', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const id = await createFromUrl(owner, org._id, `${base}/page`);
    const result = await importFromUrl(server.ctx, id, `${base}/page`);
    const ytDlp = findOnPath('yt-dlp') !== null;
    expect(result.ok).toBe(false);
    if (!ytDlp) expect(result.error).toMatch(/yt-dlp is not installed/);
    expect((await rowOf(id)).status).toBe('error');
  });

  it('a failed connection is reported without the address the host name resolved to', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const url = `http://localhost:${port}/a.wav`;
    const id = await createFromUrl(owner, org._id, url);
    expect((await importFromUrl(server.ctx, id, url)).ok).toBe(false);
    const log = (await rowOf(id)).processing.log;
    expect(log).toMatch(/could not be imported/);
    expect(log).not.toMatch(/127\.0\.0\.1|::1/);
  });

  it('loopback outside the allowed range (IPv6 ::1) is still refused', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const data = new FormData();
    data.append('name', 'v6');
    data.append('url', 'http://[::1]/a.wav');
    const response = await owner.client.request('POST', `/cm-api/api/organizations/${org._id}/conversations/create`, { form: data });
    expect(response.status).toBe(400);
  });
});
