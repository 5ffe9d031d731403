/**
 * The media pipeline end to end on the real job queue: conversations are inserted as the upload
 * route does (originals in storage, status pending, a media.preprocess job), then the jobs run.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordErrorRate } from '@palabre/engines';
import { checkTranscript, type JobName, type MediaStatus } from '@palabre/shared';
import { loadConfig } from '../../src/config.ts';
import { conversations, transcriberProfiles } from '../../src/db/schema.ts';
import { JobRegistry, JobRegistryError, RETRY_TWICE, defineJob } from '../../src/jobs/registry.ts';
import { pipelineJobs, resumeStuckConversations, retryProcessing } from '../../src/pipeline/index.ts';
import { ERROR_MESSAGE } from '../../src/pipeline/state.ts';
import { startServer } from '../../src/server.ts';
import type { LocalStorage } from '../../src/storage/storage.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/fixtures/audio');
const fixture = (name: string) => path.join(FIXTURES, name);
const JFK_REFERENCE = 'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';

let server: TestServer;
let owner: TestUser;
let organizationId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.quickUser();
  organizationId = (await createOrganization(owner.client))._id;
});
afterAll(() => server?.close());

type Row = typeof conversations.$inferSelect;

/** What the upload route does: store the originals, insert the row, enqueue preprocessing. */
async function createMedia(
  tracks: Array<{ file: string; name?: string } | { bytes: Buffer; name: string }>,
  overrides: Partial<typeof conversations.$inferInsert> = {},
  options: { enqueue?: boolean } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const originals = [];
  for (const [n, track] of tracks.entries()) {
    const name = track.name ?? path.basename((track as { file: string }).file);
    const key = `media/${id}/original-${n}${path.extname(name)}`;
    const body = 'bytes' in track ? track.bytes : fs.readFileSync(track.file);
    const { size } = await server.ctx.storage.put(key, Readable.from([body]));
    originals.push({ key, name, size, mimeType: null });
  }
  await server.ctx.db.insert(conversations).values({
    id,
    organizationId,
    ownerId: owner.id,
    name: `Media ${id.slice(0, 8)}`,
    status: 'pending',
    requestedLanguage: 'en',
    files: { originals },
    channels: tracks.map((t, index) => ({ index, name: t.name?.replace(/\.[^.]+$/, '') ?? `Channel ${index + 1}` })),
    ...overrides,
  });
  if (options.enqueue !== false) await server.ctx.jobs.send('media.preprocess', { conversationId: id });
  return id;
}

async function row(id: string): Promise<Row> {
  const [found] = await server.ctx.db.select().from(conversations).where(eq(conversations.id, id));
  if (!found) throw new Error(`no conversation ${id}`);
  return found;
}

/** Polls the database until the media reaches one of the statuses (bounded). */
async function waitForStatus(id: string, statuses: MediaStatus[], timeoutMs = 300_000): Promise<Row> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await row(id);
    if (statuses.includes(current.status)) return current;
    if (Date.now() > deadline) throw new Error(`media ${id} still ${current.status} after ${timeoutMs} ms (${JSON.stringify(current.processing)})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function waitForJob(name: JobName, jobId: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await server.running.queue.job(name, jobId);
    if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job.state;
    if (Date.now() > deadline) throw new Error(`job ${name} ${jobId} still ${job?.state}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function storedFiles(id: string): string[] {
  const root = (server.ctx.storage as LocalStorage).root;
  const folder = path.join(root, 'media', id);
  if (!fs.existsSync(folder)) return [];
  return (fs.readdirSync(folder, { recursive: true }) as string[]).map((f) => f.split(path.sep).join('/')).sort();
}

function allWords(doc: NonNullable<Row['transcript']>): string[] {
  return doc.text.flatMap((turn) => turn.words.map((w) => w.word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '')));
}

// Bounded waits are generous: a loaded CI machine runs ffmpeg and PocketSphinx much slower.
describe('media pipeline', { timeout: 600_000 }, () => {
  let jfkId: string;

  it('turns the English fixture into a checked transcript, with rendition, peaks and duration', async () => {
    jfkId = await createMedia([{ file: fixture('jfk-en.wav') }]);
    const done = await waitForStatus(jfkId, ['done', 'error']);
    expect(done.processing.log).toBeUndefined();
    expect(done.status).toBe('done');
    expect(done.progress).toBe(1);
    expect(done.processing.steps.map((s) => [s.name, s.state])).toEqual([
      ['preprocessing', 'done'],
      ['transcription', 'done'],
      ['diarization', 'done'],
      ['punctuation', 'done'],
      ['postprocessing', 'done'],
    ]);
    expect(done.duration).toBeGreaterThan(10.5);
    expect(done.duration).toBeLessThan(11.5);
    expect(done.language).toBe('en');

    const transcript = done.transcript!;
    expect(checkTranscript(transcript, { duration: done.duration! })).toEqual({ ok: true });
    // One track: the built-in clustering decides; speakers are numbered in order of appearance.
    expect(transcript.speakers.length).toBeGreaterThanOrEqual(1);
    transcript.speakers.forEach((speaker, i) => expect(speaker).toEqual({ speaker_id: `spk${i + 1}`, speaker_name: `Speaker ${i + 1}` }));
    expect(allWords(transcript)).toContain('country');
    // The default engine decodes the samples, not the header: this WAV has a LIST chunk before
    // them (31.8 % decoded from the first sample, 54.5 % with header bytes read as audio).
    expect(wordErrorRate(JFK_REFERENCE, allWords(transcript)).wer).toBeLessThanOrEqual(0.35);
    // Punctuated text, with the engine's words kept as raw_segment.
    const first = transcript.text[0]!;
    expect(first.segment[0]).toBe(first.segment[0]!.toUpperCase());
    expect(first.raw_segment).toBeTypeOf('string');

    expect(done.files.web).toMatchObject({ key: `media/${jfkId}/web.m4a`, mimeType: 'audio/mp4' });
    expect(done.files.web!.size).toBeGreaterThan(1000);
    expect(storedFiles(jfkId)).toEqual(['channel-0.wav', 'original-0.wav', 'peaks.json', 'web.m4a']);
    const peaks = JSON.parse(fs.readFileSync(path.join((server.ctx.storage as LocalStorage).root, done.files.peaks!), 'utf8'));
    expect(peaks.data.length).toBeGreaterThan(100);
    expect(peaks.duration).toBeCloseTo(done.duration!, 0);
  });

  it('does not process a re-delivered job twice', async () => {
    const before = await row(jfkId);
    // Jobs for steps this media has passed, delivered again (as after a crash before completion).
    // The first run's last job may still be closing (one job per conversation and step): retry briefly.
    const sendAgain = async (name: 'media.preprocess' | 'media.transcribe' | 'media.finalize') => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const id = await server.running.queue.sendJob(name, { conversationId: jfkId });
        if (id) return id;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return null;
    };
    const preprocessJob = await sendAgain('media.preprocess');
    const transcribeJob = await sendAgain('media.transcribe');
    const finalizeJob = await sendAgain('media.finalize');
    for (const [name, id] of [
      ['media.preprocess', preprocessJob],
      ['media.transcribe', transcribeJob],
      ['media.finalize', finalizeJob],
    ] as const) {
      expect(id).toBeTypeOf('string');
      expect(await waitForJob(name, id!)).toBe('completed');
    }
    const after = await row(jfkId);
    expect(after.updatedAt.toISOString()).toBe(before.updatedAt.toISOString());
    expect(after.transcript).toEqual(before.transcript);
    expect(after.files).toEqual(before.files);
    expect(storedFiles(jfkId)).toEqual(['channel-0.wav', 'original-0.wav', 'peaks.json', 'web.m4a']);
  });

  it('resumes a media left without a job, and never queues the same step twice', async () => {
    const id = await createMedia([{ file: fixture('jfk-en.wav') }], { transcriptionConfig: { diarization: { enabled: false, numberOfSpeakers: null } } }, { enqueue: false });
    const first = await server.running.queue.sendJob('media.preprocess', { conversationId: id });
    const duplicate = await server.running.queue.sendJob('media.preprocess', { conversationId: id });
    expect(first).toBeTypeOf('string');
    expect(duplicate).toBeNull();
    // What start-up does for media stuck in a non-terminal status: absorbed here by the live job.
    await resumeStuckConversations(server.ctx);
    const done = await waitForStatus(id, ['done', 'error']);
    expect(done.status).toBe('done');
    // Diarization disabled: one speaker.
    expect(done.transcript!.speakers).toEqual([{ speaker_id: 'spk1', speaker_name: 'Speaker 1' }]);

    // A media stuck in "pending" with no job at all (a crash right after the upload) is picked up.
    const orphan = await createMedia([{ file: fixture('jfk-en.wav') }], {}, { enqueue: false });
    expect(await resumeStuckConversations(server.ctx)).toBeGreaterThanOrEqual(1);
    expect((await waitForStatus(orphan, ['done', 'error'])).status).toBe('done');
  });

  it('refuses a WAV whose header claims 1 Hz (ten minutes from 1.2 KB) before writing any PCM', async () => {
    const data = Buffer.alloc(1200, 0x41);
    const header = Buffer.alloc(44);
    header.write('RIFF', 0, 'latin1');
    header.writeUInt32LE(36 + data.length, 4);
    header.write('WAVEfmt ', 8, 'latin1');
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20); // PCM
    header.writeUInt16LE(1, 22); // mono
    header.writeUInt32LE(1, 24); // 1 sample per second
    header.writeUInt32LE(2, 28); // bytes per second
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36, 'latin1');
    header.writeUInt32LE(data.length, 40);
    const id = await createMedia([{ bytes: Buffer.concat([header, data]), name: 'bomb.wav' }]);
    const failed = await waitForStatus(id, ['done', 'error']);
    expect(failed.status).toBe('error');
    expect(failed.processing.log).toMatch(/bomb\.wav.*1 Hz/);
    expect(failed.duration).toBeNull();
    expect(storedFiles(id)).toEqual(['original-0.wav']);
    expect(fs.readdirSync(path.join(server.ctx.config.dataDir, 'work'))).toEqual([]);
  });

  it('ends a corrupted file in error with the human log and no half-written files, and retries it', async () => {
    const id = await createMedia([{ bytes: crypto.randomBytes(64 * 1024), name: 'broken.mp3' }]);
    const failed = await waitForStatus(id, ['done', 'error']);
    expect(failed.status).toBe('error');
    expect(failed.processing.log).toMatch(new RegExp(`^${ERROR_MESSAGE}: `));
    expect(failed.processing.log).toContain('broken.mp3');
    expect(failed.processing.log).not.toMatch(/\/tmp|palabre-test|\n\s+at |0x[0-9a-f]{6,}/i);
    expect(failed.processing.steps.find((s) => s.name === 'preprocessing')?.state).toBe('error');
    expect(failed.transcript).toBeNull();
    expect(storedFiles(id)).toEqual(['original-0.mp3']);
    expect(fs.readdirSync(path.join(server.ctx.config.dataDir, 'work'))).toEqual([]);

    // Retry: only a failed media may be retried; with a readable file it now goes through.
    await expect(retryProcessing(server.ctx, jfkId)).rejects.toMatchObject({ code: 'conflict' });
    const key = failed.files.originals[0]!.key;
    await server.ctx.storage.put(key, fs.createReadStream(fixture('jfk-en.wav')));
    await retryProcessing(server.ctx, id);
    const retried = await waitForStatus(id, ['done', 'error']);
    expect(retried.status).toBe('done');
    expect(retried.processing.log).toBeUndefined();
    expect(allWords(retried.transcript!)).toContain('country');
  });

  it('gives one speaker per uploaded track, named after its channel', async () => {
    const id = await createMedia([
      { file: fixture('jfk-en.wav'), name: 'Alice.wav' },
      { file: fixture('short-fr.wav'), name: 'Bob.wav' },
    ]);
    const done = await waitForStatus(id, ['done', 'error']);
    expect(done.processing.log).toBeUndefined();
    expect(done.status).toBe('done');
    const transcript = done.transcript!;
    expect(checkTranscript(transcript, { duration: done.duration! })).toEqual({ ok: true });
    expect(transcript.speakers).toEqual([
      { speaker_id: 'spk1', speaker_name: 'Alice' },
      { speaker_id: 'spk2', speaker_name: 'Bob' },
    ]);
    const aliceWords = transcript.text.filter((t) => t.speaker_id === 'spk1').flatMap((t) => t.words.map((w) => w.word.toLowerCase()));
    expect(aliceWords.join(' ')).toContain('country');
    expect(done.files.pcm).toEqual([`media/${id}/channel-0.wav`, `media/${id}/channel-1.wav`]);
    expect(storedFiles(id)).toEqual(['channel-0.wav', 'channel-1.wav', 'original-0.wav', 'original-1.wav', 'peaks.json', 'web.m4a']);
  });

  it('says clearly when the profile’s engine cannot run here (whisper model not pulled)', async () => {
    const [profile] = await server.ctx.db
      .insert(transcriberProfiles)
      .values({ organizationId, name: 'Whisper large', type: 'whisper', languages: ['en', 'fr'], config: { model: 'large-v3' } })
      .returning();
    const id = await createMedia([{ file: fixture('jfk-en.wav') }], { transcriberProfileId: profile!.id });
    const failed = await waitForStatus(id, ['done', 'error']);
    expect(failed.status).toBe('error');
    expect(failed.processing.log).toMatch(new RegExp(`^${ERROR_MESSAGE}: engine not available: .*large-v3`));
    expect(failed.processing.steps.find((s) => s.name === 'transcription')?.state).toBe('error');
    expect(failed.processing.steps.find((s) => s.name === 'preprocessing')?.state).toBe('done');
  });
});

describe('job registry', () => {
  it('refuses a job without a handler, with two, or unknown', () => {
    expect(() => new JobRegistry(pipelineJobs.filter((j) => j.name !== 'media.diarize'))).toThrow(/"media\.diarize" has no handler/);
    const queueing = { concurrency: 'mediaSteps', retry: RETRY_TWICE, expireInSeconds: 60 } as const;
    expect(() => new JobRegistry([...pipelineJobs, defineJob('media.finalize', { ...queueing, handler: async () => undefined })])).toThrow(/"media\.finalize" has two handlers/);
    expect(() => new JobRegistry([...pipelineJobs, { name: 'media.nope' as JobName, ...queueing, handler: async () => undefined }])).toThrow(JobRegistryError);
    expect(() => new JobRegistry(pipelineJobs)).not.toThrow();
  });

  it('keeps the server from starting when a job has no handler', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-registry-'));
    try {
      const config = loadConfig({ PALABRE_DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
      await expect(startServer(config, { logger: false, jobs: pipelineJobs.filter((j) => j.name !== 'media.transcribe') })).rejects.toThrow(/"media\.transcribe" has no handler/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an invalid payload when sending', async () => {
    await expect(server.ctx.jobs.send('media.preprocess', { conversationId: 'not-a-uuid' })).rejects.toThrow(/Invalid payload/);
  });
});
