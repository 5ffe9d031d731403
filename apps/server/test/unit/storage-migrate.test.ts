/**
 * `palabre storage migrate`: from the local folder to an S3 bucket (s3rver) and back, interrupted
 * halfway and resumed, every object there once with its bytes; refused while a server holds the
 * embedded database.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { DatabaseBusyError } from '../../src/db/client.ts';
import { createStorage } from '../../src/storage/drivers.ts';
import { MigrationError, migrateStorage, runStorageCommand } from '../../src/storage/migrate.ts';
import { readBuffer, type Storage } from '../../src/storage/storage.ts';
import { startS3Server, type S3TestServer } from '../harness/s3.ts';

let s3: S3TestServer;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'palabre-migrate-'));
});
afterAll(async () => {
  await s3?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Both drivers configured; the database on PostgreSQL (never reached by this command). */
function config(prefix: string, folder = dataDir) {
  return loadConfig({ PALABRE_DATA_DIR: folder, ...s3.env(prefix), STORAGE_DRIVER: 'local', DATABASE_URL: 'postgresql://palabre@127.0.0.1:1/none' });
}

async function contents(storage: Storage): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for await (const object of storage.list('', { incomplete: true })) {
    expect(object.incomplete, object.key).toBeUndefined();
    expect(found.has(object.key), object.key).toBe(false);
    found.set(object.key, (await readBuffer(storage, object.key)).toString('base64'));
  }
  return found;
}

function output() {
  const lines: string[] = [];
  return { lines, io: { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) } };
}

describe('storage migration', () => {
  it('copies to the bucket, resumes after an interruption, and comes back', async () => {
    const cfg = config('migrate/');
    const local = createStorage(cfg, 'local');
    const bucket = createStorage(cfg, 's3');
    const keys = Array.from({ length: 12 }, (_, i) => `media/m${i % 4}/file-${i}.json`);
    for (const [i, key] of keys.entries()) await local.put(key, Readable.from([Buffer.alloc(100 * i + 1, i)]));
    // One object of several upload parts.
    await local.put('media/m0/original-0.wav', Readable.from([Buffer.alloc(6 * 1024 * 1024, 7)]));
    const original = await contents(local);

    const stop = new AbortController();
    await expect(
      migrateStorage(local, bucket, {
        signal: stop.signal,
        onProgress: (progress) => {
          if (progress.objects === 6) stop.abort();
        },
      }),
    ).rejects.toThrow(MigrationError);
    expect((await contents(bucket)).size).toBe(6);

    const rerun = output();
    expect(await runStorageCommand(['migrate', '--to', 's3'], cfg, rerun.io)).toBe(0);
    expect(rerun.lines.at(-1)).toMatch(/^Done: 7 copied, 6 already there .* Set STORAGE_DRIVER=s3 to use the copy\.$/);
    expect(rerun.lines.some((line) => line.startsWith('13/13 objects'))).toBe(true);
    expect(rerun.lines.some((line) => line.startsWith('On PostgreSQL'))).toBe(true);
    expect(await contents(bucket)).toEqual(original);
    // The source is untouched without --delete-source.
    expect(await contents(local)).toEqual(original);

    // Back into an empty data folder, emptying the bucket.
    const home = await fs.mkdtemp(path.join(os.tmpdir(), 'palabre-migrate-back-'));
    try {
      const back = output();
      expect(await runStorageCommand(['migrate', '--to', 'local', '--delete-source'], config('migrate/', home), back.io)).toBe(0);
      expect(back.lines.at(-1)).toMatch(/^Done: 13 copied, 0 already there .*, 13 removed from the source\.$/);
      expect(await contents(createStorage(config('migrate/', home), 'local'))).toEqual(original);
      expect((await contents(bucket)).size).toBe(0);
    } finally {
      await fs.rm(home, { recursive: true, force: true });
    }
  }, 60_000);

  it('copies again an object whose size differs at the destination', async () => {
    const cfg = config('sizes/', await fs.mkdtemp(path.join(dataDir, 'sizes-')));
    const local = createStorage(cfg, 'local');
    const bucket = createStorage(cfg, 's3');
    await local.put('media/a/peaks.json', Readable.from(['[1,2,3]']));
    await bucket.put('media/a/peaks.json', Readable.from(['[1,2']));
    const report = await migrateStorage(local, bucket);
    expect(report).toMatchObject({ copied: 1, skipped: 0, totalObjects: 1, totalBytes: 7 });
    expect((await readBuffer(bucket, 'media/a/peaks.json')).toString()).toBe('[1,2,3]');
  });

  it('refuses bad arguments, and runs not while a server holds the embedded database', async () => {
    const bad = output();
    expect(await runStorageCommand(['migrate', '--to', 'ftp'], config('x/'), bad.io)).toBe(2);
    expect(bad.lines).toEqual(['--to: must be s3 or local']);

    const home = await fs.mkdtemp(path.join(os.tmpdir(), 'palabre-migrate-busy-'));
    // A live process other than this one holds the lock of <data>/pglite.
    const holder = spawn('sleep', ['30']);
    try {
      await fs.writeFile(path.join(home, 'pglite.lock'), String(holder.pid));
      const pglite = loadConfig({ PALABRE_DATA_DIR: home, ...s3.env('busy/'), STORAGE_DRIVER: 'local' });
      await expect(runStorageCommand(['migrate', '--to', 's3'], pglite, output().io)).rejects.toThrow(DatabaseBusyError);
    } finally {
      holder.kill();
      await fs.rm(home, { recursive: true, force: true });
    }
  });
});
