/** The local folder driver keeps the storage contract, and leaves no empty folder or stale temporary file. */
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { LocalStorage } from '../../src/storage/storage.ts';
import { storageContract } from './storage-contract.ts';

async function tempRoot(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'palabre-storage-'));
}

storageContract('local folder', async () => {
  const root = await tempRoot();
  return { storage: new LocalStorage(root), dispose: () => fs.rm(root, { recursive: true, force: true }) };
});

describe('local folder storage', () => {
  it('removes a folder with its last file, and stale temporary files and empty folders', async () => {
    const root = await tempRoot();
    try {
      const storage = new LocalStorage(root);
      await storage.put('media/a/work/asr.json', Readable.from(['{}']));
      await storage.delete('media/a/work/asr.json');
      expect(existsSync(path.join(root, 'media'))).toBe(false);

      const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
      const stale = path.join(root, 'media/b/original-0.wav.12.34.part');
      const fresh = path.join(root, 'media/c/original-0.wav.12.35.part');
      for (const file of [stale, fresh]) {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, 'half');
      }
      await fs.mkdir(path.join(root, 'media/d/work'), { recursive: true });
      for (const target of [stale, path.dirname(stale), path.join(root, 'media/d/work'), path.join(root, 'media/d')]) await fs.utimes(target, old, old);

      const report = await storage.removeIncomplete(new Date(Date.now() - 60 * 60 * 1000));
      expect(report).toEqual({ writes: 1, folders: 3 });
      expect(existsSync(path.dirname(stale))).toBe(false);
      expect(existsSync(fresh)).toBe(true);
      expect(existsSync(path.join(root, 'media/d'))).toBe(false);
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('fails its check when the folder is missing or not writable by the process', async () => {
    const root = await tempRoot();
    try {
      await expect(new LocalStorage(path.join(root, 'missing')).check()).rejects.toThrow('ENOENT');
      await new LocalStorage(root).check();
      // The superuser may write anywhere: only another user sees a read-only folder refused.
      if (process.getuid?.() !== 0) {
        await fs.chmod(root, 0o500);
        await expect(new LocalStorage(root).check()).rejects.toThrow('EACCES');
      }
    } finally {
      await fs.chmod(root, 0o700);
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('takes writes of one key at the same moment (a retried job meeting the first one), the last one winning', async () => {
    const root = await tempRoot();
    try {
      const storage = new LocalStorage(root);
      await Promise.all(['one', 'two', 'three'].map((text) => storage.put('media/a/original-0.wav', Readable.from([text]))));
      expect(['one', 'two', 'three']).toContain(await fs.readFile(path.join(root, 'media/a/original-0.wav'), 'utf8'));
      expect(await fs.readdir(path.join(root, 'media/a'))).toEqual(['original-0.wav']);
      // Temporary files of this form are not keys either.
      await expect(storage.put('media/a/x.1.2.3.part', Readable.from(['x']))).rejects.toThrow('invalid storage key');
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('removes a prefix whole when a write lands in its folder while it is being removed', async () => {
    const root = await tempRoot();
    const realRm = fs.rm;
    const spy = vi.spyOn(fs, 'rm');
    try {
      const storage = new LocalStorage(root);
      await storage.put('media/a/original-0.wav', Readable.from(['first']));
      const folder = path.join(root, 'media/a/');
      let landed = false;
      // What another writer does between the removal's emptying of the folder and its last step.
      spy.mockImplementation(async (target, options) => {
        await realRm(target, options);
        if (landed || path.resolve(String(target)) !== path.resolve(folder)) return;
        landed = true;
        await storage.put('media/a/web.m4a', Readable.from(['late']));
        throw Object.assign(new Error(`ENOTEMPTY: directory not empty, rmdir '${folder}'`), { code: 'ENOTEMPTY' });
      });
      await storage.deletePrefix('media/a/');
      expect(landed).toBe(true);
      expect(existsSync(path.join(root, 'media'))).toBe(false);
    } finally {
      spy.mockRestore();
      await fs.rm(root, { recursive: true, force: true });
    }
  });
});
