/**
 * Restores an archive into a stopped installation. The whole archive is read and checked first
 * (every entry's sha256 against the manifest): a damaged or truncated archive changes nothing. Then
 * the target, refused when it holds data unless forced (then emptied), is migrated to the archive's
 * level, its rows are inserted in one transaction (parents first, in batches) and its sequences reset,
 * the objects are written (their sha256 checked again), and the database migrates forward to this
 * code's level.
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import type { DatabaseHandle } from '../db/client.ts';
import type { Storage } from '../storage/storage.ts';
import { applicationTables, countRows, dropEverything, inTransaction, insertRows, resetSequences, type Runner, type TableInfo } from './repo.ts';
import { knownLevels, migrateTo } from './migrations.ts';
import { SecretUnsealer } from './secrets.ts';
import { ARCHIVE_VERSION, BackupError, Checksum, Digest, MANIFEST_ENTRY, OBJECT_PREFIX, objectEntry, tableEntry, zManifest, type Manifest } from './archive.ts';

export interface RestoreTarget {
  handle: DatabaseHandle;
  storage: Storage;
}

export interface RestoreOptions {
  /** Empty a target that holds data instead of refusing it. */
  force?: boolean;
  progress?: (line: string) => void;
  /** The target's signing secret: unseals the secrets of an archive downloaded from a server (secrets.ts). */
  serverSecret?: string;
}

/** Rows inserted per statement, and bytes of JSON per statement at most (large documents). */
const BATCH_ROWS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;
/** The manifest is read into memory: bounded. */
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

type Entry = AsyncIterable<Buffer> & Readable & { header: tar.Header };

/** Reads the archive's entries in order; a damaged gzip or tar stream fails with a message saying so. */
async function readEntries(file: string, use: (entries: AsyncIterator<Entry>) => Promise<void>): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`No archive at ${file}.`);
  const input = fs.createReadStream(file);
  const gunzip = createGunzip();
  const extract = tar.extract();
  // Failures of reading, unzipping or untarring are the archive's; any other is the restore's own.
  let damage: Error | undefined;
  for (const stream of [input, gunzip, extract] as NodeJS.EventEmitter[]) stream.once('error', (error: Error) => (damage ??= error));
  const reading = pipeline(input, gunzip, extract);
  reading.catch(() => undefined);
  try {
    await use(extract[Symbol.asyncIterator]() as AsyncIterator<Entry>);
    await reading;
  } catch (error) {
    extract.destroy();
    if (error instanceof BackupError || !damage) throw error;
    throw new BackupError(`The archive ${file} is damaged or truncated (${damage.message}); nothing was restored from it.`);
  }
}

/** Reads the whole archive and checks it against its manifest; answers the manifest. */
export async function verifyArchive(file: string): Promise<Manifest> {
  const seen: Array<{ name: string; bytes: number; sha256: string }> = [];
  let manifestText: string | undefined;
  await readEntries(file, async (entries) => {
    for (let next = await entries.next(); !next.done; next = await entries.next()) {
      const entry = next.value;
      if (entry.header.name === MANIFEST_ENTRY) {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of entry) {
          size += chunk.length;
          if (size > MANIFEST_MAX_BYTES) throw new BackupError('The archive’s manifest is too large: this is not a Palabre backup.');
          chunks.push(chunk);
        }
        manifestText = Buffer.concat(chunks).toString('utf8');
        continue;
      }
      const digest = new Checksum();
      for await (const chunk of entry) digest.update(chunk);
      seen.push({ name: entry.header.name, bytes: digest.bytes, sha256: digest.sha256 });
    }
  });
  if (manifestText === undefined) throw new BackupError(`The archive ${file} has no manifest: it is truncated or not a Palabre backup; nothing was restored from it.`);
  const manifest = parseManifest(manifestText);
  const expected = [
    ...manifest.tables.map((table) => ({ name: tableEntry(table.name), bytes: table.bytes, sha256: table.sha256 })),
    ...manifest.objects.entries.map((object) => ({ name: objectEntry(object.key), bytes: object.size, sha256: object.sha256 })),
  ];
  if (expected.length !== seen.length)
    throw new BackupError(`The archive ${file} holds ${seen.length} entries where its manifest lists ${expected.length}; nothing was restored from it.`);
  expected.forEach((entry, index) => {
    const found = seen[index]!;
    if (found.name !== entry.name) throw new BackupError(`The archive ${file} holds ${found.name} where its manifest lists ${entry.name}; nothing was restored from it.`);
    if (found.bytes !== entry.bytes || found.sha256 !== entry.sha256)
      throw new BackupError(`The archive ${file} is damaged: ${entry.name} does not match its checksum; nothing was restored from it.`);
  });
  return manifest;
}

function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError('The archive’s manifest is not valid JSON: this is not a Palabre backup, or it is damaged.');
  }
  const format = (json as { formatVersion?: unknown } | null)?.formatVersion;
  if (typeof format === 'number' && format > ARCHIVE_VERSION)
    throw new BackupError(`This archive has format ${format}, newer than this version of Palabre reads (${ARCHIVE_VERSION}): upgrade Palabre first.`);
  const parsed = zManifest.safeParse(json);
  if (!parsed.success) throw new BackupError('The archive’s manifest is not a Palabre backup manifest.');
  const levels = knownLevels();
  const manifest = parsed.data;
  if (!levels.some((level) => level.when === manifest.migration.when)) {
    const last = levels.at(-1)!;
    if (manifest.migration.when > last.when)
      throw new BackupError(`This archive comes from a newer Palabre (database level ${manifest.migration.tag}, this one stops at ${last.tag}): upgrade Palabre first.`);
    throw new BackupError(`This archive’s database level (${manifest.migration.tag}) is not one this version of Palabre knows.`);
  }
  return manifest;
}

/**
 * Tables whose rows only people make: an installation without any (nor stored objects) holds nothing of
 * value, even when migrations seeded other tables (the default transcriber profile) or a server started once.
 */
const PEOPLE_TABLES = ['users', 'organizations', 'conversations'];

/** Whether the installation holds data: accounts, organizations or media, or objects in the storage. */
async function holdsData(target: RestoreTarget): Promise<boolean> {
  const tables = (await applicationTables(target.handle.db)).filter((table) => PEOPLE_TABLES.includes(table.name));
  if ((await countRows(target.handle.db, tables)) > 0) return true;
  for await (const object of target.storage.list('')) {
    void object;
    return true;
  }
  return false;
}

/** Drops everything of the database (tables, migration history, job queue) and every stored object. */
async function emptyTarget(target: RestoreTarget): Promise<void> {
  await dropEverything(target.handle.db);
  const keys: string[] = [];
  for await (const object of target.storage.list('', { incomplete: true })) if (!object.incomplete) keys.push(object.key);
  for (const key of keys) await target.storage.delete(key);
  await target.storage.removeIncomplete(new Date(Date.now() + 1000));
}

export async function restoreBackup(file: string, target: RestoreTarget, options: RestoreOptions = {}): Promise<Manifest> {
  const progress = options.progress ?? (() => undefined);
  progress(`Checking ${file}…`);
  const manifest = await verifyArchive(file);
  progress(`Archive of ${manifest.createdAt} (Palabre ${manifest.productVersion}, ${manifest.database}, database level ${manifest.migration.tag}): intact.`);
  if ((await holdsData(target)) && !options.force)
    throw new BackupError('The target installation already holds data: restore into an empty one, or add --force to erase it first.');
  await emptyTarget(target);
  progress(`Creating the database at level ${manifest.migration.tag}…`);
  await migrateTo(target.handle, manifest.migration);
  const tables = new Map((await applicationTables(target.handle.db)).map((table) => [table.name, table]));
  for (const table of manifest.tables)
    if (!tables.has(table.name)) throw new BackupError(`The archive holds a table this database level has not (${table.name}): it is not a consistent backup.`);

  const unsealer = manifest.secrets === 'sealed' ? new SecretUnsealer(options.serverSecret ?? '') : null;
  await readEntries(file, async (entries) => {
    let next = await entries.next();
    await inTransaction(target.handle.db, async (tx) => {
      for (const expected of manifest.tables) {
        if (next.done || next.value.header.name !== tableEntry(expected.name)) throw new BackupError(`The archive changed while it was restored (${tableEntry(expected.name)}).`);
        const count = await insertTable(tx, tables.get(expected.name)!, next.value, unsealer);
        if (count !== expected.rows) throw new BackupError(`Table ${expected.name}: ${count} rows read where the manifest says ${expected.rows}.`);
        progress(`Table ${expected.name}: ${count} rows`);
        next = await entries.next();
      }
      for (const table of tables.values()) await resetSequences(tx, table);
    });
    const checksums = new Map(manifest.objects.entries.map((object) => [object.key, object.sha256]));
    let written = 0;
    for (; !next.done; next = await entries.next()) {
      const entry = next.value;
      if (!entry.header.name.startsWith(OBJECT_PREFIX)) {
        entry.resume();
        continue;
      }
      await writeObject(target.storage, checksums, entry);
      written += 1;
      if (written % 100 === 0 || written === manifest.objects.count) progress(`Objects: ${written} of ${manifest.objects.count}`);
    }
  });
  if (unsealer?.lost)
    progress(
      `${unsealer.lost} secrets were sealed with another signing secret (PALABRE_SECRET or secret.key): profile API keys were left out (enter them again), webhook signing secrets and stream keys were renewed.`,
    );
  progress('Migrating the database to this version of Palabre…');
  await target.handle.migrate();
  progress(`Restored: ${manifest.tables.reduce((sum, table) => sum + table.rows, 0)} rows in ${manifest.tables.length} tables, ${manifest.objects.count} objects.`);
  return manifest;
}

async function insertTable(db: Runner, table: TableInfo, entry: Entry, unsealer: SecretUnsealer | null): Promise<number> {
  let batch: string[] = [];
  let bytes = 0;
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await insertRows(db, table, batch);
    count += batch.length;
    batch = [];
    bytes = 0;
  };
  for await (const line of readline.createInterface({ input: entry, crlfDelay: Infinity })) {
    if (line === '') continue;
    batch.push(unsealer ? unsealer.unsealLine(table.name, line) : line);
    bytes += line.length;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
  return count;
}

async function writeObject(storage: Storage, checksums: ReadonlyMap<string, string>, entry: Entry): Promise<void> {
  const key = entry.header.name.slice(OBJECT_PREFIX.length);
  const expected = checksums.get(key);
  if (expected === undefined) throw new BackupError(`The archive changed while it was restored (${entry.header.name}).`);
  const digest = new Digest();
  entry.once('error', (error) => digest.destroy(error));
  await storage.put(key, entry.pipe(digest));
  if (digest.sha256 !== expected) {
    await storage.delete(key);
    throw new BackupError(`The archive changed while it was restored: ${entry.header.name} does not match its checksum.`);
  }
}
