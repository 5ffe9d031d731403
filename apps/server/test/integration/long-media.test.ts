/**
 * Long media on the real job queue: the longest media accepted (just under six hours, the default
 * MAX_MEDIA_DURATION_SECONDS) goes through every step, its long steps sent with the queue's
 * capped expiry; and crash recovery, at start-up, resumes every media even when the job of one of
 * them cannot be sent.
 *
 * The long media is silence: PocketSphinx's own voice activity detection skips it (a few tens of
 * seconds for six hours), while the upload checks, ffmpeg's conversions, the queue's sends, expiries
 * and keep-alives all run for real on the full duration.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { MediaStatus } from '@palabre/shared';
import { conversations } from '../../src/db/schema.ts';
import { MAX_JOB_EXPIRY_SECONDS } from '../../src/jobs/registry.ts';
import { ERROR_MESSAGE, STEP_JOBS } from '../../src/pipeline/state.ts';
import { createDatabase, createOrganization, startTestServer, type TestServer } from '../harness/server.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/fixtures/audio');

type Row = typeof conversations.$inferSelect;
type NewMedia = Partial<typeof conversations.$inferInsert> & { files: Row['files'] };

/** The media's owner and organization on a server. */
async function owner(server: TestServer): Promise<{ ownerId: string; organizationId: string }> {
  const user = await server.quickUser();
  return { ownerId: user.id, organizationId: (await createOrganization(user.client))._id };
}

/** Stores an original and inserts its media as the upload route does, without sending its job. */
async function insertMedia(
  server: TestServer,
  who: { ownerId: string; organizationId: string },
  body: Buffer | null,
  name: string,
  values: Partial<NewMedia> = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const originals = [];
  if (body) {
    const key = `media/${id}/original-0${path.extname(name)}`;
    const { size } = await server.ctx.storage.put(key, Readable.from([body]));
    originals.push({ key, name, size, mimeType: null });
  }
  await server.ctx.db.insert(conversations).values({
    id,
    ...who,
    name,
    status: 'pending',
    requestedLanguage: 'en',
    files: { originals },
    channels: [{ index: 0, name: 'Channel 1' }],
    ...values,
  });
  return id;
}

async function row(server: TestServer, id: string): Promise<Row> {
  const [found] = await server.ctx.db.select().from(conversations).where(eq(conversations.id, id));
  if (!found) throw new Error(`no conversation ${id}`);
  return found;
}

/** Polls the database until the media reaches one of the statuses (bounded). */
async function waitForStatus(server: TestServer, id: string, statuses: MediaStatus[], timeoutMs: number): Promise<Row> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await row(server, id);
    if (statuses.includes(current.status)) return current;
    if (Date.now() > deadline) throw new Error(`media ${id} still ${current.status} after ${timeoutMs} ms (${JSON.stringify(current.processing)})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * `seconds` of silence as a constant-bitrate MP3 at 8 kbit/s, 8 kHz mono (1 kB per second, four
 * times the least the size check accepts): one 72-byte frame (72 ms) encoded by ffmpeg, repeated.
 * The first frame borrows nothing from earlier ones (no bit reservoir), so each copy decodes alone.
 */
function silentMp3(seconds: number): Buffer {
  const frame = execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=8000:cl=mono',
      '-t',
      '0.5',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '8k',
      '-write_xing',
      '0',
      '-id3v2_version',
      '0',
      '-f',
      'mp3',
      'pipe:1',
    ],
    { maxBuffer: 1024 * 1024 },
  ).subarray(0, 72);
  // MPEG 2.5 layer III, 8 kbit/s, 8 kHz, no padding, mono: 576 samples in 72 bytes.
  expect([...frame.subarray(0, 4)]).toEqual([0xff, 0xe3, 0x18, 0xc4]);
  const frames = Math.floor(seconds / 0.072);
  const file = Buffer.alloc(frames * frame.length);
  for (let n = 0; n < frames; n++) frame.copy(file, n * frame.length);
  return file;
}

describe('the longest media accepted', { timeout: 1_800_000 }, () => {
  let server: TestServer | undefined;
  afterAll(() => server?.close());

  it('goes through every step to done, its long steps sent with the capped expiry', async () => {
    server = await startTestServer();
    const longest = server.ctx.config.maxMediaDurationSeconds;
    expect(longest).toBe(6 * 3600);
    // A track of exactly the maximum reaches the conversions' bound and is refused as too long: the
    // longest accepted lasts a little less.
    const id = await insertMedia(server, await owner(server), silentMp3(longest - 1), 'six-hours.mp3');
    await server.ctx.jobs.send('media.preprocess', { conversationId: id });

    const done = await waitForStatus(server, id, ['done', 'error'], 1_500_000);
    expect(done.processing.log).toBeUndefined();
    expect(done.status).toBe('done');
    expect(done.duration).toBeGreaterThan(longest - 2);
    expect(done.duration).toBeLessThan(longest);
    expect(done.processing.steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'done']);

    // Every job of the media ran once; the transcription's expiry (12 s per second of audio) was capped.
    const { rows } = await server.running.db.executeSql(`SELECT name, state, retry_count, expire_seconds FROM pgboss.job WHERE data->>'conversationId' = $1 ORDER BY created_on`, [
      id,
    ]);
    const jobs = rows as Array<{ name: string; state: string; retry_count: number; expire_seconds: number }>;
    expect(jobs.map((job) => [job.name, job.state, Number(job.retry_count)])).toEqual(Object.values(STEP_JOBS).map((name) => [name, 'completed', 0]));
    expect(Number(jobs.find((job) => job.name === STEP_JOBS.transcription)!.expire_seconds)).toBe(MAX_JOB_EXPIRY_SECONDS);
  });
});

describe('crash recovery at start-up', { timeout: 300_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-restart-'));
  let database: { url: string; drop(): Promise<void> } | undefined;
  let restarted: TestServer | undefined;
  afterAll(async () => {
    await restarted?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts, ends in error the media whose job cannot be sent, and resumes the others', async () => {
    // Both servers use the same data: the second one is the first one restarted.
    if (inject('testDatabase') === 'postgres') database = await createDatabase(inject('postgresAdminUrl'));
    const env = { PALABRE_DATA_DIR: dataDir, DATABASE_URL: database?.url };
    const first = await startTestServer({ env });
    const who = await owner(first);
    // A download left unfinished whose address the job's payload refuses: it can never be sent.
    const refused = await insertMedia(first, who, null, 'refused', { files: { originals: [], sourceUrl: 'not an address' } as Row['files'] });
    // A media left without a job by a crash, listed after it.
    const stuck = await insertMedia(first, who, fs.readFileSync(path.join(FIXTURES, 'jfk-en.wav')), 'jfk-en.wav');
    await first.close();

    restarted = await startTestServer({ env });
    const failed = await waitForStatus(restarted, refused, ['done', 'error'], 60_000);
    expect(failed.status).toBe('error');
    expect(failed.processing.log).toBe(`${ERROR_MESSAGE}: the preprocessing step could not be started again`);
    expect((await waitForStatus(restarted, stuck, ['done', 'error'], 240_000)).status).toBe('done');
  });
});
