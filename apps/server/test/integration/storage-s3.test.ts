/**
 * The real server storing its media in an S3 bucket (s3rver on loopback): an upload is processed
 * from the bucket, the player reads it with HTTP ranges, and deleting the media removes its objects.
 * Nothing is written to the local storage folder, and no temporary copy outlives its job. The bucket
 * is checked at start by a server that runs on, not by a one-shot command.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaStatus } from '@palabre/shared';
import { ConfigError } from '../../src/config.ts';
import { conversations } from '../../src/db/schema.ts';
import { S3Storage } from '../../src/storage/s3.ts';
import { createOrganization, startTestServer, type TestServer } from '../harness/server.ts';
import { startS3Server, type S3TestServer } from '../harness/s3.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const JFK = fs.readFileSync(path.join(ROOT, '../shared/fixtures/audio/jfk-en.wav'));
const API = '/cm-api/api';

let s3: S3TestServer;
let server: TestServer;
let bucket: S3Storage;
const prefix = `install-${crypto.randomBytes(3).toString('hex')}/`;

beforeAll(async () => {
  s3 = await startS3Server();
  server = await startTestServer({ env: s3.env(prefix) });
  // The bucket as another client sees it, under the installation's prefix.
  bucket = new S3Storage({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    prefix,
  });
});
afterAll(async () => {
  bucket?.destroy();
  await server?.close();
  await s3?.stop();
});

async function objectsOf(id: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of bucket.list(`media/${id}/`, { incomplete: true })) keys.push(object.key);
  return keys.sort();
}

async function waitFor<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 300_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('media on S3 storage', { timeout: 600_000 }, () => {
  it('processes an upload from the bucket, serves ranges from it, and deletes its objects', async () => {
    expect(server.ctx.storage).toBeInstanceOf(S3Storage);
    const owner = await server.quickUser();
    const org = await createOrganization(owner.client);
    const form = new FormData();
    form.append('name', 'JFK');
    form.append('lang', 'en');
    form.append('file', new Blob([JFK], { type: 'audio/wav' }), 'jfk-en.wav');
    const created = await owner.client.request('POST', `${API}/organizations/${org._id}/conversations/create`, { form });
    expect(created.status).toBe(201);
    const id = created.body.conversationId as string;

    const done = await waitFor(async () => {
      const [row] = await server.ctx.db.select().from(conversations).where(eq(conversations.id, id));
      return (['done', 'error'] as MediaStatus[]).includes(row!.status) ? row! : undefined;
    }, 'processing');
    expect(done.processing.log).toBeUndefined();
    expect(done.status).toBe('done');
    expect(done.transcript?.text.flatMap((turn) => turn.words).length).toBeGreaterThan(5);

    // Everything is in the bucket: the original and what processing made of it.
    const stored = await objectsOf(id);
    expect(stored).toContain(done.files.originals[0]!.key);
    expect(stored.length).toBeGreaterThan(1);
    expect((await bucket.stat(done.files.originals[0]!.key))?.size).toBe(JFK.length);
    expect(fs.existsSync(path.join(server.ctx.config.dataDir, 'storage'))).toBe(false);
    // The copies handed to ffmpeg and the engines are gone.
    expect(fs.readdirSync(path.join(server.ctx.config.dataDir, 'tmp'))).toEqual([]);

    // The player's ranged reads.
    const media = `${API}/conversations/${id}/media`;
    const whole = await owner.client.get(media);
    expect(whole.status).toBe(200);
    const size = whole.bytes.length;
    expect(whole.headers.get('content-length')).toBe(String(size));
    const first = await owner.client.get(media, { headers: { range: 'bytes=0-99' } });
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(first.bytes.equals(whole.bytes.subarray(0, 100))).toBe(true);
    const middle = await owner.client.get(media, { headers: { range: 'bytes=1000-1999' } });
    expect(middle.status).toBe(206);
    expect(middle.bytes.equals(whole.bytes.subarray(1000, 2000))).toBe(true);
    const last = await owner.client.get(media, { headers: { range: 'bytes=-1' } });
    expect(last.status).toBe(206);
    expect(last.bytes.equals(whole.bytes.subarray(size - 1))).toBe(true);

    expect((await owner.client.delete(`${API}/conversations/${id}`)).status).toBe(204);
    await waitFor(async () => ((await objectsOf(id)).length === 0 ? true : undefined), 'the media objects to be deleted', 60_000);
  });
});

describe('the bucket check at start', () => {
  it('stops a server that runs on when the bucket cannot be used, not a one-shot command', async () => {
    const env = { ...s3.env(prefix), S3_BUCKET: 'no-such-bucket' };
    await expect(startTestServer({ env })).rejects.toThrow('S3_BUCKET: the bucket no-such-bucket cannot be used (no such bucket)');
    await expect(startTestServer({ env, start: { listen: false } })).rejects.toThrow(ConfigError);
    const command = await startTestServer({ env, start: { listen: false, workers: false } });
    try {
      expect(command.ctx.storage).toBeInstanceOf(S3Storage);
    } finally {
      await command.close();
    }
  });
});
