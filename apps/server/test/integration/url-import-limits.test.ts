/**
 * What keeps one user from holding the URL-import workers: a cap on the imports one user has queued
 * or downloading, across every organization, and a minimum transfer rate. A tiny HTTP server on
 * 127.0.0.1 (allowed with MEDIA_IMPORT_ALLOWED_RANGES) serves a media at once, or trickles bytes.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFromUrl } from '../../src/conversations/url-import.ts';
import { conversations } from '../../src/db/schema.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const JFK = fs.readFileSync(path.join(ROOT, '../shared/fixtures/audio/jfk-en.wav'));

let server: TestServer;
let media: http.Server;
let base = '';
const sent: Array<{ name: string; payload: unknown }> = [];
const open = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = await startTestServer({
    env: {
      MEDIA_IMPORT_ALLOWED_RANGES: '127.0.0.0/8',
      MEDIA_IMPORTS_PER_USER: '2',
      // A floor far above what the trickle below can send, whatever the machine's load: the
      // outcome does not depend on timing (the rate is measured over the time that really passed).
      MEDIA_IMPORT_MIN_BYTES_PER_SECOND: '1000',
      MEDIA_IMPORT_RATE_WINDOW_SECONDS: '1',
      MEDIA_IMPORT_TIMEOUT_SECONDS: '30',
    },
  });
  // Jobs are recorded, not run: an import stays queued until the test runs it.
  server.ctx.jobs = { send: async (name, payload) => void sent.push({ name, payload }) };
  media = http.createServer((request, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    if (request.url === '/speech.wav') {
      response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': JFK.length });
      response.end(JFK);
    } else if (request.url === '/trickle') {
      // Never silent long enough for the idle timeout, never ending: at most about 100 bytes/s.
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      const timer = setInterval(() => response.write(Buffer.alloc(10, 1)), 100);
      response.on('close', () => clearInterval(timer));
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

function createFromUrl(owner: TestUser, orgId: string, url: string) {
  const data = new FormData();
  data.append('name', 'Remote speech');
  data.append('url', url);
  return owner.client.request('POST', `/cm-api/api/organizations/${orgId}/conversations/create`, { form: data });
}

const rowOf = async (id: string) => (await server.ctx.db.select().from(conversations).where(eq(conversations.id, id)))[0]!;

describe('URL imports per user', () => {
  it('caps the imports one user has queued or downloading across organizations; creation and retry beyond it answer 429', async () => {
    const user = await server.quickUser();
    const orgs = [];
    for (let n = 0; n < 4; n++) orgs.push(await createOrganization(user.client));

    // A failed import does not count.
    const failed = await createFromUrl(user, orgs[0]!._id, `${base}/missing.wav`);
    expect(failed.status).toBe(201);
    expect((await importFromUrl(server.ctx, failed.body.conversationId, `${base}/missing.wav`)).ok).toBe(false);

    const first = await createFromUrl(user, orgs[1]!._id, `${base}/speech.wav`);
    const second = await createFromUrl(user, orgs[2]!._id, `${base}/speech.wav`);
    expect([first.status, second.status]).toEqual([201, 201]);

    // A third, in yet another organization: refused, and nothing is left of it.
    sent.length = 0;
    const third = await createFromUrl(user, orgs[3]!._id, `${base}/speech.wav`);
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('too_many_requests');
    expect(await server.ctx.db.select().from(conversations).where(eq(conversations.organizationId, orgs[3]!._id))).toEqual([]);
    // Retrying the failed import would make a third: refused, and the media stays as it was.
    const retried = await user.client.post(`/cm-api/api/conversations/${failed.body.conversationId}/retry`);
    expect(retried.status).toBe(429);
    expect((await rowOf(failed.body.conversationId)).status).toBe('error');
    expect(sent).toEqual([]);

    // Another user is not held up by this one.
    const other = await server.quickUser();
    const otherOrg = await createOrganization(other.client);
    expect((await createFromUrl(other, otherOrg._id, `${base}/speech.wav`)).status).toBe(201);

    // Once one download is done, the user may import again.
    expect(await importFromUrl(server.ctx, first.body.conversationId, `${base}/speech.wav`)).toEqual({ ok: true });
    expect((await user.client.post(`/cm-api/api/conversations/${failed.body.conversationId}/retry`)).status).toBe(200);
    expect((await createFromUrl(user, orgs[3]!._id, `${base}/speech.wav`)).status).toBe(429);
  });
});

describe('URL import minimum rate', () => {
  it('stops a download that stays under the minimum rate over a window: status error with the reason, no file kept', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const created = await createFromUrl(owner, org._id, `${base}/trickle`);
    expect(created.status).toBe(201);
    const id = created.body.conversationId;
    const result = await importFromUrl(server.ctx, id, `${base}/trickle`);
    expect(result).toEqual({ ok: false, error: 'the server sent less than 1000 bytes/s over 1 s' });
    const row = await rowOf(id);
    expect(row.status).toBe('error');
    expect(row.processing.log).toMatch(/less than 1000 bytes\/s over 1 s/);
    expect(row.files.originals).toEqual([]);
    const stored = path.join(server.ctx.config.dataDir, 'storage', 'media', id);
    expect(fs.existsSync(stored) ? fs.readdirSync(stored) : []).toEqual([]);

    // A server that sends the media at once is not concerned.
    const fast = await createFromUrl(owner, org._id, `${base}/speech.wav`);
    expect(await importFromUrl(server.ctx, fast.body.conversationId, `${base}/speech.wav`)).toEqual({ ok: true });
  });
});
