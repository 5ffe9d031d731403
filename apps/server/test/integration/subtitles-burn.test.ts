/**
 * Burned-in subtitle videos end to end on the real job queue and the real ffmpeg: a video is
 * made at test time (speech from espeak-ng over a plain colour, in a container browsers do not
 * play, so the media.video job makes the video rendition after preprocessing), uploaded,
 * transcribed, a version generated and burned; the burned video is fetched
 * with Range, probed, and its frames compared with the source's: text in the picture's bottom
 * during a screen, the picture untouched outside any. Also: a playable original is its own video,
 * audio-only media, rights, one burn per version at a time, and files removed with the version.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProbe } from '@palabre/engines';
import { RIGHT, type BurnStatus, type ConversationUpdate, type SubtitleVersion } from '@palabre/shared';
import { conversations, memberships, subtitleBurns } from '../../src/db/schema.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';
import { API, subtitleTranscript, versionPath, versionsPath } from '../harness/subtitles.ts';
import { seedTranscribedMedia } from '../harness/transcripts.ts';

let server: TestServer;
let owner: TestUser;
let reader: TestUser;
let outsider: TestUser;
let orgId: string;
let dir: string;
const updates: ConversationUpdate[] = [];

const burnPath = (id: string, subtitleId: string) => `${versionPath(id, subtitleId)}/burn`;
const mediaPath = (id: string) => `${API}/conversations/${id}/media`;

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
}

function probe(file: string) {
  return parseProbe(execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { encoding: 'utf8' }));
}

/** The grey levels of the bottom third of the frame at `seconds`. */
function bottomThird(file: string, seconds: number): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-vf', 'crop=iw:ih/3:0:ih*2/3,format=gray', '-f', 'rawvideo', '-'], {
    maxBuffer: 64 * 1024 * 1024,
  });
}
const changedPixels = (a: Buffer, b: Buffer) => a.reduce((n, value, i) => n + (Math.abs(value - b[i]!) > 64 ? 1 : 0), 0);

beforeAll(async () => {
  server = await startTestServer();
  // Every notice still reaches the sockets; the test keeps a copy.
  const events = server.ctx.events;
  server.ctx.events = {
    conversationChanged: (organizationId, update) => {
      updates.push(update);
      events.conversationChanged(organizationId, update);
    },
  };
  [owner, reader, outsider] = await Promise.all([server.quickUser(), server.quickUser(), server.quickUser()]);
  orgId = (await createOrganization(owner.client))._id;
  await server.ctx.db.insert(memberships).values({ organizationId: orgId, userId: reader.id, role: 1 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-burn-'));
});
afterAll(async () => {
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function upload(file: string, name: string, type: string): Promise<string> {
  const form = new FormData();
  form.append('name', name);
  form.append('lang', 'en');
  form.append('membersRight', String(RIGHT.READ));
  form.append('file', new Blob([fs.readFileSync(file)], { type }), path.basename(file));
  const res = await owner.client.request('POST', `${API}/organizations/${orgId}/conversations/create`, { form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.conversationId as string;
}

async function rowOf(id: string) {
  const [row] = await server.ctx.db.select().from(conversations).where(eq(conversations.id, id));
  return row!;
}

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 240_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const waitForBurn = (user: TestUser, id: string, subtitleId: string) =>
  waitFor('the burn', async () => {
    const status = (await user.client.get(burnPath(id, subtitleId))).body as BurnStatus;
    return status.state === 'done' || status.state === 'failed' ? status : undefined;
  });

describe('a video media', () => {
  let id: string;
  let version: SubtitleVersion;
  let source: string;

  beforeAll(async () => {
    // 14 s of a plain colour over about 9 s of speech, MPEG-4 part 2 and MP3 in Matroska: a rendition is needed.
    const speech = path.join(dir, 'speech.wav');
    execFileSync('espeak-ng', [
      '-v',
      'en-us',
      '-s',
      '150',
      '-w',
      speech,
      'Good evening and welcome to the council meeting. The first point concerns the new library, which opens in March next year.',
    ]);
    const upload14 = path.join(dir, 'council.mkv');
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'color=c=0x204060:size=480x360:rate=25:duration=14', '-i', speech],
      ...['-map', '0:v', '-map', '1:a', '-c:v', 'mpeg4', '-q:v', '4', '-c:a', 'libmp3lame', upload14],
    ]);
    id = await upload(upload14, 'Council meeting', 'video/x-matroska');
    await waitFor('the transcript', async () => {
      const current = await rowOf(id);
      if (current.status === 'error') throw new Error(`processing failed: ${current.processing.log}`);
      return current.status === 'done' ? current : undefined;
    });
    // The rendition is its own job: the media has its video once that job has recorded it.
    const row = await waitFor('the video rendition', async () => {
      const current = await rowOf(id);
      return current.files.video ? current : undefined;
    });
    expect(row.files.video).toEqual({ key: `media/${id}/video.mp4`, mimeType: 'video/mp4', width: 480, height: 360 });
    expect(row.files.videoRendition).toBeUndefined();
    // An open page learns that the media now has a video.
    await waitFor('the notice', async () => (updates.some((update) => update.conversationId === id && update.kind === 'updated') ? true : undefined));
    const res = await owner.client.post(versionsPath(id), { name: 'Broadcast' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    version = res.body;
    expect(version.screenList.length).toBeGreaterThan(0);
  });

  it('serves the video rendition with Range, and says the media has a video', async () => {
    expect((await reader.client.get(`${API}/conversations/${id}`)).body.media.video).toBe(true);
    const part = await reader.client.get(`${mediaPath(id)}?mediatype=video`, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(part.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect(part.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const whole = await reader.client.get(`${mediaPath(id)}?mediatype=video`);
    expect(whole.status).toBe(200);
    expect(whole.bytes.subarray(0, 100).equals(part.bytes)).toBe(true);
    source = path.join(dir, 'source.mp4');
    fs.writeFileSync(source, whole.bytes);
    const info = probe(source);
    expect(info.video).toMatchObject({ codec: 'h264', width: 480, height: 360 });
    expect(info.durationSeconds).toBeCloseTo(14, 0);
    expect((await outsider.client.get(`${mediaPath(id)}?mediatype=video`)).status).toBe(404);
  });

  it('burns the screens in for a reader, once at a time, with progress, and streams the result with Range', async () => {
    const before = updates.length;
    const first = await reader.client.post(burnPath(id, version._id));
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ state: expect.stringMatching(/^(queued|running)$/), error: null, finishedAt: null });
    // Asked again while it is under way: the same burn.
    const again = await reader.client.post(burnPath(id, version._id));
    expect(again.status).toBe(202);
    expect(['queued', 'running']).toContain(again.body.state);
    expect(await server.ctx.db.select().from(subtitleBurns).where(eq(subtitleBurns.subtitleId, version._id))).toHaveLength(1);

    const status = await waitForBurn(reader, id, version._id);
    expect(status).toEqual({ state: 'done', progress: 1, finishedAt: expect.any(String), error: null });
    const pushed = updates.slice(before).filter((u) => u.kind === 'burn' && u.subtitleId === version._id);
    expect(pushed.map((u) => u.burnState)).toEqual(expect.arrayContaining(['queued', 'running', 'done']));
    expect(pushed.every((u) => u.conversationId === id)).toBe(true);
    const running = pushed.filter((u) => u.burnState === 'running').map((u) => u.progress!);
    expect(running).toEqual([...running].sort((a, b) => a - b));
    expect(pushed.at(-1)).toMatchObject({ burnState: 'done', progress: 1 });

    const part = await reader.client.get(`${burnPath(id, version._id)}/video`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.bytes.length).toBe(100);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Council meeting - Broadcast.mp4')}`);
    const whole = await reader.client.get(`${burnPath(id, version._id)}/video`);
    expect(whole.status).toBe(200);
    expect(whole.bytes.subarray(100, 200).equals(part.bytes)).toBe(true);
    const burned = path.join(dir, 'burned.mp4');
    fs.writeFileSync(burned, whole.bytes);
    const info = probe(burned);
    expect(info.video).toMatchObject({ codec: 'h264', width: 480, height: 360 });
    expect(info.audioStreams.map((a) => a.codec)).toEqual(['aac']);
    expect(Math.abs(info.durationSeconds! - 14)).toBeLessThan(0.5);

    // During the first screen the bottom of the picture holds text; after the speech it is untouched.
    const screen = version.screenList[0]!;
    const during = (screen.start + screen.end) / 2;
    expect(changedPixels(bottomThird(source, during), bottomThird(burned, during))).toBeGreaterThan(200);
    const lastEnd = Math.max(...version.screenList.map((s) => s.end));
    expect(lastEnd).toBeLessThan(12.5);
    expect(changedPixels(bottomThird(source, 13.2), bottomThird(burned, 13.2))).toBe(0);
  });

  it('keeps only the newest finished video of a version, and removes the files with the version', async () => {
    const [old] = await server.ctx.db.select().from(subtitleBurns).where(eq(subtitleBurns.subtitleId, version._id));
    expect(old!.storageKey).toBe(`media/${id}/burns/${old!.id}.mp4`);
    expect(await server.ctx.storage.stat(old!.storageKey!)).not.toBeNull();

    expect((await owner.client.post(burnPath(id, version._id))).status).toBe(202);
    expect((await waitForBurn(owner, id, version._id)).state).toBe('done');
    const rows = await server.ctx.db.select().from(subtitleBurns).where(eq(subtitleBurns.subtitleId, version._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(old!.id);
    expect(await server.ctx.storage.stat(old!.storageKey!)).toBeNull();
    expect(await server.ctx.storage.stat(rows[0]!.storageKey!)).not.toBeNull();

    expect((await owner.client.delete(versionPath(id, version._id))).status).toBe(200);
    expect(await server.ctx.storage.stat(rows[0]!.storageKey!)).toBeNull();
    expect((await owner.client.get(burnPath(id, version._id))).status).toBe(404);
  });

  it('removes the video rendition and the burned videos with the media', async () => {
    const another = (await owner.client.post(versionsPath(id), { name: 'Second' })).body as SubtitleVersion;
    expect((await owner.client.post(burnPath(id, another._id))).status).toBe(202);
    expect((await waitForBurn(owner, id, another._id)).state).toBe('done');
    const [burn] = await server.ctx.db.select().from(subtitleBurns).where(eq(subtitleBurns.subtitleId, another._id));
    const folder = path.join(server.ctx.config.dataDir, 'storage', 'media', id);
    expect(fs.existsSync(path.join(folder, 'video.mp4'))).toBe(true);
    expect(fs.existsSync(path.join(folder, 'burns', `${burn!.id}.mp4`))).toBe(true);

    expect((await owner.client.delete(`${API}/conversations/${id}`)).status).toBe(204);
    expect(fs.existsSync(folder)).toBe(false);
    expect(await server.ctx.db.select().from(subtitleBurns).where(eq(subtitleBurns.conversationId, id))).toHaveLength(0);
  });
});

describe('a playable original', () => {
  it('is its own video (no rendition), served with Range, and removed with the media', async () => {
    const file = path.join(dir, 'clip.mp4');
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=3'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', file],
    ]);
    const id = await upload(file, 'Clip', 'video/mp4');
    const row = await waitFor('preprocessing', async () => {
      const current = await rowOf(id);
      if (current.status === 'error') throw new Error(`processing failed: ${current.processing.log}`);
      return current.files.video ? current : undefined;
    });
    expect(row.files.video).toEqual({ key: row.files.originals[0]!.key, mimeType: 'video/mp4', width: 320, height: 240 });
    expect(row.files.videoRendition).toBeUndefined();
    expect(await server.ctx.storage.stat(`media/${id}/video.mp4`)).toBeNull();
    const part = await owner.client.get(`${mediaPath(id)}?mediatype=video`, { headers: { range: 'bytes=0-15' } });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(fs.readFileSync(file).subarray(0, 16))).toBe(true);

    await waitFor('the end of processing', async () => ((await rowOf(id)).status === 'done' || (await rowOf(id)).status === 'error' ? true : undefined));
    expect((await owner.client.delete(`${API}/conversations/${id}`)).status).toBe(204);
    expect(fs.existsSync(path.join(server.ctx.config.dataDir, 'storage', 'media', id))).toBe(false);
  });
});

describe('refusals', () => {
  async function seeded(): Promise<{ id: string; subtitleId: string }> {
    const id = await seedTranscribedMedia(server, { organizationId: orgId, ownerId: owner.id, transcript: subtitleTranscript(), membersRight: RIGHT.READ });
    const res = await owner.client.post(versionsPath(id), { name: 'Audio' });
    expect(res.status).toBe(201);
    return { id, subtitleId: res.body._id };
  }

  it('answers not_a_video for audio-only media, 404 for its video and before any burn', async () => {
    const { id, subtitleId } = await seeded();
    const res = await reader.client.post(burnPath(id, subtitleId));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('not_a_video');
    expect((await reader.client.get(burnPath(id, subtitleId))).body).toEqual({ state: null, progress: null, finishedAt: null, error: null });
    expect((await reader.client.get(`${burnPath(id, subtitleId)}/video`)).status).toBe(404);
    expect((await reader.client.get(`${mediaPath(id)}?mediatype=video`)).status).toBe(404);
    expect((await reader.client.get(`${API}/conversations/${id}`)).body.media.video).toBe(false);
    expect(await server.ctx.db.select().from(subtitleBurns).where(eq(subtitleBurns.conversationId, id))).toHaveLength(0);
  });

  it('hides the burn from outsiders and another media’s version', async () => {
    const { id, subtitleId } = await seeded();
    const other = await seeded();
    const calls = (user: TestUser, mediaId: string, versionId: string) => [
      user.client.post(burnPath(mediaId, versionId)),
      user.client.get(burnPath(mediaId, versionId)),
      user.client.get(`${burnPath(mediaId, versionId)}/video`),
    ];
    for (const res of await Promise.all([...calls(outsider, id, subtitleId), ...calls(owner, id, other.subtitleId), ...calls(reader, other.id, subtitleId)])) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await server.client().get(burnPath(id, subtitleId))).status).toBe(401);
  });
});
