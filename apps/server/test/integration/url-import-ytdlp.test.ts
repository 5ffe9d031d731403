/**
 * URL import of a page through Debian's yt-dlp: every connection yt-dlp makes passes the outbound-
 * address policy. This server allows 127.0.0.1/32 only; the pages are served there, and an
 * "internal" server on 127.0.0.2 stands for any address the platform must not reach.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { findOnPath } from '@palabre/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFromUrl } from '../../src/conversations/url-import.ts';
import { conversations } from '../../src/db/schema.ts';
import { createOrganization, insertPendingUrlMedia, startTestServer, type TestServer } from '../harness/server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const JFK = fs.readFileSync(path.join(ROOT, '../shared/fixtures/audio/jfk-en.wav'));

let server: TestServer;
let pages: http.Server;
let internal: http.Server;
let pagesBase = '';
let internalBase = '';
const internalHits: string[] = [];

const html = (body: string) => `<!doctype html><html><head><title>A talk</title></head><body>${body}</body></html>`;

beforeAll(async () => {
  server = await startTestServer({ env: { OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' } });
  server.ctx.jobs = { send: async () => undefined };
  internal = http.createServer((request, response) => {
    internalHits.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': JFK.length }).end(JFK);
  });
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.2', resolve));
  internalBase = `http://127.0.0.2:${(internal.address() as AddressInfo).port}`;
  pages = http.createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/talk.wav') response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': JFK.length }).end(JFK);
    else if (url === '/allowed.html') response.writeHead(200, { 'content-type': 'text/html' }).end(html('<audio controls src="/talk.wav"></audio>'));
    else if (url === '/internal.html') response.writeHead(200, { 'content-type': 'text/html' }).end(html(`<audio controls src="${internalBase}/secret.wav"></audio>`));
    else if (url === '/hop.wav') response.writeHead(302, { location: `${internalBase}/secret.wav` }).end();
    else if (url === '/hop.html') response.writeHead(200, { 'content-type': 'text/html' }).end(html('<audio controls src="/hop.wav"></audio>'));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesBase = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => pages?.close(resolve));
  await new Promise((resolve) => internal?.close(resolve));
  await server?.close();
});

const rowOf = async (id: string) => (await server.ctx.db.select().from(conversations).where(eq(conversations.id, id)))[0]!;

const ytDlpInstalled = findOnPath('yt-dlp') !== null;

describe('URL import of a page through yt-dlp', () => {
  it('yt-dlp is installed (scripts/ensure-system.sh test)', () => {
    expect(ytDlpInstalled).toBe(true);
  });

  it('imports the media a page on an allowed address points to', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const row = await insertPendingUrlMedia(server, org._id, owner.id, `${pagesBase}/allowed.html`);
    expect(await importFromUrl(server.ctx, row.id)).toEqual({ ok: true });
    const after = await rowOf(row.id);
    expect(after.files.originals).toHaveLength(1);
    expect(fs.readFileSync(path.join(server.ctx.config.dataDir, 'storage', after.files.originals[0]!.key)).equals(JFK)).toBe(true);
  }, 60_000);

  it('refuses a page that points yt-dlp at an address outside the allowed ranges, directly or by a redirect; the log names no address', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    for (const page of ['/internal.html', '/hop.html']) {
      const row = await insertPendingUrlMedia(server, org._id, owner.id, `${pagesBase}${page}`);
      const result = await importFromUrl(server.ctx, row.id);
      expect(result.ok, page).toBe(false);
      const after = await rowOf(row.id);
      expect(after.status, page).toBe('error');
      expect(after.processing.log, page).toMatch(/not allowed/);
      expect(after.processing.log, page).not.toContain('127.0.0.2');
      expect(after.files.originals).toEqual([]);
    }
    expect(internalHits).toEqual([]);
  }, 60_000);
});
