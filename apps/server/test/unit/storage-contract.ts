/**
 * What every storage driver promises (src/storage/storage.ts). A driver's test file calls
 * `storageContract` with a factory giving a fresh, empty storage and its disposal.
 */
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBuffer, withLocalFiles, type Storage } from '../../src/storage/storage.ts';

export interface StorageUnderTest {
  storage: Storage;
  dispose(): Promise<void>;
}

const bytes = (text: string) => Readable.from([Buffer.from(text)]);

async function keys(storage: Storage, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for await (const object of storage.list(prefix)) found.push(object.key);
  return found.sort();
}

/** A body that sends some bytes, then fails (a client that goes away mid-upload). */
function failingBody(): Readable {
  return new Readable({
    read() {
      this.push(Buffer.from('half of it'));
      this.destroy(new Error('connection lost'));
    },
  });
}

export function storageContract(driver: string, create: () => Promise<StorageUnderTest>): void {
  describe(`storage contract: ${driver}`, () => {
    let subject: StorageUnderTest;
    let storage: Storage;
    beforeEach(async () => {
      subject = await create();
      storage = subject.storage;
    });
    afterEach(() => subject.dispose());

    it('tells that objects can be stored, without writing any', async () => {
      await storage.check();
      expect(await keys(storage, '')).toEqual([]);
    });

    it('reads back what was written, with its size and modification time', async () => {
      expect(await storage.put('media/a/original-0.wav', bytes('RIFF and more'))).toEqual({ size: 13 });
      expect((await readBuffer(storage, 'media/a/original-0.wav')).toString()).toBe('RIFF and more');
      const stat = await storage.stat('media/a/original-0.wav');
      expect(stat?.size).toBe(13);
      expect(stat?.modifiedAt).toBeInstanceOf(Date);
    });

    it('replaces an object whole', async () => {
      await storage.put('media/a/peaks.json', bytes('a much longer first version'));
      await storage.put('media/a/peaks.json', bytes('[]'));
      expect((await readBuffer(storage, 'media/a/peaks.json')).toString()).toBe('[]');
      expect((await storage.stat('media/a/peaks.json'))?.size).toBe(2);
    });

    it('leaves nothing of a write that fails, and keeps the previous version', async () => {
      await expect(storage.put('media/a/original-0.wav', failingBody())).rejects.toThrow('connection lost');
      expect(await storage.stat('media/a/original-0.wav')).toBeNull();
      expect(await keys(storage, '')).toEqual([]);

      await storage.put('media/b/web.m4a', bytes('first'));
      await expect(storage.put('media/b/web.m4a', failingBody())).rejects.toThrow('connection lost');
      expect((await readBuffer(storage, 'media/b/web.m4a')).toString()).toBe('first');
      expect(await keys(storage, '')).toEqual(['media/b/web.m4a']);
    });

    it('reads a byte range, both ends included', async () => {
      await storage.put('media/a/web.m4a', bytes('0123456789'));
      const range = async (start: number, end: number) => {
        const chunks: Buffer[] = [];
        for await (const chunk of storage.read('media/a/web.m4a', { start, end })) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks).toString();
      };
      expect(await range(0, 0)).toBe('0');
      expect(await range(2, 5)).toBe('2345');
      expect(await range(7, 9)).toBe('789');
      // At the edges: the whole object, its last byte, and an end past the last byte (cut there).
      expect(await range(0, 9)).toBe('0123456789');
      expect(await range(9, 9)).toBe('9');
      expect(await range(6, 100)).toBe('6789');
    });

    it('fails the stream when reading a missing object, and has no size for it', async () => {
      await expect(readBuffer(storage, 'media/a/missing.wav')).rejects.toThrow();
      expect(await storage.stat('media/a/missing.wav')).toBeNull();
    });

    it('deletes one object; deleting a missing one is not an error', async () => {
      await storage.put('media/a/original-0.wav', bytes('x'));
      await storage.put('media/a/peaks.json', bytes('[]'));
      await storage.delete('media/a/original-0.wav');
      await storage.delete('media/a/original-0.wav');
      await storage.delete('media/z/never.wav');
      expect(await keys(storage, '')).toEqual(['media/a/peaks.json']);
      await storage.delete('media/a/peaks.json');
      expect(await keys(storage, '')).toEqual([]);
      // Writing again where everything was removed works.
      await storage.put('media/a/work/asr.json', bytes('{}'));
      expect(await keys(storage, 'media/a/')).toEqual(['media/a/work/asr.json']);
    });

    it('deletes everything under a prefix and nothing beside it', async () => {
      for (const key of ['media/a/original-0.wav', 'media/a/work/asr.json', 'media/ab/original-0.wav', 'pictures/u.png']) await storage.put(key, bytes(key));
      await storage.deletePrefix('media/a/');
      expect(await keys(storage, '')).toEqual(['media/ab/original-0.wav', 'pictures/u.png']);
      await storage.deletePrefix('media/nothing-here/');
      await expect(storage.deletePrefix('')).rejects.toThrow();
      await expect(storage.deletePrefix('media')).rejects.toThrow();
      expect(await keys(storage, '')).toHaveLength(2);
    });

    it('lists the objects under a prefix with their sizes, not writes under way', async () => {
      await storage.put('media/a/original-0.wav', bytes('12345'));
      await storage.put('media/a/work/asr.json', bytes('{}'));
      await storage.put('media/b/original-0.wav', bytes('1'));
      // A key may well end in ".part": it is an object like any other.
      await storage.put('media/b/original-1.part', bytes('22'));
      const listed = [];
      for await (const object of storage.list('media/a/')) listed.push({ key: object.key, size: object.size, dated: object.modifiedAt instanceof Date });
      expect(listed.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
        { key: 'media/a/original-0.wav', size: 5, dated: true },
        { key: 'media/a/work/asr.json', size: 2, dated: true },
      ]);
      expect(await keys(storage, '')).toEqual(['media/a/original-0.wav', 'media/a/work/asr.json', 'media/b/original-0.wav', 'media/b/original-1.part']);
      expect(await keys(storage, 'media/c/')).toEqual([]);
      const slow = new Readable({ read() {} });
      slow.push(Buffer.from('under way'));
      const writing = storage.put('media/c/original-0.wav', slow);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await keys(storage, 'media/c/')).toEqual([]);
      slow.push(null);
      await writing;
      expect(await keys(storage, 'media/c/')).toEqual(['media/c/original-0.wav']);
    });

    it('hands a local file with the object’s bytes to tools that need a path', async () => {
      await storage.put('media/a/channel-0.wav', bytes('pcm bytes'));
      await storage.put('media/a/channel-1.wav', bytes('more pcm'));
      const seen = await storage.withLocalFile('media/a/channel-0.wav', async (file) => fs.readFile(file, 'utf8'));
      expect(seen).toBe('pcm bytes');
      const both = await withLocalFiles(storage, ['media/a/channel-0.wav', 'media/a/channel-1.wav'], (files) => Promise.all(files.map((f) => fs.readFile(f, 'utf8'))));
      expect(both).toEqual(['pcm bytes', 'more pcm']);
      // The object is untouched afterwards, and a failure of the tool reaches the caller.
      expect((await readBuffer(storage, 'media/a/channel-0.wav')).toString()).toBe('pcm bytes');
      await expect(storage.withLocalFile('media/a/channel-0.wav', async () => Promise.reject(new Error('ffmpeg failed')))).rejects.toThrow('ffmpeg failed');
      await expect(storage.withLocalFile('media/a/missing.wav', async () => 'never')).rejects.toThrow();
    });

    it('refuses keys and prefixes that could leave its place', async () => {
      for (const key of ['../outside', '/etc/passwd', 'media/../../x', 'media/a/', '']) {
        await expect(storage.put(key, bytes('x')), key).rejects.toThrow();
        expect(() => storage.read(key), key).toThrow();
      }
      await expect(storage.deletePrefix('../')).rejects.toThrow();
      await expect(keys(storage, '../')).rejects.toThrow();
    });

    it('cleans up unfinished writes without touching finished objects', async () => {
      await storage.put('media/a/original-0.wav', bytes('kept'));
      const report = await storage.removeIncomplete(new Date(Date.now() + 60_000));
      expect(report.writes).toBe(0);
      expect(await keys(storage, '')).toEqual(['media/a/original-0.wav']);
    });
  });
}
