/**
 * Writes a backup while the server runs. The database is read in one REPEATABLE READ READ ONLY
 * transaction (one snapshot), table by table through a cursor, into temporary ndjson files; then the
 * storage is listed (after the snapshot began, so every object a row of the snapshot names is there
 * unless it was removed since) and each object is streamed into the archive. An object removed
 * between its listing and its copy is reported in the manifest, not fatal.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { Readable, type Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { Database, DatabaseKind } from '../db/client.ts';
import type { Storage } from '../storage/storage.ts';
import { applicationTables, inSnapshot, readTable, type TableInfo } from './repo.ts';
import { databaseLevel } from './migrations.ts';
import { SecretSealer } from './secrets.ts';
import { ARCHIVE_FORMAT, BackupError, ARCHIVE_VERSION, Digest, MANIFEST_ENTRY, objectEntry, productVersion, tableEntry, type Manifest } from './archive.ts';

export interface BackupSource {
  db: Database;
  kind: DatabaseKind;
  storage: Storage;
}

export interface BackupOptions {
  /** Where the tables are spooled before they go into the archive (default: the system's temporary folder). */
  tempDir?: string;
  /** Progress lines, for people watching. */
  progress?: (line: string) => void;
  /** The server's signing secret, to seal the secrets of the rows with (a download): see secrets.ts. */
  sealSecretsWith?: string;
}

/** Rows fetched from the cursor at a time. */
const FETCH_ROWS = 500;

interface SpooledTable {
  table: TableInfo;
  file: string;
  rows: number;
  bytes: number;
  sha256: string;
}

/** Streams a whole backup archive into `out`; answers its manifest (also the archive's last entry). */
export async function writeBackup(source: BackupSource, out: Writable, options: BackupOptions = {}): Promise<Manifest> {
  const progress = options.progress ?? (() => undefined);
  const spool = await fsp.mkdtemp(path.join(options.tempDir ?? os.tmpdir(), 'palabre-backup-'));
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), out);
  // A failure of the output ends the archive: the writes below then fail too, and this one is reported.
  written.catch(() => pack.destroy());
  try {
    const sealer = options.sealSecretsWith === undefined ? null : new SecretSealer(options.sealSecretsWith);
    const { level, tables } = await exportDatabase(source.db, spool, progress, sealer);
    for (const table of tables) await addFile(pack, tableEntry(table.table.name), table.file);
    const objects = await addObjects(pack, source.storage, progress);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_VERSION,
      productVersion: productVersion(),
      migration: level,
      database: source.kind,
      createdAt: new Date().toISOString(),
      ...(sealer ? { secrets: 'sealed' as const } : {}),
      tables: tables.map(({ table, rows, bytes, sha256 }) => ({ name: table.name, rows, bytes, sha256 })),
      objects,
    };
    pack.entry({ name: MANIFEST_ENTRY }, JSON.stringify(manifest, null, 2));
    pack.finalize();
    await written;
    progress(
      `Backup written: ${tables.length} tables, ${objects.count} objects (${objects.bytes} bytes)${objects.missing.length ? `, ${objects.missing.length} removed while copying` : ''}.`,
    );
    return manifest;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  } finally {
    await fsp.rm(spool, { recursive: true, force: true });
  }
}

async function exportDatabase(db: Database, spool: string, progress: (line: string) => void, sealer: SecretSealer | null) {
  return inSnapshot(db, async (tx) => {
    const level = await databaseLevel(tx);
    if (!level) throw new BackupError('The database has never been set up (no migration applied): there is nothing to back up.');
    const tables = await applicationTables(tx);
    const spooled: SpooledTable[] = [];
    for (const table of tables) {
      const file = path.join(spool, `${table.name}.ndjson`);
      const digest = new Digest();
      const output = fs.createWriteStream(file);
      const done = pipeline(digest, output);
      const count = await readTable(tx, table, FETCH_ROWS, async (lines) => {
        const written = sealer ? lines.map((line) => sealer.sealLine(table.name, line)) : lines;
        if (!digest.write(written.map((line) => `${line}\n`).join(''))) await once(digest, 'drain');
      });
      digest.end();
      await done;
      spooled.push({ table, file, rows: count, bytes: digest.bytes, sha256: digest.sha256 });
      progress(`Table ${table.name}: ${count} rows`);
    }
    return { level, tables: spooled };
  });
}

async function addFile(pack: tar.Pack, name: string, file: string): Promise<void> {
  const { size } = await fsp.stat(file);
  await pipeline(fs.createReadStream(file), pack.entry({ name, size }));
}

async function addObjects(pack: tar.Pack, storage: Storage, progress: (line: string) => void): Promise<Manifest['objects']> {
  const objects: Manifest['objects'] = { count: 0, bytes: 0, missing: [], entries: [] };
  const keys: string[] = [];
  for await (const object of storage.list('')) keys.push(object.key);
  keys.sort();
  for (const key of keys) {
    try {
      // A file of its own for the copy: what is read is one version of the object, whatever happens to the key meanwhile.
      await storage.withLocalFile(key, async (file) => {
        const handle = await fsp.open(file, 'r');
        try {
          const { size, mtime } = await handle.stat();
          const digest = new Digest();
          const bytes = size > 0 ? handle.createReadStream({ autoClose: false, start: 0, end: size - 1 }) : Readable.from([]);
          await pipeline(bytes, digest, pack.entry({ name: objectEntry(key), size, mtime }));
          objects.entries.push({ key, size, sha256: digest.sha256 });
          objects.count += 1;
          objects.bytes += size;
        } finally {
          await handle.close();
        }
      });
    } catch (error) {
      if ((await storage.stat(key)) !== null) throw error;
      objects.missing.push(key);
      progress(`Object ${key} was removed while the backup ran: not in the archive`);
      continue;
    }
    if (objects.count % 100 === 0) progress(`Objects: ${objects.count} of ${keys.length}`);
  }
  return objects;
}
