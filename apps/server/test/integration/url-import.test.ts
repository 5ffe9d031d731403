/**
 * URL import without allowed ranges: every address a server must not reach on a user's behalf is
 * refused, at creation time (400) and again by the import job (status error, readable log, no file).
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFromUrl } from '../../src/conversations/url-import.ts';
import { conversations } from '../../src/db/schema.ts';
import { createOrganization, insertPendingUrlMedia, startTestServer, type TestServer } from '../harness/server.ts';

let server: TestServer;
const sent: Array<{ name: string; payload: any }> = [];
beforeAll(async () => {
  server = await startTestServer();
  server.ctx.jobs = { send: async (name, payload) => void sent.push({ name, payload }) };
});
afterAll(() => server?.close());

const REFUSED = [
  'http://127.0.0.1:8080/a.wav',
  'http://127.1/a.wav',
  'http://[::1]/a.wav',
  'http://[::ffff:127.0.0.1]/a.wav',
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.7/a.wav',
  'http://192.168.1.1/a.wav',
  'http://100.64.0.1/a.wav',
  'http://0.0.0.0/a.wav',
  'http://[fe80::1]/a.wav',
  'http://[::ffff:0:7f00:1]/a.wav',
  'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/',
  'http://[2002:a00:1::]/a.wav',
  'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/a.wav',
  'http://localhost/a.wav',
  'file:///etc/passwd',
  'gopher://example.org/',
];

describe('URL import refusals', () => {
  it('refuses private, loopback, link-local and non-http addresses when creating the media', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    for (const url of REFUSED) {
      const data = new FormData();
      data.append('name', 'Remote');
      data.append('url', url);
      const response = await owner.client.request('POST', `/cm-api/api/organizations/${org._id}/conversations/create`, { form: data });
      expect(response.status, url).toBe(400);
      expect(response.body.fields, url).toEqual({ url: expect.stringMatching(/^error\./) });
      // The host's DNS answer is never echoed.
      if (url.includes('localhost')) expect(JSON.stringify(response.body)).not.toMatch(/127\.0\.0\.1|::1/);
    }
    const rows = await server.ctx.db.select().from(conversations).where(eq(conversations.organizationId, org._id));
    expect(rows).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('tells an address it may not reach from a host name that does not resolve, without the DNS answer', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const create = (url: string) => {
      const data = new FormData();
      data.append('name', 'Remote');
      data.append('url', url);
      return owner.client.request('POST', `/cm-api/api/organizations/${org._id}/conversations/create`, { form: data });
    };
    for (const url of ['http://127.0.0.1:8080/a.wav', 'http://localhost/a.wav', 'http://10.0.0.7/a.wav']) {
      const response = await create(url);
      expect(response.body.fields, url).toEqual({ url: 'error.address_not_allowed' });
      expect(JSON.stringify(response.body), url).not.toMatch(/127\.0\.0\.1(?!:8080)|::1/);
    }
    // `.invalid` never resolves (RFC 2606).
    const unresolved = await create('http://no-such-host.invalid/a.wav');
    expect(unresolved.status).toBe(400);
    expect(unresolved.body.fields).toEqual({ url: 'error.host_not_found' });
    expect((await create('gopher://example.org/')).body.fields).toEqual({ url: 'error.forbidden_url' });
  });

  it('the import job refuses them too (the address is checked when downloading): status error, log, no file', async () => {
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    for (const url of REFUSED) {
      const row = await insertPendingUrlMedia(server, org._id, owner.id, url);
      const result = await importFromUrl(server.ctx, row.id, url);
      expect(result.ok, url).toBe(false);
      const [after] = await server.ctx.db.select().from(conversations).where(eq(conversations.id, row.id));
      expect(after!.status, url).toBe('error');
      expect(after!.processing.log, url).toMatch(/could not be imported/);
      expect(after!.files.originals).toEqual([]);
    }
    const loopback = (await server.ctx.db.select().from(conversations).where(eq(conversations.organizationId, org._id))).find(
      (r) => (r.files as any).sourceUrl === 'http://localhost/a.wav',
    )!;
    // Refusals say only that the address is not allowed: no DNS answer, no resolved address.
    expect(loopback.processing.log).toMatch(/this address is not allowed/);
    expect(loopback.processing.log).not.toMatch(/127\.0\.0\.1|::1|loopback/);
    const metadata = (await server.ctx.db.select().from(conversations).where(eq(conversations.organizationId, org._id))).find((r) =>
      (r.files as any).sourceUrl?.includes('64:ff9b'),
    )!;
    expect(metadata.processing.log).toMatch(/this address is not allowed/);
    expect(metadata.processing.log).not.toMatch(/169\.254|link-local/);
    const media = path.join(server.ctx.config.dataDir, 'storage', 'media');
    expect(fs.existsSync(media) ? (fs.readdirSync(media, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(media, f)).isFile()) : []).toEqual([]);
    expect(sent).toEqual([]);
  });
});
