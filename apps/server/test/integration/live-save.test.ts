/**
 * Saving a stopped session to the library (`session.save`): sessions made through the API, their
 * finals inserted as the live service stores them, their recordings written where it writes them
 * (PCM from jfk-en.wav), then the job's handler run. The media: in the owner's library with the
 * name, source, turns and word times of the finals, its audio served; saved once whatever the
 * retries; without audio when audio is not kept; transcribed by the pipeline when live
 * transcription was off; a parent and a child per channel for several channels; a child per channel
 * and target language with the translated finals; recordings removed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTranscript, type ConversationUpdate, type Transcript } from '@palabre/shared';
import { conversations, sessionCaptions, sessions, transcriberProfiles } from '../../src/db/schema.ts';
import type { JobDelivery } from '../../src/jobs/registry.ts';
import { saveSession, savedMediaId, saveStoppedSession } from '../../src/live/save.ts';
import { recordingFile, recordingsFolder } from '../../src/live/save-recordings.ts';
import { createCast, type Cast } from '../harness/cast.ts';
import { FIXTURES, processedMedia } from '../harness/live.ts';
import { startTestServer, type TestServer } from '../harness/server.ts';

const API = '/cm-api/api';

let server: TestServer;
let cast: Cast;
let profileId: string;
let pcm: Buffer;
const updates: ConversationUpdate[] = [];

const delivery = (): JobDelivery => ({ id: 'test', retryCount: 0, retryLimit: 2, signal: new AbortController().signal });
const save = (sessionId: string) => saveSession(server.ctx, { sessionId }, delivery());

/** Two finals of JFK's sentence, as a streaming engine gives them (channel time). */
const JFK_FINALS = [
  {
    text: 'and so my fellow americans',
    start: 0.3,
    end: 3.1,
    translations: { fr: 'et donc mes chers compatriotes américains' },
    words: [
      { word: 'and', start: 0.3, end: 0.55, confidence: 0.9 },
      { word: 'so', start: 0.55, end: 1.1, confidence: 0.8 },
      { word: 'my', start: 1.2, end: 1.5, confidence: 0.95 },
      { word: 'fellow', start: 1.5, end: 2.0, confidence: 0.7 },
      { word: 'americans', start: 2.0, end: 3.1, confidence: 0.85 },
    ],
  },
  {
    text: 'ask not what your country can do for you',
    start: 3.6,
    end: 7.9,
    translations: { fr: 'ne demandez pas ce que votre pays peut faire pour vous' },
    words: ['ask', 'not', 'what', 'your', 'country', 'can', 'do', 'for', 'you'].map((word, i) => ({ word, start: 3.6 + i * 0.45, end: 3.6 + i * 0.45 + 0.4, confidence: 0.6 })),
  },
];

beforeAll(async () => {
  server = await startTestServer({ captureLog: true });
  const events = server.ctx.events;
  server.ctx.events = {
    ...events,
    conversationChanged: (organizationId, update) => {
      updates.push(update);
      events.conversationChanged(organizationId, update);
    },
  };
  cast = await createCast(server);
  profileId = (
    await server.ctx.db
      .insert(transcriberProfiles)
      .values({ organizationId: cast.orgId, name: 'PocketSphinx', type: 'pocketsphinx', languages: ['en'], config: {} })
      .returning()
  )[0]!.id;
  // What the live service records: raw s16le, 16 kHz, mono.
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'live-save-')), 'jfk.pcm');
  execFileSync('ffmpeg', ['-hide_banner', '-v', 'error', '-i', path.join(FIXTURES, 'jfk-en.wav'), '-f', 's16le', '-ac', '1', '-ar', '16000', out]);
  pcm = fs.readFileSync(out);
});
afterAll(() => server?.close());

/** A session made, started and stopped through the API; `seed` runs while it is started. */
async function stoppedSession(values: Record<string, unknown>, seed: (sessionId: string) => Promise<void>, saveAs?: string): Promise<string> {
  const channels = (values.channels as string[] | undefined) ?? ['Floor'];
  const created = await cast.owner.client.post(`${API}/organizations/${cast.orgId}/sessions`, {
    name: 'Council meeting',
    ...values,
    channels: channels.map((name) => ({ name, transcriberProfileId: profileId, languages: ['en'] })),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body._id as string;
  const sessionPath = `${API}/organizations/${cast.orgId}/sessions/${id}`;
  expect((await cast.owner.client.put(`${sessionPath}/start`)).status).toBe(200);
  await seed(id);
  const stopped = await cast.owner.client.delete(sessionPath, undefined, { query: saveAs ? { name: saveAs } : {} });
  expect(stopped.status).toBe(204);
  return id;
}

async function insertFinals(sessionId: string, channelIndex: number, finals = JFK_FINALS) {
  await server.ctx.db.insert(sessionCaptions).values(finals.map((final, segmentId) => ({ sessionId, channelIndex, segmentId, language: 'en', ...final })));
}

function writeRecording(sessionId: string, channelIndex: number) {
  const file = recordingFile(server.ctx.config.dataDir, sessionId, channelIndex);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, pcm);
}

const savedId = async (sessionId: string) => (await cast.owner.client.get(`${API}/sessions/${sessionId}`)).body.savedConversationId as string | null;
const media = async (id: string) => (await server.ctx.db.select().from(conversations).where(eq(conversations.id, id)))[0];
const sessionMedia = async () => (await server.ctx.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.source, 'session'))).length;
const library = async () =>
  (await cast.owner.client.get(`${API}/organizations/${cast.orgId}/conversations`, { query: { size: '100' } })).body as {
    list: Array<{ _id: string; name: string; source: string }>;
  };
const recordingsGone = (sessionId: string) => !fs.existsSync(recordingsFolder(server.ctx.config.dataDir, sessionId));

describe('a session with one channel, its audio kept', () => {
  let sessionId: string;
  let id: string;

  beforeAll(async () => {
    sessionId = await stoppedSession(
      { keepAudio: true, liveTranscription: true },
      async (sid) => {
        await insertFinals(sid, 0);
        writeRecording(sid, 0);
      },
      'Minutes of the council',
    );
    await save(sessionId);
    id = (await savedId(sessionId))!;
  });

  it('becomes a done media of the owner, named as asked, from the session', async () => {
    expect(id).toBe(savedMediaId(sessionId, 'main'));
    const listed = (await library()).list.find((m) => m._id === id);
    expect(listed).toMatchObject({ name: 'Minutes of the council', source: 'session' });
    const read = await cast.owner.client.get(`${API}/conversations/${id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ status: 'done', source: 'session', owner: cast.owner.id, organizationId: cast.orgId, language: 'en', parent: null });
    expect(updates).toContainEqual(expect.objectContaining({ conversationId: id, kind: 'created', status: 'done' }));
  });

  it('keeps the finals as turns of the channel speaker, with their word times and confidences, without translations', async () => {
    const row = (await media(id))!;
    const transcript = row.transcript as Transcript;
    expect(checkTranscript(transcript, { duration: row.duration! })).toEqual({ ok: true });
    expect(transcript.speakers).toEqual([{ speaker_id: 'spk1', speaker_name: 'Floor' }]);
    expect(transcript.text.map((t) => t.segment)).toEqual(['and so my fellow americans', 'ask not what your country can do for you']);
    expect(transcript.text[0]!.words.map((w) => [w.word, w.stime, w.etime, w.confidence])).toEqual(JFK_FINALS[0]!.words.map((w) => [w.word, w.start, w.end, w.confidence]));
    expect(transcript.text[1]).toMatchObject({ stime: 3.6, etime: 7.9, language: 'en', speaker_id: 'spk1' });
    expect(JSON.stringify(transcript)).not.toContain('compatriotes');
  });

  it('has a child with the French translation: the same speaker and times, words spread over each final, no audio', async () => {
    const childId = savedMediaId(sessionId, { channel: 0, language: 'fr' });
    const children = await cast.owner.client.get(`${API}/conversations/${id}/child`);
    expect(children.status).toBe(200);
    expect((children.body.list as Array<{ _id: string; name: string; parent: string; status: string }>).map((c) => [c._id, c.name, c.parent, c.status])).toEqual([
      [childId, 'Floor (français)', id, 'done'],
    ]);
    const child = (await media(childId))!;
    expect(child).toMatchObject({ language: 'fr', source: 'session', duration: 7.9, files: { originals: [] } });
    const transcript = child.transcript as Transcript;
    expect(checkTranscript(transcript, { duration: child.duration! })).toEqual({ ok: true });
    expect(transcript.speakers).toEqual([{ speaker_id: 'spk1', speaker_name: 'Floor' }]);
    expect(transcript.text.map((t) => [t.speaker_id, t.segment, t.language, t.stime, t.etime])).toEqual([
      ['spk1', 'et donc mes chers compatriotes américains', 'fr', 0.3, 3.1],
      ['spk1', 'ne demandez pas ce que votre pays peut faire pour vous', 'fr', 3.6, 7.9],
    ]);
    const words = transcript.text[0]!.words;
    expect(words[0]).toMatchObject({ word: 'et', stime: 0.3 });
    expect(words.at(-1)).toMatchObject({ word: 'américains', etime: 3.1 });
    // Longer words take longer.
    expect(words[4]!.etime - words[4]!.stime).toBeGreaterThan(words[0]!.etime - words[0]!.stime);
    expect((await cast.owner.client.get(`${API}/conversations/${childId}`)).body.media).toMatchObject({ playable: false });
    expect((await library()).list.map((m) => m._id)).not.toContain(childId);
  });

  it('serves the recording as the media audio, about 11 s long, with its waveform', async () => {
    const row = (await media(id))!;
    expect(row.duration).toBeGreaterThan(10.5);
    expect(row.duration).toBeLessThan(11.5);
    expect(row.files.originals).toHaveLength(1);
    expect(row.files.pcm).toHaveLength(1);
    const audio = await cast.owner.client.get(`${API}/conversations/${id}/media`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toMatch(/^audio\/mp4/);
    expect(audio.bytes.length).toBeGreaterThan(10_000);
    const peaks = await cast.owner.client.get(`${API}/conversations/${id}/media`, { query: { mediatype: 'json' } });
    expect(peaks.status).toBe(200);
    expect(recordingsGone(sessionId)).toBe(true);
  });

  it('saves once: running the job again makes nothing new', async () => {
    const before = await sessionMedia();
    const updated = (await media(id))!.updatedAt;
    await save(sessionId);
    await save(sessionId);
    expect(await sessionMedia()).toBe(before);
    expect(await savedId(sessionId)).toBe(id);
    expect((await media(id))!.updatedAt).toEqual(updated);
  });

  it('keeps the media when the session is deleted', async () => {
    const removed = await cast.owner.client.delete(`${API}/organizations/${cast.orgId}/sessions/${sessionId}`, undefined, { query: { remove: 'true' } });
    expect(removed.status).toBe(204);
    expect(await media(id)).toBeDefined();
    expect((await cast.owner.client.get(`${API}/conversations/${id}`)).status).toBe(200);
  });
});

describe('a session deleted while it runs', () => {
  it('is saved to the library before its rows go', async () => {
    const created = await cast.owner.client.post(`${API}/organizations/${cast.orgId}/sessions`, {
      name: 'Deleted at once',
      keepAudio: false,
      channels: [{ name: 'Floor', transcriberProfileId: profileId, languages: ['en'] }],
    });
    const sessionId = created.body._id as string;
    const sessionPath = `${API}/organizations/${cast.orgId}/sessions/${sessionId}`;
    expect((await cast.owner.client.put(`${sessionPath}/start`)).status).toBe(200);
    await insertFinals(sessionId, 0);
    expect((await cast.owner.client.delete(sessionPath, undefined, { query: { remove: 'true', force: 'true' } })).status).toBe(204);
    expect((await cast.owner.client.get(`${API}/sessions/${sessionId}`)).status).toBe(404);
    const saved = (await media(savedMediaId(sessionId, 'main')))!;
    expect(saved).toMatchObject({ name: 'Deleted at once', source: 'session', status: 'done' });
    expect((saved.transcript as Transcript).text.length).toBeGreaterThan(0);
    expect((await library()).list.map((item) => item._id)).toContain(saved.id);
  });
});

describe('an interrupted save', () => {
  it('is done again by the next attempt, which makes one media', async () => {
    const sessionId = await stoppedSession({ keepAudio: true, liveTranscription: true }, async (sid) => {
      await insertFinals(sid, 0);
      writeRecording(sid, 0);
    });
    const before = await sessionMedia();
    // The process stops while the recording is being converted: the job is delivered again later.
    const stopping = new AbortController();
    stopping.abort();
    await expect(saveSession(server.ctx, { sessionId }, { ...delivery(), signal: stopping.signal })).rejects.toThrow();
    expect(await savedId(sessionId)).toBeNull();
    expect(recordingsGone(sessionId)).toBe(false);
    await save(sessionId);
    // The media and its French translation.
    expect(await sessionMedia()).toBe(before + 2);
    const row = (await media(savedMediaId(sessionId, 'main')))!;
    expect(row.files.web).toBeDefined();
    expect((row.transcript as Transcript).text).toHaveLength(2);
    expect(recordingsGone(sessionId)).toBe(true);
  });
});

describe('a recording that cannot be converted', () => {
  it('is left out: the transcript is saved without audio, and no file of it stays behind', async () => {
    // Longer than this installation accepts (a media limit, as for uploads): no attempt would do better.
    // Set before the stop: the job the stop sends may run at once.
    const { maxMediaDurationSeconds } = server.ctx.config;
    let sessionId: string;
    try {
      sessionId = await stoppedSession({ keepAudio: true, liveTranscription: true }, async (sid) => {
        await insertFinals(sid, 0);
        writeRecording(sid, 0);
        server.ctx.config.maxMediaDurationSeconds = 5;
      });
      // The job sent at the stop, a retry and a direct save (the session deleted) at once: each
      // leaves the audio out and removes the media's folder while another may write into it.
      await Promise.all([save(sessionId), save(sessionId), saveStoppedSession(server.ctx, sessionId)]);
    } finally {
      server.ctx.config.maxMediaDurationSeconds = maxMediaDurationSeconds;
    }
    const id = (await savedId(sessionId))!;
    const row = (await media(id))!;
    expect(row.files).toEqual({ originals: [] });
    expect((row.transcript as Transcript).text).toHaveLength(2);
    expect(recordingsGone(sessionId)).toBe(true);
    expect(server.logged()).toContain('saved without audio');
    const left: string[] = [];
    for await (const object of server.ctx.storage.list(`media/${id}/`, { incomplete: true })) left.push(object.key);
    expect(left).toEqual([]);
  });
});

describe('a session without its audio kept', () => {
  it('becomes a media with the transcript and no audio', async () => {
    const sessionId = await stoppedSession({ keepAudio: false, liveTranscription: true }, (sid) => insertFinals(sid, 0));
    await save(sessionId);
    const id = (await savedId(sessionId))!;
    const row = (await media(id))!;
    expect(row).toMatchObject({ name: 'Council meeting', status: 'done', source: 'session' });
    expect(row.files).toEqual({ originals: [] });
    expect((row.transcript as Transcript).text).toHaveLength(2);
    expect(row.duration).toBe(7.9);
    const read = await cast.owner.client.get(`${API}/conversations/${id}`);
    expect(read.body.media).toMatchObject({ playable: false, peaks: false });
    expect((await cast.owner.client.get(`${API}/conversations/${id}/media`)).status).toBe(404);
  });

  it('makes one media when two saves run at once', async () => {
    const sessionId = await stoppedSession({ keepAudio: false, liveTranscription: true }, (sid) => insertFinals(sid, 0));
    const before = await sessionMedia();
    await Promise.all([save(sessionId), saveStoppedSession(server.ctx, sessionId)]);
    // The media and its French translation, once.
    expect(await sessionMedia()).toBe(before + 2);
    expect(await savedId(sessionId)).toBe(savedMediaId(sessionId, 'main'));
  });

  it('saves nothing when nothing was heard nor recorded', async () => {
    const sessionId = await stoppedSession({ keepAudio: true, liveTranscription: true }, async () => undefined);
    const before = await sessionMedia();
    await save(sessionId);
    expect(await savedId(sessionId)).toBeNull();
    expect(await sessionMedia()).toBe(before);
    const said = server
      .logged()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string; sessionId?: string })
      .find((entry) => entry.sessionId === sessionId && entry.msg === 'session not saved: it has no caption and no audio');
    expect(said?.level).toBe(30);
  });
});

describe('a session without live transcription', () => {
  it('sends its recording through the pipeline with the channel profile, like an upload', async () => {
    const sessionId = await stoppedSession({ keepAudio: true, liveTranscription: false }, async (sid) => writeRecording(sid, 0));
    await save(sessionId);
    const id = (await savedId(sessionId))!;
    expect(id).toBe(savedMediaId(sessionId, 'main'));
    expect(recordingsGone(sessionId)).toBe(true);
    const pending = (await media(id))!;
    expect(pending).toMatchObject({ source: 'session', transcriberProfileId: profileId, requestedLanguage: 'en' });
    const done = await processedMedia(server, id);
    expect(done.status, JSON.stringify(done.processing)).toBe('done');
    const words = (done.transcript as Transcript).text.flatMap((t) => t.words.map((w) => w.word.toLowerCase().replace(/[^a-z]/g, '')));
    expect(words).toEqual(expect.arrayContaining(['not', 'what', 'your', 'country', 'can', 'do']));
    expect(done.duration).toBeGreaterThan(10.5);
    // A retry after the save finds it made.
    await save(sessionId);
    expect(await savedId(sessionId)).toBe(id);
  }, 300_000);
});

describe('a session with two channels', () => {
  it('becomes a multi-track media with one child per channel', async () => {
    const sessionId = await stoppedSession({ keepAudio: true, liveTranscription: true, channels: ['Floor', 'Interpreter'] }, async (sid) => {
      await insertFinals(sid, 0, [JFK_FINALS[0]!]);
      await insertFinals(sid, 1, [JFK_FINALS[1]!]);
      writeRecording(sid, 0);
      writeRecording(sid, 1);
    });
    await save(sessionId);
    const id = (await savedId(sessionId))!;
    const parent = (await media(id))!;
    expect(parent.channels).toEqual([
      { index: 0, name: 'Floor' },
      { index: 1, name: 'Interpreter' },
    ]);
    const transcript = parent.transcript as Transcript;
    expect(transcript.speakers.map((s) => s.speaker_name)).toEqual(['Floor', 'Interpreter']);
    expect(transcript.text.map((t) => [t.speaker_id, t.segment])).toEqual([
      ['spk1', 'and so my fellow americans'],
      ['spk2', 'ask not what your country can do for you'],
    ]);
    expect(parent.files.pcm).toHaveLength(2);

    const children = await cast.owner.client.get(`${API}/conversations/${id}/child`);
    expect(children.status).toBe(200);
    const list = children.body.list as Array<{ _id: string; name: string; parent: string; status: string; source: string }>;
    // The channels, then the translations, as the editor's channel selector lists them.
    expect(list.map((c) => c.name)).toEqual(['Floor', 'Interpreter', 'Floor (français)', 'Interpreter (français)']);
    expect(list.every((c) => c.parent === id && c.status === 'done' && c.source === 'session')).toBe(true);
    const interpreter = (await media(list.find((c) => c.name === 'Interpreter')!._id))!;
    expect((interpreter.transcript as Transcript).text.map((t) => t.segment)).toEqual(['ask not what your country can do for you']);
    expect(interpreter.duration).toBeGreaterThan(10.5);
    const translated = (await media(savedMediaId(sessionId, { channel: 1, language: 'fr' })))!;
    expect(translated).toMatchObject({ name: 'Interpreter (français)', parentId: id, language: 'fr', files: { originals: [] } });
    expect((translated.transcript as Transcript).speakers).toEqual([{ speaker_id: 'spk1', speaker_name: 'Interpreter' }]);
    expect((translated.transcript as Transcript).text.map((t) => [t.segment, t.stime, t.etime])).toEqual([['ne demandez pas ce que votre pays peut faire pour vous', 3.6, 7.9]]);
    // The library lists the multi-track media, not its channels.
    const listed = (await library()).list.map((m) => m._id);
    expect(listed).toContain(id);
    expect(listed.some((m) => list.some((c) => c._id === m))).toBe(false);
    expect(recordingsGone(sessionId)).toBe(true);
    expect((await server.ctx.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0]!.savedConversationId).toBe(id);
  });

  it('without live transcription, transcribes the multi-track media and each channel through the pipeline', async () => {
    const sessionId = await stoppedSession({ keepAudio: false, liveTranscription: false, channels: ['Floor', 'Interpreter'] }, async (sid) => {
      writeRecording(sid, 0);
      writeRecording(sid, 1);
    });
    await save(sessionId);
    const id = (await savedId(sessionId))!;
    const ids = [id, savedMediaId(sessionId, 0), savedMediaId(sessionId, 1)];
    const rows = await Promise.all(ids.map((m) => processedMedia(server, m)));
    expect(rows.map((r) => [r.status, r.parentId, r.channels.length, r.transcriberProfileId])).toEqual([
      ['done', null, 2, profileId],
      ['done', id, 1, profileId],
      ['done', id, 1, profileId],
    ]);
    const parent = rows[0]!.transcript as Transcript;
    expect(parent.speakers.map((s) => s.speaker_name)).toEqual(['Floor', 'Interpreter']);
    expect(parent.text.some((t) => t.speaker_id === 'spk2' && t.words.some((w) => w.word.toLowerCase().startsWith('country')))).toBe(true);
    expect(recordingsGone(sessionId)).toBe(true);
  }, 400_000);
});
