/**
 * The S3 driver keeps the storage contract against an S3-compatible server (s3rver on loopback),
 * streams large objects in bounded memory, and cleans up multipart uploads that never finished.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import { S3Storage } from '../../src/storage/s3.ts';
import type { StoredObject } from '../../src/storage/storage.ts';
import { startS3Server, startS3ServerProcess, type S3TestServer } from '../harness/s3.ts';
import { storageContract } from './storage-contract.ts';

const MiB = 1024 * 1024;
let shared: S3TestServer;
let stores = 0;

beforeAll(async () => {
  shared = await startS3Server();
});
afterAll(() => shared?.stop());

/** A driver of its own, empty: each one lives under a prefix of its own in the one bucket. */
function driver(options: { prefix?: string; tempDir?: string; server?: S3TestServer } = {}): S3Storage {
  const s3 = options.server ?? shared;
  return new S3Storage({
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    prefix: options.prefix ?? `install-${(stores += 1)}`,
    tempDir: options.tempDir,
    partSize: 5 * MiB,
    queueSize: 2,
  });
}

storageContract('S3 bucket', async () => {
  const storage = driver();
  return { storage, dispose: async () => storage.destroy() };
});

async function listAll(storage: S3Storage, prefix = '', incomplete = false): Promise<StoredObject[]> {
  const found: StoredObject[] = [];
  for await (const object of storage.list(prefix, { incomplete })) found.push(object);
  return found;
}

/** `size` bytes of a repeatable pattern, in 1 MiB chunks made as they are read. */
function pattern(size: number, failAt?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) return void this.destroy(new Error('connection lost'));
      if (sent >= size) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(MiB, size - sent), (sent / MiB) % 251);
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

async function sha256(stream: Readable): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe('S3 storage', () => {
  it('streams an object of several parts in and out with bounded memory', async () => {
    // The server in a process of its own: this process's memory is the driver's.
    const server = await startS3ServerProcess();
    const storage = driver({ server });
    const size = 128 * MiB;
    // Garbage is collected as the bytes flow (not too often: a collection takes a while), so that
    // the resident size shows what is still held.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    try {
      gc();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => {
        gc();
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 200);
      try {
        expect(await storage.put('media/big/original-0.wav', pattern(size))).toEqual({ size });
        expect(await sha256(storage.read('media/big/original-0.wav'))).toBe(await sha256(pattern(size)));
      } finally {
        clearInterval(sampler);
      }
      // Two 5 MiB parts in flight with their copies: some tens of MiB whatever the object's size.
      expect(peak - before).toBeLessThan(size / 2);
      expect((await storage.stat('media/big/original-0.wav'))?.size).toBe(size);
      // A range across a part boundary.
      const chunks: Buffer[] = [];
      for await (const chunk of storage.read('media/big/original-0.wav', { start: 5 * MiB - 2, end: 5 * MiB + 1 })) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(Buffer.from([4, 4, 5, 5]));
    } finally {
      storage.destroy();
      await server.stop();
    }
    // 128 MiB through a JavaScript S3 server: about 20 s on a quiet machine, several minutes on a
    // busy one. The limit only catches a hang.
  }, 600_000);

  it('aborts the multipart upload of a write whose body fails after some parts', async () => {
    const storage = driver();
    try {
      await expect(storage.put('media/a/original-0.wav', pattern(30 * MiB, 12 * MiB))).rejects.toThrow('connection lost');
      expect(await listAll(storage, '', true)).toEqual([]);
      expect(await storage.stat('media/a/original-0.wav')).toBeNull();
    } finally {
      storage.destroy();
    }
  });

  it('lists a write under way only on request, and removes it once stale', async () => {
    const storage = driver();
    try {
      const slow = new Readable({ read() {} });
      slow.push(Buffer.alloc(6 * MiB, 1));
      const writing = storage.put('media/c/original-0.wav', slow);
      // The first part has gone: the multipart upload exists.
      let listed: StoredObject[] = [];
      for (let i = 0; i < 100 && listed.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        listed = await listAll(storage, 'media/', true);
      }
      expect(listed).toEqual([expect.objectContaining({ key: 'media/c/original-0.wav', incomplete: true })]);
      expect(await listAll(storage, 'media/')).toEqual([]);
      // Not stale yet: kept.
      expect(await storage.removeIncomplete(new Date(Date.now() - 60 * 60 * 1000))).toEqual({ writes: 0, folders: 0 });
      expect(await storage.removeIncomplete(new Date(Date.now() + 60_000))).toEqual({ writes: 1, folders: 0 });
      expect(await listAll(storage, '', true)).toEqual([]);
      slow.push(null);
      // Its upload is gone: finishing it fails, and nothing appears.
      await expect(writing).rejects.toThrow();
      expect(await listAll(storage, '', true)).toEqual([]);
    } finally {
      storage.destroy();
    }
  });

  it('tells at start whether the bucket can be used', async () => {
    const storage = driver();
    const missing = new S3Storage({
      endpoint: shared.endpoint,
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      await storage.check();
      await expect(missing.check()).rejects.toThrow(ConfigError);
      await expect(missing.check()).rejects.toThrow('S3_BUCKET: the bucket no-such-bucket cannot be used (no such bucket)');
    } finally {
      storage.destroy();
      missing.destroy();
    }
  });

  it('keeps installations under their prefixes apart in one bucket', async () => {
    const one = driver({ prefix: 'shared/one/' });
    const two = driver({ prefix: '/shared/two' });
    try {
      await one.put('media/a/original-0.wav', Readable.from(['one']));
      await two.put('media/a/original-0.wav', Readable.from(['two!']));
      expect((await listAll(one)).map((o) => [o.key, o.size])).toEqual([['media/a/original-0.wav', 3]]);
      await two.deletePrefix('media/');
      expect(await listAll(two)).toEqual([]);
      expect((await one.stat('media/a/original-0.wav'))?.size).toBe(3);
    } finally {
      one.destroy();
      two.destroy();
    }
  });

  it('deletes a prefix of more objects than one listing page holds', async () => {
    const storage = driver();
    try {
      const keys = Array.from({ length: 1010 }, (_, i) => `media/many/part-${i}.json`);
      for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, Readable.from(['{}']))));
      await storage.put('media/other/keep.json', Readable.from(['{}']));
      await storage.deletePrefix('media/many/');
      expect((await listAll(storage)).map((o) => o.key)).toEqual(['media/other/keep.json']);
    } finally {
      storage.destroy();
    }
  }, 120_000);

  it('removes the temporary copy of withLocalFile, also when the tool fails', async () => {
    const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'palabre-s3-temp-'));
    const storage = driver({ tempDir });
    try {
      await storage.put('media/a/channel-0.wav', Readable.from(['pcm']));
      let seen = '';
      await storage.withLocalFile('media/a/channel-0.wav', async (file) => {
        seen = file;
        expect((await fs.stat(path.dirname(file))).mode & 0o077).toBe(0);
      });
      await expect(storage.withLocalFile('media/a/channel-0.wav', () => Promise.reject(new Error('ffmpeg failed')))).rejects.toThrow('ffmpeg failed');
      await expect(storage.withLocalFile('media/a/missing.wav', async () => 'never')).rejects.toThrow();
      expect(seen.startsWith(tempDir)).toBe(true);
      expect(await fs.readdir(tempDir)).toEqual([]);
    } finally {
      storage.destroy();
      await fs.rm(tempDir, { recursive: true, force: true });
    }
  });
});
