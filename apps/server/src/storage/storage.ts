/**
 * Object storage behind one interface: a local folder by default. Keys are relative paths we mint
 * ("media/<id>/original-0.wav"); a prefix is a folder of keys and ends with "/" ("media/<id>/").
 * Every driver passes the shared contract tests (apps/server/test/unit/storage-contract.ts).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
  /** A write still under way or abandoned (listed only on request): not readable. */
  incomplete?: true;
}

/** What `removeIncomplete` found and removed. */
export interface IncompleteReport {
  /** Writes that never finished (a crash in the middle of an upload). */
  writes: number;
  /** Containers left empty (folders of the local driver). */
  folders: number;
}

export interface Storage {
  /** Streams into place: readers see the old object or the whole new one; a failed write leaves nothing behind. */
  put(key: string, body: Readable): Promise<{ size: number }>;
  /** The object's bytes, or only those from `start` to `end` (both included). A missing key fails the stream. */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** Size and modification time, or null when there is no such object. */
  stat(key: string): Promise<{ size: number; modifiedAt: Date } | null>;
  /** Removes one object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object under a prefix ("media/<id>/"). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Every object under a prefix ("" for all), in no particular order. Unfinished writes are listed
   * only with `incomplete: true` (to see that something is still being written there).
   */
  list(prefix: string, options?: { incomplete?: boolean }): AsyncIterable<StoredObject>;
  /**
   * Runs `use` with a path on this machine holding the object's bytes, for tools that read files
   * (ffmpeg, engines). The path is only valid during `use`, which must not change or remove the file:
   * the local driver hands its own file, another driver a temporary copy removed afterwards.
   */
  withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T>;
  /** Removes what interrupted writes left behind that has not changed since `before`. */
  removeIncomplete(before: Date): Promise<IncompleteReport>;
  /**
   * Fails unless objects can be stored, without writing any (a readiness probe calls it): the local
   * folder exists and this process may write in it; the S3 bucket answers to these keys.
   */
  check(): Promise<void>;
}

/** Runs `use` with local paths for several objects at once (in the keys' order). */
export async function withLocalFiles<T>(storage: Storage, keys: readonly string[], use: (files: string[]) => Promise<T>, files: string[] = []): Promise<T> {
  const [first, ...rest] = keys;
  if (first === undefined) return use(files);
  return storage.withLocalFile(first, (file) => withLocalFiles(storage, rest, use, [...files, file]));
}

export async function readBuffer(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;
const PREFIX = /^(?:[a-z0-9][a-z0-9/_.-]*\/)?$/i;
/**
 * The local driver writes `<key>.<pid>.<time>.<n>.part` (n counts the process's writes: two writes
 * of one key in the same millisecond get their own files) and renames it into place.
 */
const PART = /\.\d+\.\d+(?:\.\d+)?\.part$/;
let writes = 0;
/** Removals of a prefix's folder that writers landing in it meanwhile may undo, before giving up. */
const PREFIX_REMOVAL_ATTEMPTS = 20;

export class StorageKeyError extends Error {}

/** The key rules every driver applies (keys move between drivers unchanged). */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..') || key.endsWith('/') || PART.test(key)) throw new StorageKeyError(`invalid storage key ${key}`);
  return key;
}

export function checkPrefix(prefix: string): string {
  if (!PREFIX.test(prefix) || prefix.includes('..') || prefix.includes('//')) throw new StorageKeyError(`invalid storage prefix ${prefix}`);
  return prefix;
}

/** Objects are files under `root`, at their key's path. */
export class LocalStorage implements Storage {
  /** The folder holding the objects (tests look at it). */
  readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private resolve(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  async put(key: string, body: Readable): Promise<{ size: number }> {
    const target = this.resolve(key);
    const temp = `${target}.${process.pid}.${Date.now()}.${(writes += 1)}.part`;
    try {
      await pipeline(body, await this.createFile(temp));
      await fsp.rename(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
    const { size } = await fsp.stat(target);
    return { size };
  }

  /** Opens a new file, creating its folder; again once when a concurrent removal of the emptied folder won. */
  private async createFile(file: string): Promise<fs.WriteStream> {
    for (let attempt = 0; ; attempt++) {
      await fsp.mkdir(path.dirname(file), { recursive: true });
      try {
        const handle = await fsp.open(file, 'wx');
        return handle.createWriteStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw error;
      }
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return fs.createReadStream(this.resolve(key), range);
  }

  async stat(key: string): Promise<{ size: number; modifiedAt: Date } | null> {
    const stat = await fsp.stat(this.resolve(key)).catch(() => null);
    return stat?.isFile() ? { size: stat.size, modifiedAt: stat.mtime } : null;
  }

  async delete(key: string): Promise<void> {
    const file = this.resolve(key);
    await fsp.rm(file, { force: true });
    await this.removeEmptyParents(path.dirname(file));
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (checkPrefix(prefix) === '') throw new StorageKeyError('refusing to delete the whole storage');
    const folder = path.join(this.root, prefix);
    // A write that lands in the folder while it is being emptied makes its final removal fail
    // (ENOTEMPTY): empty it again, so nothing stays behind (that write, moved away, fails whole).
    for (let attempt = 1; ; attempt++) {
      try {
        await fsp.rm(folder, { recursive: true, force: true });
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' || attempt >= PREFIX_REMOVAL_ATTEMPTS) throw error;
      }
    }
    await this.removeEmptyParents(path.dirname(folder));
  }

  async *list(prefix: string, options: { incomplete?: boolean } = {}): AsyncIterable<StoredObject> {
    yield* this.walk(path.join(this.root, checkPrefix(prefix)), options.incomplete === true);
  }

  private async *walk(folder: string, incomplete: boolean): AsyncGenerator<StoredObject> {
    const entries = await fsp.readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        yield* this.walk(full, incomplete);
        continue;
      }
      const part = PART.test(entry.name);
      if (!entry.isFile() || (part && !incomplete)) continue;
      const stat = await fsp.stat(full).catch(() => null);
      if (!stat) continue;
      const key = path.relative(this.root, full).split(path.sep).join('/');
      yield part ? { key: key.replace(PART, ''), size: stat.size, modifiedAt: stat.mtime, incomplete: true } : { key, size: stat.size, modifiedAt: stat.mtime };
    }
  }

  async withLocalFile<T>(key: string, use: (file: string) => Promise<T>): Promise<T> {
    const file = this.resolve(key);
    // Fail like any driver would on a missing object, before the tool sees the path.
    await fsp.access(file, fs.constants.R_OK);
    return use(file);
  }

  async removeIncomplete(before: Date): Promise<IncompleteReport> {
    const report: IncompleteReport = { writes: 0, folders: 0 };
    await this.sweepFolder(this.root, before.getTime(), report);
    return report;
  }

  async check(): Promise<void> {
    await fsp.access(this.root, fs.constants.W_OK);
  }

  /**
   * Removes stale temporary files, then the stale folders left empty. A folder's age is read before
   * its content is swept (removing an entry touches it); a fresh one may be about to get a file.
   */
  private async sweepFolder(folder: string, before: number, report: IncompleteReport): Promise<void> {
    for (const entry of await fsp.readdir(folder, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        const stat = await fsp.stat(full).catch(() => null);
        await this.sweepFolder(full, before, report);
        if (
          stat &&
          stat.mtimeMs < before &&
          (await fsp.rmdir(full).then(
            () => true,
            () => false,
          ))
        )
          report.folders++;
      } else if (PART.test(entry.name)) {
        const stat = await fsp.stat(full).catch(() => null);
        if (stat && stat.mtimeMs < before) {
          await fsp.rm(full, { force: true });
          report.writes++;
        }
      }
    }
  }

  /** Folders exist only for their files: once the last one goes, so does the folder (never the root). */
  private async removeEmptyParents(folder: string): Promise<void> {
    let current = folder;
    while (current.startsWith(this.root + path.sep)) {
      if (
        !(await fsp.rmdir(current).then(
          () => true,
          () => false,
        ))
      )
        return;
      current = path.dirname(current);
    }
  }
}
