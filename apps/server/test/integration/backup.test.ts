/**
 * Backup and restore: an installation with users, an organization, a processed media whose transcript
 * was edited through its document, tags and a subtitle version is backed up while its server runs
 * (PGlite: through the download endpoint; PostgreSQL: by the command, connecting itself), restored
 * into a fresh database and storage, and compared row by row and byte by byte; a server started on the
 * restored data serves the media and its transcript. On PostgreSQL the archive also goes into PGlite
 * and back. Damaged archives change nothing.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib, { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PLATFORM_ROLE, type Turn } from '@palabre/shared';
import { runBackupCommand, runRestoreCommand } from '../../src/backup/cli.ts';
import { writeBackup } from '../../src/backup/backup.ts';
import { verifyArchive } from '../../src/backup/restore.ts';
import { databaseLevel, knownLevels, migrateTo } from '../../src/backup/migrations.ts';
import { SCHEMA_TABLES, applicationTables } from '../../src/backup/repo.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { createStorage } from '../../src/storage/drivers.ts';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { aiProfiles, conversations, webhooks } from '../../src/db/schema.ts';
import { startServer } from '../../src/server.ts';
import { readBuffer, type Storage } from '../../src/storage/storage.ts';
import { createCast, seedSharedMedia, type Cast } from '../harness/cast.ts';
import { createDatabase, startTestServer, TestClient, type TestServer, type TestUser } from '../harness/server.ts';
import { freePort } from '../harness/postgres.ts';
import { spawnServer } from '../harness/server-process.ts';
import { makeTranscript } from '../harness/transcripts.ts';

const API = '/cm-api/api';
const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli.ts');
const SECRET = `backup-secret-${crypto.randomBytes(16).toString('hex')}`;
const dbKind = inject('testDatabase');

let source: TestServer;
let cast: Cast;
let admin: TestUser;
let mediaId: string;
const cleanups: Array<() => Promise<void> | void> = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-backup-test-'));
cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));

type TableRows = Record<string, string[]>;

/**
 * Every row of every application table, as JSON texts in a stable order. Without `generated`, only
 * the stored columns: each database computes generated ones itself (PGlite's text search parser splits
 * some words otherwise than a PostgreSQL server's).
 */
async function allRows(db: Database, generated = true): Promise<TableRows> {
  const result: TableRows = {};
  const tables = new Map((await applicationTables(db)).map((table) => [table.name, table]));
  for (const table of SCHEMA_TABLES) {
    const columns = generated
      ? sql`*`
      : sql.join(
          tables.get(table)!.columns.map((column) => sql.identifier(column.name)),
          sql`, `,
        );
    const found = (await db.execute(sql`SELECT row_to_json(t)::text AS line FROM (SELECT ${columns} FROM ${sql.identifier(table)}) t`)) as unknown as {
      rows: Array<{ line: string }>;
    };
    result[table] = found.rows.map((row) => row.line).sort();
  }
  return result;
}

/** Every object's bytes, by key. */
async function allObjects(storage: Storage): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for await (const object of storage.list(''))
    result[object.key] = crypto
      .createHash('sha256')
      .update(await readBuffer(storage, object.key))
      .digest('hex');
  return result;
}

/** A fresh installation: its own data folder, and on PostgreSQL its own database (or PGlite when asked). */
async function freshInstallation(kind: 'pglite' | 'postgres' = dbKind): Promise<Config> {
  const dataDir = fs.mkdtempSync(path.join(work, 'target-'));
  const database = kind === 'postgres' ? await createDatabase(inject('postgresAdminUrl')) : undefined;
  if (database) cleanups.push(() => database.drop());
  return loadConfig({
    PALABRE_DATA_DIR: dataDir,
    DATABASE_URL: database?.url,
    PALABRE_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    PALABRE_DEFAULT_MODEL: 'none',
    LIVE_RTMP_PORTS: 'off',
    LIVE_SRT_PORTS: 'off',
  });
}

async function withDatabase<T>(config: Config, use: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openDatabase(config);
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

/** Runs a command, answering its exit code and what it wrote to standard error. */
async function run(command: (args: string[], config: Config) => Promise<number>, args: string[], config: Config): Promise<{ code: number; errors: string }> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void lines.push(parts.join(' ')));
  try {
    return { code: await command(args, config), errors: lines.join('\n') };
  } finally {
    spy.mockRestore();
  }
}

/** Backs the running source up the way its database allows: the endpoint on PGlite, the command on PostgreSQL. */
async function backUpSource(file: string): Promise<void> {
  if (source.dbKind === 'pglite') {
    const response = await admin.client.get(`${API}/administration/backup`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gzip');
    fs.writeFileSync(file, response.bytes);
    return;
  }
  const config = loadConfig({ PALABRE_DATA_DIR: source.ctx.config.dataDir, DATABASE_URL: source.running.db.connectionString, PALABRE_SECRET: SECRET });
  const { code, errors } = await run(runBackupCommand, ['--output', file], config);
  expect(code, errors).toBe(0);
}

let sourceRows: TableRows;
let sourceStoredRows: TableRows;
let sourceObjects: Record<string, string>;
const archive = path.join(work, 'backup.tar.gz');

beforeAll(async () => {
  source = await startTestServer({ env: { PALABRE_SECRET: SECRET } });
  cleanups.push(() => source.close());
  cast = await createCast(server());
  admin = await source.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR | PLATFORM_ROLE.SUPER_ADMINISTRATOR });
  const transcript = makeTranscript(
    [
      { speaker: 'spk1', text: 'bonjour tout le monde' },
      { speaker: 'spk2', text: 'merci d’être venus' },
    ],
    { names: { spk1: 'Alice', spk2: 'Bob' } },
  );
  mediaId = await seedSharedMedia(server(), cast, { transcript, name: 'Réunion' });
  // The media's files: a web rendition (binary, every byte value) and its peaks.
  const audio = crypto.randomBytes(200_000);
  const web = await source.ctx.storage.put(`media/${mediaId}/web.m4a`, Readable.from([audio]));
  await source.ctx.storage.put(`media/${mediaId}/peaks.json`, Readable.from([JSON.stringify({ version: 2, data: [0, 0.5, -1] })]));
  const [row] = await source.ctx.db.select().from(conversations).where(eq(conversations.id, mediaId));
  await source.ctx.db
    .update(conversations)
    .set({ files: { ...row!.files, peaks: `media/${mediaId}/peaks.json`, web: { key: `media/${mediaId}/web.m4a`, mimeType: 'audio/mp4', size: web.size } } })
    .where(eq(conversations.id, mediaId));
  // An edit through the transcript's document (stored as a document update, then folded into its state).
  const [first] = (await source.ctx.documents.read(mediaId))!.text as [Turn];
  expect((await cast.owner.client.patch(`${API}/conversations/${mediaId}/turns/${first.turn_id}`, { segment: 'bonjour à toutes et à tous' })).status).toBe(200);
  // Tags and a subtitle version.
  const category = await cast.owner.client.post(`${API}/organizations/${cast.orgId}/categories`, { name: 'Thèmes', color: 'blue' });
  expect(category.status).toBe(201);
  const tag = await cast.owner.client.post(`${API}/organizations/${cast.orgId}/tags`, { name: 'budget', categoryId: category.body._id });
  expect(tag.status).toBe(201);
  expect((await cast.owner.client.post(`${API}/conversations/${mediaId}/tags/${tag.body._id}`)).status).toBeLessThan(300);
  expect((await cast.owner.client.post(`${API}/conversations/${mediaId}/subtitles`, { name: 'Sous-titres' })).status).toBe(201);
  await source.ctx.documents.flush();
  await source.ctx.subtitles.flush();

  await backUpSource(archive);
  sourceRows = await allRows(source.ctx.db);
  sourceStoredRows = await allRows(source.ctx.db, false);
  sourceObjects = await allObjects(source.ctx.storage);
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function server(): TestServer {
  return source;
}

/** Restores the archive into a fresh installation and checks every row and every object came back. */
async function restoreAndCompare(file: string, kind: 'pglite' | 'postgres' = dbKind): Promise<Config> {
  const target = await freshInstallation(kind);
  const { code, errors } = await run(runRestoreCommand, [file], target);
  expect(code, errors).toBe(0);
  // Across database kinds, generated columns are each database's own computation.
  const sameKind = kind === source.dbKind;
  const restored = await withDatabase(target, (db) => allRows(db, sameKind));
  for (const table of SCHEMA_TABLES) expect(restored[table], table).toEqual((sameKind ? sourceRows : sourceStoredRows)[table]);
  expect(await allObjects(createStorage(target))).toEqual(sourceObjects);
  return target;
}

describe('backup while the server runs, then restore', () => {
  it('holds the media, its edited transcript, tags, subtitle version and files', () => {
    expect(sourceRows.transcript_updates!.length + sourceRows.transcript_documents!.length).toBeGreaterThan(0);
    expect(sourceRows.conversation_tags).toHaveLength(1);
    expect(sourceRows.subtitle_versions).toHaveLength(1);
    expect(Object.keys(sourceObjects)).toEqual(expect.arrayContaining([`media/${mediaId}/web.m4a`, `media/${mediaId}/peaks.json`]));
  });

  it('restores every row and every object into a fresh installation, and a server on it serves the media and its transcript', async () => {
    const target = await restoreAndCompare(archive);
    const restored = await startServer(target, { logger: false });
    try {
      // The same signing secret: the sessions of the archive still open.
      const client = new TestClient(restored.url);
      client.authToken = cast.owner.client.authToken;
      const media = await client.get(`${API}/conversations/${mediaId}`);
      expect(media.status).toBe(200);
      expect(media.body.name).toBe('Réunion');
      expect(media.body.text.map((turn: Turn) => turn.segment)).toEqual(['bonjour à toutes et à tous', 'merci d’être venus']);
      const audio = await client.get(`${API}/conversations/${mediaId}/media`);
      expect(audio.status).toBe(200);
      expect(crypto.createHash('sha256').update(audio.bytes).digest('hex')).toBe(sourceObjects[`media/${mediaId}/web.m4a`]);
      // New rows get fresh identifiers after the restored ones (sequences were reset).
      expect((await client.patch(`${API}/conversations/${mediaId}/turns/${media.body.text[1].turn_id}`, { segment: 'merci' })).status).toBe(200);
    } finally {
      await restored.close();
    }
  });

  it.skipIf(dbKind !== 'postgres')('restores a PostgreSQL archive into PGlite, and a PGlite backup into PostgreSQL', async () => {
    const embedded = await restoreAndCompare(archive, 'pglite');
    // Without a server on it, the command opens the embedded database itself.
    const second = path.join(work, 'from-pglite.tar.gz');
    const { code, errors } = await run(runBackupCommand, ['--output', second], embedded);
    expect(code, errors).toBe(0);
    await restoreAndCompare(second, 'postgres');
  });
});

describe('while people keep working', () => {
  it('gives an archive that restores whole while edits and new media go on during the backup', async () => {
    let editing = true;
    let edits = 0;
    const [, second] = (await source.ctx.documents.read(mediaId))!.text as [Turn, Turn];
    const activity = (async () => {
      while (editing) {
        const response = await cast.owner.client.patch(`${API}/conversations/${mediaId}/turns/${second.turn_id}`, { segment: `merci ${edits}` });
        expect(response.status).toBe(200);
        await seedSharedMedia(server(), cast, { transcript: makeTranscript([{ speaker: 'spk1', text: `média ${edits}` }]) });
        edits += 1;
      }
    })();
    const file = path.join(work, 'busy.tar.gz');
    try {
      await backUpSource(file);
    } finally {
      editing = false;
      await activity;
    }
    expect(edits).toBeGreaterThan(0);
    const target = await freshInstallation();
    const { code, errors } = await run(runRestoreCommand, [file], target);
    expect(code, errors).toBe(0);
    const manifest = await verifyArchive(file);
    await withDatabase(target, async (db) => {
      const restored = await allRows(db);
      for (const table of manifest.tables) expect(restored[table.name], table.name).toHaveLength(table.rows);
    });
  });
});

describe('an object removed while the backup runs', () => {
  it('is reported in the manifest and the backup goes on', async () => {
    const key = `media/${mediaId}/removed-during-backup.bin`;
    await source.ctx.storage.put(key, Readable.from([Buffer.from('soon gone')]));
    // The object is listed, then removed just before its copy (its media deleted meanwhile).
    const storage: Storage = Object.create(source.ctx.storage) as Storage;
    storage.withLocalFile = async (wanted, use) => {
      if (wanted === key) await source.ctx.storage.delete(key);
      return source.ctx.storage.withLocalFile(wanted, use);
    };
    const file = path.join(work, 'removed.tar.gz');
    const lines: string[] = [];
    const manifest = await writeBackup({ db: source.ctx.db, kind: source.dbKind, storage }, fs.createWriteStream(file), { progress: (line) => lines.push(line) });
    expect(manifest.objects.missing).toEqual([key]);
    expect(manifest.objects.entries.map((object) => object.key)).not.toContain(key);
    expect(lines.join('\n')).toContain(key);
    expect((await verifyArchive(file)).objects.missing).toEqual([key]);
  });
});

describe('the download endpoint', () => {
  it('is for super administrators only', async () => {
    const systemAdmin = await source.quickUser({ role: PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR });
    expect((await systemAdmin.client.get(`${API}/administration/backup`)).status).toBe(403);
    expect((await cast.owner.client.get(`${API}/administration/backup`)).status).toBe(403);
    expect((await source.client().get(`${API}/administration/backup`)).status).toBe(401);
  });

  it('refuses an API key, even a platform key of a super administrator', async () => {
    const key = await admin.client.post(`${API}/administration/api-keys`, { name: 'Backups', role: 'administrator', expiresAt: null });
    expect(key.status).toBe(201);
    const response = await source.client().get(`${API}/administration/backup`, { auth: key.body.secret });
    expect(response.status).toBe(403);
  });

  it('seals the secrets of the rows; a restore with the same signing secret unseals them, with another one leaves keys out and renews signing secrets', async () => {
    const apiKey = `sk-backup-${crypto.randomBytes(8).toString('hex')}`;
    const webhookSecret = `whsec_${crypto.randomBytes(16).toString('hex')}`;
    const [profile] = await source.ctx.db
      .insert(aiProfiles)
      .values({ name: 'Sealed model', organizationId: null, config: { endpoint: 'http://llm.example.org/v1', model: 'm', apiKey, contextTokens: 8192 } })
      .returning();
    const [hook] = await source.ctx.db
      .insert(webhooks)
      .values({ organizationId: cast.orgId, url: 'https://hooks.example.org/in', events: ['media.processed'], secret: webhookSecret })
      .returning();
    try {
      const response = await admin.client.get(`${API}/administration/backup`);
      expect(response.status).toBe(200);
      const file = path.join(work, 'sealed.tar.gz');
      fs.writeFileSync(file, response.bytes);
      const tarBytes = zlib.gunzipSync(response.bytes).toString('latin1');
      expect(tarBytes).not.toContain(apiKey);
      expect(tarBytes).not.toContain(webhookSecret);
      expect((await verifyArchive(file)).secrets).toBe('sealed');

      const same = await freshInstallation();
      expect((await run(runRestoreCommand, [file], same)).code).toBe(0);
      await withDatabase(same, async (db) => {
        expect((await db.select().from(aiProfiles).where(eq(aiProfiles.id, profile!.id)))[0]?.config.apiKey).toBe(apiKey);
        expect((await db.select().from(webhooks).where(eq(webhooks.id, hook!.id)))[0]?.secret).toBe(webhookSecret);
      });

      const other = { ...(await freshInstallation()), secret: `another-${SECRET}` };
      const restored = await run(runRestoreCommand, [file], other);
      expect(restored.code).toBe(0);
      await withDatabase(other, async (db) => {
        const [otherProfile] = await db.select().from(aiProfiles).where(eq(aiProfiles.id, profile!.id));
        expect(otherProfile?.config).toEqual({ endpoint: 'http://llm.example.org/v1', model: 'm', contextTokens: 8192 });
        const [otherHook] = await db.select().from(webhooks).where(eq(webhooks.id, hook!.id));
        expect(otherHook?.secret).toMatch(/^whsec_/);
        expect(otherHook?.secret).not.toBe(webhookSecret);
      });
    } finally {
      await source.ctx.db.delete(webhooks).where(eq(webhooks.id, hook!.id));
      await source.ctx.db.delete(aiProfiles).where(eq(aiProfiles.id, profile!.id));
    }
  });
});

describe('refusals', () => {
  let target: Config;
  let before: TableRows;
  beforeAll(async () => {
    target = await freshInstallation();
    expect((await run(runRestoreCommand, [archive], target)).code).toBe(0);
    before = await withDatabase(target, allRows);
  });

  const unchanged = async () => {
    expect(await withDatabase(target, allRows)).toEqual(before);
    expect(await allObjects(createStorage(target))).toEqual(sourceObjects);
  };

  it('refuses a target holding data without --force', async () => {
    const { code, errors } = await run(runRestoreCommand, [archive], target);
    expect(code).toBe(1);
    expect(errors).toContain('--force');
    await unchanged();
  });

  it('takes an installation that was only migrated (seeded rows, no account) as empty', async () => {
    const migrated = await freshInstallation();
    const handle = await openDatabase(migrated);
    await handle.migrate().finally(() => handle.close());
    const { code, errors } = await run(runRestoreCommand, [archive], migrated);
    expect(code, errors).toBe(0);
    expect((await withDatabase(migrated, allRows)).users).toEqual(sourceRows.users);
  });

  it('refuses a truncated archive and a damaged one, leaving the target as it was', async () => {
    const bytes = fs.readFileSync(archive);
    const truncated = path.join(work, 'truncated.tar.gz');
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const damaged = path.join(work, 'damaged.tar.gz');
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(flipped.length / 2)]! ^= 0xff;
    fs.writeFileSync(damaged, flipped);
    for (const file of [truncated, damaged]) {
      const { code, errors } = await run(runRestoreCommand, [file, '--force'], target);
      expect(code).toBe(1);
      expect(errors).toMatch(/damaged|truncated/);
      await unchanged();
    }
  });

  it('erases and restores a target holding data with --force', async () => {
    const { code, errors } = await run(runRestoreCommand, [archive, '--force'], target);
    expect(code, errors).toBe(0);
    await unchanged();
  });
});

describe('database levels', () => {
  it('restores an archive of an older level at its level, then migrates it forward', async () => {
    const [oldest] = knownLevels();
    const old = await freshInstallation();
    const handle = await openDatabase(old);
    try {
      await migrateTo(handle, oldest!);
      await handle.db.execute(sql`INSERT INTO users (email, firstname, lastname) VALUES ('ancien@example.org', 'Ancien', 'Compte')`);
    } finally {
      await handle.close();
    }
    const file = path.join(work, 'old.tar.gz');
    expect((await run(runBackupCommand, ['--output', file], old)).code).toBe(0);
    const target = await freshInstallation();
    const { code, errors } = await run(runRestoreCommand, [file], target);
    expect(code, errors).toBe(0);
    await withDatabase(target, async (db) => {
      expect(await databaseLevel(db)).toEqual(knownLevels().at(-1));
      const found = (await db.execute(sql`SELECT firstname, role, status FROM users WHERE email = 'ancien@example.org'`)) as unknown as { rows: unknown[] };
      expect(found.rows).toEqual([{ firstname: 'Ancien', role: 1, status: 'active' }]);
    });
  });

  it('refuses an archive of a newer Palabre, changing nothing', async () => {
    const manifest = {
      ...JSON.parse(await manifestOf(archive)),
      migration: { tag: '9999_future', when: Date.now() * 2 },
      tables: [],
      objects: { count: 0, bytes: 0, missing: [], entries: [] },
    };
    const pack = tar.pack();
    pack.entry({ name: 'manifest.json' }, JSON.stringify(manifest));
    pack.finalize();
    const file = path.join(work, 'future.tar.gz');
    await pipeline(pack, createGzip(), fs.createWriteStream(file));
    const target = await freshInstallation();
    const { code, errors } = await run(runRestoreCommand, [file], target);
    expect(code).toBe(1);
    expect(errors).toContain('upgrade Palabre first');
    await withDatabase(target, async (db) => expect(await databaseLevel(db)).toBeNull());
  });
});

/** The manifest entry of an archive. */
async function manifestOf(file: string): Promise<string> {
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), createGunzip(), extract);
  let text = '';
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    if (entry.header.name === 'manifest.json') text = Buffer.concat(chunks).toString('utf8');
  }
  await reading;
  return text;
}

/** Runs `palabre` in its own process (as people do), answering its exit code and standard error. */
async function palabre(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; errors: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => void (errors += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, errors };
}

// On PostgreSQL the command connects itself while servers run (above); only the embedded database is held by its server.
describe.skipIf(dbKind !== 'pglite')('the embedded database while its server runs (another process)', () => {
  it('sends the command to the server: refused without --url, downloaded with --url and --token', async () => {
    const dataDir = fs.mkdtempSync(path.join(work, 'running-'));
    const seed = path.join(dataDir, 'seed.json');
    fs.writeFileSync(seed, JSON.stringify(makeTranscript([{ speaker: 'spk1', text: 'un deux trois' }])));
    const env = { PALABRE_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(await freePort()), PALABRE_SECRET: SECRET, PALABRE_DEFAULT_MODEL: 'none', LOG_LEVEL: 'silent' };
    const running = await spawnServer<{ url: string; token: string; conversationId: string }>({
      ...env,
      SEED_TRANSCRIPT_FILE: seed,
      SEED_ROLE: String(PLATFORM_ROLE.USER | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR | PLATFORM_ROLE.SUPER_ADMINISTRATOR),
    });
    try {
      const file = path.join(work, 'through-server.tar.gz');
      const refused = await palabre(['backup', '--output', file], env);
      expect(refused.code).toBe(1);
      expect(refused.errors).toContain('/cm-api/api/administration/backup');
      expect(refused.errors).toContain('--url');
      expect(fs.existsSync(file)).toBe(false);
      const downloaded = await palabre(['backup', '--output', file, '--url', running.ready.url, '--token', running.ready.token], env);
      expect(downloaded.code, downloaded.errors).toBe(0);
      const manifest = await verifyArchive(file);
      expect(manifest.database).toBe('pglite');
      expect(manifest.tables.find((table) => table.name === 'conversations')?.rows).toBe(1);
      const wrong = await palabre(['backup', '--output', `${file}.2`, '--url', running.ready.url, '--token', 'not-a-token'], env);
      expect(wrong.code).toBe(1);
      expect(wrong.errors).toContain('token was refused');
    } finally {
      await running.stop();
    }
  });
});
