/**
 * The media pipeline end to end on the real job queue: conversations are inserted as the upload
 * route does (originals in storage, status pending, a media.preprocess job), then the jobs run.
 * The video rendition's job (`media.video`) waits at a gate the video tests close, to show that
 * the transcript does not wait for it.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia, wordErrorRate } from '@palabre/engines';
import { checkTranscript, type ConversationUpdate, type JobName, type MediaStatus } from '@palabre/shared';
import { loadConfig } from '../../src/config.ts';
import { conversations, transcriberProfiles, type VideoRenditionRequest } from '../../src/db/schema.ts';
import { JobRegistry, JobRegistryError, RETRY_TWICE, defineJob, type JobDelivery, type JobHandler } from '../../src/jobs/registry.ts';
import { jobDefinitions } from '../../src/job-definitions.ts';
import { resumeStuckConversations, retryProcessing } from '../../src/pipeline/index.ts';
import { ERROR_MESSAGE } from '../../src/pipeline/state.ts';
import { makeVideo } from '../../src/pipeline/video.ts';
import { startServer } from '../../src/server.ts';
import type { LocalStorage, Storage } from '../../src/storage/storage.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../shared/fixtures/audio');
const fixture = (name: string) => path.join(FIXTURES, name);
const JFK_REFERENCE = 'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';

let server: TestServer;
let owner: TestUser;
let organizationId: string;
const updates: ConversationUpdate[] = [];

/** The video rendition job waits here before it runs (open unless a test closes it). */
let videoGate: Promise<void> = Promise.resolve();
const gatedVideo: JobHandler<'media.video'> = async (ctx, payload, delivery) => {
  await videoGate;
  await makeVideo(ctx, payload, delivery);
};

beforeAll(async () => {
  server = await startTestServer({ start: { jobs: jobDefinitions.map((job) => (job.name === 'media.video' ? { ...job, handler: gatedVideo } : job)) } });
  // Every notice still reaches the sockets; the tests keep a copy.
  const events = server.ctx.events;
  server.ctx.events = {
    conversationChanged: (organizationId, update) => {
      updates.push(update);
      events.conversationChanged(organizationId, update);
    },
  };
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

/** Polls until `check` answers something (bounded). */
async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms`);
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

/** The media's work folders left behind (other media of the shared server may be at work meanwhile). */
function workFolders(id: string): string[] {
  return fs.readdirSync(path.join(server.ctx.config.dataDir, 'work')).filter((name) => name.startsWith(`${id}-`));
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
    expect(workFolders(id)).toEqual([]);
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
    expect(workFolders(id)).toEqual([]);

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

  it('never reads another media through a playlist or a concat script, even one whose first bytes pass for an MP3', async () => {
    const victim = await createMedia([{ file: fixture('meeting-fr-60s.mp3') }], {}, { enqueue: false });
    const id3 = Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1');
    const target = `../${victim}/original-0.mp3`;
    // Comment lines make the file large enough for the minute it claims (the probe's size check).
    const padding = Array.from({ length: 1000 }, (_, n) => `# ${String(n).padStart(4, '0')} ${'.'.repeat(56)}\n`).join('');
    const hls = `#EXTM3U\n${padding}#EXT-X-TARGETDURATION:65\n#EXTINF:65,\n${target}\n#EXT-X-ENDLIST\n`;
    const crafted = {
      'tagged-playlist.mp3': Buffer.concat([id3, Buffer.from(hls)]),
      'playlist.mp3': Buffer.from(hls),
      'tagged-concat.mp3': Buffer.concat([id3, Buffer.from(`ffconcat version 1.0\n${padding}file '${target}'\n`)]),
    };
    const ids = await Promise.all(Object.entries(crafted).map(([name, bytes]) => createMedia([{ bytes, name }])));
    for (const [n, id] of ids.entries()) {
      const ended = await waitForStatus(id, ['done', 'error']);
      expect(ended.status, Object.keys(crafted)[n]).toBe('error');
      expect(ended.transcript).toBeNull();
      expect(ended.duration).toBeNull();
      expect(storedFiles(id)).toEqual(['original-0.mp3']);
      expect(ended.processing.log).not.toMatch(/\/tmp|palabre-test|\n\s+at |0x[0-9a-f]{6,}/i);
    }
    expect(storedFiles(victim)).toEqual(['original-0.mp3']);
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

describe('the video rendition', { timeout: 600_000 }, () => {
  let mov: string;
  const API = '/cm-api/api';
  const delivery = (retryCount: number): JobDelivery => ({ id: 'test', retryCount, retryLimit: RETRY_TWICE.limit, signal: new AbortController().signal });

  beforeAll(() => {
    // A QuickTime file (every phone video): browsers do not play it as it is, so it needs a rendition.
    mov = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-video-')), 'phone.mov');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x305070:size=320x240:rate=25:duration=11', '-i', fixture('jfk-en.wav')],
      ...['-map', '0:v', '-map', '1:a', '-c:v', 'mpeg4', '-c:a', 'aac', '-shortest', '-f', 'mov', mov],
    ]);
  });
  afterAll(() => fs.rmSync(path.dirname(mov), { recursive: true, force: true }));

  /** A transcribed media whose rendition is asked for and whose job is not sent (the tests call it). */
  async function askedForRendition(request: Partial<VideoRenditionRequest> = {}): Promise<{ id: string; request: VideoRenditionRequest }> {
    const id = await createMedia([{ file: mov }], { status: 'done' }, { enqueue: false });
    const full: VideoRenditionRequest = { id: crypto.randomUUID(), videoStreamIndex: 0, audioStreamIndex: 1, durationSeconds: 11, allowedSeconds: 12, ...request };
    const { files } = await row(id);
    await server.ctx.db
      .update(conversations)
      .set({ files: { ...files, videoRendition: full } })
      .where(eq(conversations.id, id));
    return { id, request: full };
  }

  /** The server's context whose storage calls `before` ahead of each put of a media's video. */
  function storingVideo(id: string, before: () => Promise<void>) {
    const storage = server.ctx.storage;
    const puts: string[] = [];
    const put: Storage['put'] = async (key, body) => {
      if (key === `media/${id}/video.mp4`) {
        puts.push(key);
        await before();
      }
      return storage.put(key, body);
    };
    return { ctx: { ...server.ctx, storage: Object.assign(Object.create(storage) as Storage, { put }) }, puts };
  }

  /** Waits until no media.video job of the media is queued or running (a new send is then accepted). */
  async function videoJobOver(id: string): Promise<void> {
    for (let attempt = 0; attempt < 600; attempt++) {
      const job = await server.running.queue.sendJob('media.video', { conversationId: id });
      if (job) {
        expect(await waitForJob('media.video', job)).toBe('completed');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the video job never ended');
  }

  it('transcribes a QuickTime video without waiting for its rendition, which its own job adds afterwards', async () => {
    let open!: () => void;
    videoGate = new Promise((resolve) => (open = resolve));
    try {
      const id = await createMedia([{ file: mov }]);
      const done = await waitForStatus(id, ['done', 'error']);
      expect(done.processing.log).toBeUndefined();
      expect(allWords(done.transcript!)).toContain('country');
      // The transcript is there while the rendition is still only asked for.
      expect(done.files.video).toBeUndefined();
      expect(done.files.videoRendition).toMatchObject({ videoStreamIndex: 0, audioStreamIndex: 1 });
      expect(storedFiles(id)).toEqual(['channel-0.wav', 'original-0.mov', 'peaks.json', 'web.m4a']);
      expect((await owner.client.get(`${API}/conversations/${id}`)).body.media.video).toBe(false);

      open();
      const withVideo = await waitFor(async () => ((await row(id)).files.video ? row(id) : undefined));
      expect(withVideo.files.video).toEqual({ key: `media/${id}/video.mp4`, mimeType: 'video/mp4', width: 320, height: 240 });
      expect(withVideo.files.videoRendition).toBeUndefined();
      // Recorded by merging into `files`: the rest is untouched.
      expect({ ...withVideo.files, video: undefined }).toEqual({ ...done.files, videoRendition: undefined, video: undefined });
      expect(withVideo.status).toBe('done');
      expect(withVideo.transcript).toEqual(done.transcript);
      expect(storedFiles(id)).toEqual(['channel-0.wav', 'original-0.mov', 'peaks.json', 'video.mp4', 'web.m4a']);
      const info = await probeMedia(path.join((server.ctx.storage as LocalStorage).root, withVideo.files.video!.key));
      expect(info.video).toMatchObject({ codec: 'h264', width: 320, height: 240 });
      expect((await owner.client.get(`${API}/conversations/${id}`)).body.media.video).toBe(true);
      // An open page learns that the media now has a video.
      await waitFor(async () => (updates.some((u) => u.conversationId === id && u.kind === 'updated') ? true : undefined));
    } finally {
      videoGate = Promise.resolve();
      open();
    }
  });

  it('leaves no file when the media is deleted during its rendition', async () => {
    let open!: () => void;
    videoGate = new Promise((resolve) => (open = resolve));
    let deleted = false;
    const storage = server.ctx.storage;
    try {
      const id = await createMedia([{ file: mov }]);
      expect((await waitForStatus(id, ['done', 'error'])).status).toBe('done');
      // The media goes after the rendition is made, before it is stored.
      server.ctx.storage = storingVideo(id, async () => {
        expect((await owner.client.delete(`${API}/conversations/${id}`)).status).toBe(204);
        deleted = true;
      }).ctx.storage;
      open();
      await videoJobOver(id);
      expect(deleted).toBe(true);
      expect(await server.ctx.db.select().from(conversations).where(eq(conversations.id, id))).toEqual([]);
      expect(storedFiles(id)).toEqual([]);
      expect(fs.existsSync(path.join((storage as LocalStorage).root, 'media', id))).toBe(false);
    } finally {
      server.ctx.storage = storage;
      videoGate = Promise.resolve();
      open();
    }
  });

  it('drops a rendition asked for by an earlier preprocessing, and makes the one asked for now', async () => {
    const { id } = await askedForRendition();
    const next = crypto.randomUUID();
    // A retry preprocessed the media again while the first rendition was being made.
    const { ctx, puts } = storingVideo(id, async () => {
      if (puts.length > 1) return;
      const { files } = await row(id);
      await server.ctx.db
        .update(conversations)
        .set({ files: { ...files, videoRendition: { ...files.videoRendition!, id: next } } })
        .where(eq(conversations.id, id));
    });
    await makeVideo(ctx, { conversationId: id }, delivery(0));
    expect(puts).toHaveLength(2);
    const after = await row(id);
    expect(after.files.video).toEqual({ key: `media/${id}/video.mp4`, mimeType: 'video/mp4', width: 320, height: 240 });
    expect(after.files.videoRendition).toBeUndefined();
    expect(storedFiles(id)).toEqual(['original-0.mov', 'video.mp4']);
  });

  it('is retried when it fails, then given up: the media keeps its transcript and has no video', async () => {
    // No such stream: ffmpeg fails every time.
    const { id, request } = await askedForRendition({ videoStreamIndex: 7 });
    await expect(makeVideo(server.ctx, { conversationId: id }, delivery(0))).rejects.toThrow();
    expect((await row(id)).files.videoRendition).toEqual(request);
    await makeVideo(server.ctx, { conversationId: id }, delivery(RETRY_TWICE.limit));
    const after = await row(id);
    expect(after.status).toBe('done');
    expect(after.files.video).toBeUndefined();
    expect(after.files.videoRendition).toBeUndefined();
    expect(storedFiles(id)).toEqual(['original-0.mov']);
    expect(workFolders(id)).toEqual([]);
  });

  it('is sent again by crash recovery while it is asked for', async () => {
    const { id } = await askedForRendition();
    expect(await resumeStuckConversations(server.ctx)).toBeGreaterThanOrEqual(1);
    const after = await waitFor(async () => ((await row(id)).files.video ? row(id) : undefined));
    expect(after.files.videoRendition).toBeUndefined();
    expect(storedFiles(id)).toEqual(['original-0.mov', 'video.mp4']);
  });
});

describe('job registry', () => {
  it('refuses a job without a handler, with two, or unknown', () => {
    expect(() => new JobRegistry(jobDefinitions.filter((j) => j.name !== 'media.diarize'))).toThrow(/"media\.diarize" has no handler/);
    const queueing = { concurrency: 'mediaSteps', retry: RETRY_TWICE, expireInSeconds: 60 } as const;
    expect(() => new JobRegistry([...jobDefinitions, defineJob('media.finalize', { ...queueing, handler: async () => undefined })])).toThrow(/"media\.finalize" has two handlers/);
    expect(() => new JobRegistry([...jobDefinitions, { name: 'media.nope' as JobName, ...queueing, handler: async () => undefined }])).toThrow(JobRegistryError);
    expect(() => new JobRegistry(jobDefinitions)).not.toThrow();
  });

  it('keeps the server from starting when a job has no handler', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-registry-'));
    try {
      const config = loadConfig({ PALABRE_DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
      await expect(startServer(config, { logger: false, jobs: jobDefinitions.filter((j) => j.name !== 'media.transcribe') })).rejects.toThrow(/"media\.transcribe" has no handler/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses an invalid payload when sending', async () => {
    await expect(server.ctx.jobs.send('media.preprocess', { conversationId: 'not-a-uuid' })).rejects.toThrow(/Invalid payload/);
  });
});
