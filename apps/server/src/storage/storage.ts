/** Object storage behind one interface: a local folder by default. Keys are relative paths we mint. */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export interface Storage {
  /** Streams into a temporary file and renames it in place: a failed write leaves nothing behind. */
  put(key: string, body: Readable): Promise<{ size: number }>;
  read(key: string, range?: { start: number; end: number }): Readable;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export class LocalStorage implements Storage {
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

  private resolve(key: string): string {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    const target = this.resolve(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${Date.now()}.part`;
    try {
      await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }));
      await fsp.rename(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
    const { size } = await fsp.stat(target);
    return { size };
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return fs.createReadStream(this.resolve(key), range);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await fsp.stat(this.resolve(key));
      return { size: s.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.resolve(key), { force: true });
  }
}
