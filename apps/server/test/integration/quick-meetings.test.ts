/**
 * Quick meetings over HTTP: creation (rights, validation, the forced recording, one in progress per
 * user and organization, an abandoned one replaced), the lookups in an organization and across
 * organizations, kept out of the sessions' list and endpoints, their live room and notices for the
 * owner only, and the end: discarded (nothing left), saved to the library from real audio streamed
 * through the ingest WebSocket (the live captions, said by "Speaker 1", or the recording transcribed
 * again by the pipeline), refused while audio is sent unless forced; the audio a meeting in progress
 * received, which a continued meeting's clock goes on from.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zQuickMeeting, type SessionUpdate, type Transcript } from '@palabre/shared';
import { conversations, memberships, organizations, sessionCaptions, sessionChannels, sessions, transcriberProfiles, users } from '../../src/db/schema.ts';
import { savedMediaId } from '../../src/live/save.ts';
import { recordingsFolder } from '../../src/live/save-recordings.ts';
import { createCast, type Cast } from '../harness/cast.ts';
import { eventually, FIXTURES, ingest, pcmOf, processedMedia, ScriptedEngine, viewer, type IngestClient, type Viewer } from '../harness/live.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';

const API = '/cm-api/api';
let server: TestServer;
let cast: Cast;
let profileId: string;
let unflaggedProfileId: string;
let pcm: Buffer;
const engine = new ScriptedEngine();
const viewers: Viewer[] = [];
const clients: IngestClient[] = [];
const notices: Array<{ organizationId: string; update: SessionUpdate; mayView: (userId: string) => boolean }> = [];

interface Meeting {
  _id: string;
  name: string;
  status: string;
  keepAudio: boolean;
  liveTranscription: boolean;
  offlineTranscription: boolean;
  receivedSeconds: number;
  channels: Array<{ _id: string; streamKey: string; languages: string[]; name: string; endpoints: { websocket: string; rtmp: string | null } }>;
}

const meetingPath = (organizationId = cast.orgId) => `${API}/organizations/${organizationId}/quickMeeting/`;
const body = (values: Record<string, unknown> = {}) => ({ transcriberProfileId: profileId, liveTranscription: true, offlineTranscription: false, ...values });
const create = (user: TestUser, values: Record<string, unknown> = {}, organizationId = cast.orgId) => user.client.post(meetingPath(organizationId), body(values));
const current = (user: TestUser, organizationId = cast.orgId) => user.client.get(meetingPath(organizationId));
const recoverable = (user: TestUser) => user.client.get(`${API}/users/self/quickMeeting/`);
const end = (user: TestUser, id: string, query: Record<string, string> = {}, organizationId = cast.orgId) =>
  user.client.delete(`${meetingPath(organizationId)}${id}`, undefined, { query });

async function newMeeting(user: TestUser, values: Record<string, unknown> = {}, organizationId = cast.orgId): Promise<Meeting> {
  const res = await create(user, values, organizationId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Meeting;
}

/** A new member of the cast's organization. */
async function member(role = 1): Promise<TestUser> {
  const user = await server.quickUser();
  await server.ctx.db.insert(memberships).values({ organizationId: cast.orgId, userId: user.id, role });
  return user;
}

const row = async (id: string) => (await server.ctx.db.select().from(sessions).where(eq(sessions.id, id)))[0];
const channelOf = async (id: string) => (await server.ctx.db.select().from(sessionChannels).where(eq(sessionChannels.sessionId, id)))[0];
const media = async (id: string) => (await server.ctx.db.select().from(conversations).where(eq(conversations.id, id)))[0];

/** Streams `audio` to the meeting's channel through the ingest WebSocket; `close` ends the stream once sent. */
async function streamTo(meeting: Meeting, audio: Buffer, close: boolean): Promise<IngestClient> {
  const client = ingest(server.url, { type: 'hello', streamKey: meeting.channels[0]!.streamKey });
  clients.push(client);
  expect(await client.reply).toMatchObject({ type: 'ready', sessionId: meeting._id, channelIndex: 0 });
  await client.stream(audio, { bytes: 32000, intervalMs: 5 });
  await eventually(
    async () => (await channelOf(meeting._id))?.streamStatus,
    (status) => status === 'active',
  );
  if (close) {
    client.socket.close();
    await client.closed;
    await eventually(
      async () => (await channelOf(meeting._id))?.streamStatus,
      (status) => status === 'inactive',
    );
  }
  return client;
}

beforeAll(async () => {
  server = await startTestServer({ start: { live: { engines: async () => engine }, pollingIntervalSeconds: 0.5 } });
  // The socket's event bus, its session notices recorded on the way.
  const events = server.ctx.events;
  const sessionChanged = events.sessionChanged!.bind(events);
  events.sessionChanged = (organizationId, update, mayView) => {
    notices.push({ organizationId, update, mayView });
    sessionChanged(organizationId, update, mayView);
  };
  cast = await createCast(server);
  const profile = { type: 'pocketsphinx' as const, config: {}, organizationId: cast.orgId };
  profileId = (
    await server.ctx.db
      .insert(transcriberProfiles)
      .values({ ...profile, name: 'Meetings', languages: ['en', 'fr'], quickMeeting: true })
      .returning()
  )[0]!.id;
  unflaggedProfileId = (
    await server.ctx.db
      .insert(transcriberProfiles)
      .values({ ...profile, name: 'Sessions only', languages: ['en'] })
      .returning()
  )[0]!.id;
  pcm = pcmOf(path.join(FIXTURES, 'jfk-en.wav'));
});
afterAll(async () => {
  for (const seen of viewers) seen.socket.disconnect();
  for (const client of clients) client.socket.close();
  await server?.close();
});

describe('creating a quick meeting', () => {
  it('starts a private one-channel meeting of its creator, with its stream key and ingest address', async () => {
    const user = await member();
    const res = await create(user, { source: 'microphone' });
    expect(res.status).toBe(201);
    const meeting = zQuickMeeting.parse(res.body);
    expect(meeting).toMatchObject({
      kind: 'quickMeeting',
      source: 'microphone',
      organizationId: cast.orgId,
      owner: user.id,
      status: 'pending',
      visibility: 'private',
      anonymousAccess: false,
      liveTranscription: true,
      offlineTranscription: false,
      keepAudio: true,
      publicLink: null,
      abilities: { operate: true },
      receivedSeconds: 0,
    });
    expect(meeting.name).toMatch(/^Quick meeting – /);
    expect(meeting.startTime).not.toBeNull();
    expect(meeting.channels).toHaveLength(1);
    const channel = meeting.channels[0]!;
    // The profile's first language, no translation, fed over the ingest WebSocket only.
    expect(channel).toMatchObject({ index: 0, name: 'Microphone', transcriberProfileId: profileId, languages: ['en'], translations: [] });
    expect(channel.streamKey).toMatch(/^[\w-]{40,}$/);
    expect(channel.endpoints).toMatchObject({ rtmp: null, srt: null, websocket: expect.stringMatching(/^ws:\/\/.+\/live\/ingest/) });
    expect(notices.find((notice) => notice.update.sessionId === meeting._id && notice.update.kind === 'created')).toBeDefined();
    expect((await end(user, meeting._id, { trash: 'true' })).status).toBe(200);
  });

  it('takes the name, language and source asked, and forces the recording with offline transcription', async () => {
    const user = await member();
    const meeting = await newMeeting(user, { name: 'Stand-up', language: 'en', source: 'videoconference', keepAudio: false, offlineTranscription: true, liveTranscription: false });
    expect(meeting).toMatchObject({ name: 'Stand-up', source: 'videoconference', keepAudio: true, liveTranscription: false, offlineTranscription: true });
    expect(meeting.channels[0]!.name).toBe('Videoconference');
    expect(await row(meeting._id)).toMatchObject({ kind: 'quickMeeting', keepAudio: true, offlineTranscription: true, source: 'videoconference' });
    expect((await end(user, meeting._id, { trash: 'true' })).status).toBe(200);
    // Without offline transcription, not keeping the audio is the creator's choice.
    const unrecorded = await newMeeting(user, { keepAudio: false });
    expect(unrecorded.keepAudio).toBe(false);
    expect((await end(user, unrecorded._id, { trash: 'true' })).status).toBe(200);
  });

  it('names the meeting in the French of a French-speaking creator', async () => {
    const user = await member();
    await server.ctx.db.update(users).set({ locale: 'fr-FR' }).where(eq(users.id, user.id));
    const meeting = await newMeeting(user);
    expect(meeting.name).toMatch(/^Réunion rapide – /);
    expect((await end(user, meeting._id, { trash: 'true' })).status).toBe(200);
  });

  it('refuses outsiders (not found) and members who may not create sessions (forbidden)', async () => {
    const refused = await create(cast.outsider);
    expect(refused.status).toBe(404);
    const user = await member();
    await server.ctx.db
      .update(organizations)
      .set({ permissions: { upload: true, summary: true, session: false } })
      .where(eq(organizations.id, cast.orgId));
    try {
      const forbidden = await create(user);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.code).toBe('no_organization_rights');
    } finally {
      await server.ctx.db
        .update(organizations)
        .set({ permissions: { upload: true, summary: true, session: true } })
        .where(eq(organizations.id, cast.orgId));
    }
  });

  it('asks for live or offline transcription, a profile offered for quick meetings, and one of its languages', async () => {
    const user = await member();
    const none = await create(user, { liveTranscription: false, offlineTranscription: false });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'validation_failed', fields: { liveTranscription: 'error.transcription_required' } });

    const unflagged = await create(user, { transcriberProfileId: unflaggedProfileId });
    expect(unflagged.status).toBe(400);
    expect(unflagged.body.fields).toEqual({ transcriberProfileId: 'error.profile_not_for_quick_meetings' });

    // A profile of another organization is not one this organization may use.
    const elsewhere = (await createOrganization(cast.outsider.client))._id;
    const [foreign] = await server.ctx.db
      .insert(transcriberProfiles)
      .values({ type: 'pocketsphinx', config: {}, organizationId: elsewhere, name: 'Elsewhere', languages: ['en'], quickMeeting: true })
      .returning();
    expect((await create(user, { transcriberProfileId: foreign!.id })).body.fields).toEqual({ transcriberProfileId: 'error.profile_not_for_quick_meetings' });

    // PocketSphinx transcribes English only, whatever the profile lists.
    const french = await create(user, { language: 'fr' });
    expect(french.status).toBe(400);
    expect(french.body.fields).toEqual({ language: 'error.language_not_in_profile' });

    expect((await create(user, { unknown: true })).status).toBe(400);
    expect(await current(user)).toMatchObject({ status: 200, body: { quickMeeting: null } });
  });
});

describe('one quick meeting in progress', () => {
  let user: TestUser;
  let first: Meeting;
  let otherOrgId: string;

  beforeAll(async () => {
    user = await member();
    first = await newMeeting(user);
    otherOrgId = (await createOrganization(cast.outsider.client))._id;
    await server.ctx.db.insert(memberships).values({ organizationId: otherOrgId, userId: user.id, role: 1 });
    await server.ctx.db
      .insert(transcriberProfiles)
      .values({ type: 'pocketsphinx', config: {}, organizationId: null, name: `Global ${crypto.randomUUID()}`, languages: ['en'], quickMeeting: true });
  });

  it('refuses a second one in the same organization', async () => {
    const second = await create(user);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('quick_meeting_in_progress');
  });

  it('is found in its organization by its owner only', async () => {
    const found = await current(user);
    expect(found.status).toBe(200);
    expect(zQuickMeeting.parse(found.body.quickMeeting)).toMatchObject({ _id: first._id, kind: 'quickMeeting' });
    expect(found.body.quickMeeting.channels[0].streamKey).toBe(first.channels[0]!.streamKey);
    expect((await current(cast.owner)).body).toEqual({ quickMeeting: null });
    expect((await current(cast.outsider)).status).toBe(404);
  });

  it('is found again across organizations: the most recent one, in an organization the owner still belongs to', async () => {
    expect((await recoverable(user)).body.quickMeeting._id).toBe(first._id);
    // A profile the other organization may use: a global one offered for quick meetings.
    const globalProfile = (await server.ctx.db.select().from(transcriberProfiles).where(eq(transcriberProfiles.quickMeeting, true))).find((p) => p.organizationId === null)!;
    const elsewhere = await newMeeting(user, { transcriberProfileId: globalProfile.id }, otherOrgId);
    const found = await recoverable(user);
    expect(found.body.quickMeeting).toMatchObject({ _id: elsewhere._id, organizationId: otherOrgId });
    zQuickMeeting.parse(found.body.quickMeeting);
    await server.ctx.db.delete(memberships).where(eq(memberships.userId, user.id)).execute();
    await server.ctx.db.insert(memberships).values({ organizationId: cast.orgId, userId: user.id, role: 1 });
    expect((await recoverable(user)).body.quickMeeting._id).toBe(first._id);
    expect((await current(user, otherOrgId)).status).toBe(404);
    expect((await recoverable(cast.reader)).body).toEqual({ quickMeeting: null });
  });

  it('is replaced once abandoned: no audio for QUICK_MEETING_ABANDON_HOURS since its start', async () => {
    const abandonMs = server.ctx.config.quickMeetingAbandonMs;
    expect(abandonMs).toBe(12 * 3600 * 1000);
    await server.ctx.db
      .update(sessions)
      .set({ startTime: new Date(Date.now() - abandonMs - 60_000) })
      .where(eq(sessions.id, first._id));
    const next = await newMeeting(user);
    expect(await row(first._id)).toBeUndefined();
    expect((await current(user)).body.quickMeeting._id).toBe(next._id);
    expect(notices.find((notice) => notice.update.sessionId === first._id && notice.update.kind === 'deleted')).toBeDefined();

    // One that received audio holds something: never replaced, whatever its age.
    await server.ctx.db
      .update(sessions)
      .set({ status: 'active', startTime: new Date(Date.now() - abandonMs - 60_000) })
      .where(eq(sessions.id, next._id));
    expect((await create(user)).status).toBe(409);
    expect((await end(user, next._id, { trash: 'true' })).status).toBe(200);
    // Ended: a new one may start.
    const again = await newMeeting(user);
    expect((await end(user, again._id, { trash: 'true' })).status).toBe(200);
    expect((await current(user)).body).toEqual({ quickMeeting: null });
  });
});

describe('the audio a meeting in progress received', () => {
  const seconds = (audio: Buffer) => audio.length / 32000;

  it('is read with it, across reconnections: recorded, the recording says how much', async () => {
    const user = await member();
    const meeting = await newMeeting(user);
    const first = pcm.subarray(0, 32000 * 3);
    await streamTo(meeting, first, true);
    const read = (await current(user)).body.quickMeeting;
    zQuickMeeting.parse(read);
    expect(read.receivedSeconds).toBeCloseTo(seconds(first), 2);
    // Continued (a reload, another device): the channel time goes on, and so does the count.
    const second = pcm.subarray(32000 * 3, 32000 * 5);
    await streamTo(meeting, second, true);
    expect((await current(user)).body.quickMeeting.receivedSeconds).toBeCloseTo(seconds(first) + seconds(second), 2);
    expect((await recoverable(user)).body.quickMeeting).toMatchObject({ _id: meeting._id, receivedSeconds: (await current(user)).body.quickMeeting.receivedSeconds });
    expect((await end(user, meeting._id, { trash: 'true' })).status).toBe(200);
  });

  it('is read with it when nothing is recorded: the live service counted it', async () => {
    const user = await member();
    const meeting = await newMeeting(user, { keepAudio: false });
    const audio = pcm.subarray(0, 32000 * 4);
    await streamTo(meeting, audio, true);
    expect(fs.existsSync(recordingsFolder(server.ctx.config.dataDir, meeting._id))).toBe(false);
    expect((await current(user)).body.quickMeeting.receivedSeconds).toBeCloseTo(seconds(audio), 2);
    expect((await end(user, meeting._id, { trash: 'true' })).status).toBe(200);
  });
});

describe('a quick meeting among sessions', () => {
  let user: TestUser;
  let meeting: Meeting;

  beforeAll(async () => {
    user = await member();
    meeting = await newMeeting(user);
  });
  afterAll(async () => {
    await end(user, meeting._id, { trash: 'true', force: 'true' });
  });

  it('is not in the sessions list, not even for those who see every session', async () => {
    for (const who of [user, cast.owner]) {
      const listed = await who.client.get(`${API}/sessions`, { query: { organizationId: cast.orgId, limit: '100' } });
      expect(listed.status).toBe(200);
      expect((listed.body.sessions as Array<{ _id: string }>).map((s) => s._id)).not.toContain(meeting._id);
    }
  });

  it('is read as a session by its owner only', async () => {
    const read = await user.client.get(`${API}/sessions/${meeting._id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ _id: meeting._id, status: 'pending', visibility: 'private', abilities: { operate: true } });
    expect(read.body.channels[0].streamKey).toBe(meeting.channels[0]!.streamKey);
    // The organization's owner operates every session, but a quick meeting is its owner's alone.
    for (const who of [cast.owner, cast.reader, cast.outsider]) expect((await who.client.get(`${API}/sessions/${meeting._id}`)).status).toBe(404);
    expect((await cast.owner.client.get(`${API}/sessions/${meeting._id}/public`)).status).toBe(404);
  });

  it('is managed through its own endpoints only: the sessions ones do not find it', async () => {
    const sessionPath = `${API}/organizations/${cast.orgId}/sessions/${meeting._id}`;
    expect((await user.client.patch(sessionPath, { name: 'Renamed' })).status).toBe(404);
    expect((await user.client.put(`${sessionPath}/start`)).status).toBe(404);
    expect((await user.client.delete(sessionPath, undefined, { query: { force: 'true' } })).status).toBe(404);
    expect((await user.client.post(`${API}/organizations/${cast.orgId}/sessions/alias`, { name: `qm-${Date.now()}`, sessionId: meeting._id })).status).toBe(404);
    expect((await row(meeting._id))!.status).toBe('pending');
  });

  it('tells its notices and opens its live room to its owner only', async () => {
    const created = notices.find((notice) => notice.update.sessionId === meeting._id && notice.update.kind === 'created')!;
    expect(created.mayView(user.id)).toBe(true);
    expect(created.mayView(cast.owner.id)).toBe(false);
    expect(created.mayView(cast.reader.id)).toBe(false);
    const room = `${cast.orgId}/${meeting._id}`;
    const own = await viewer(server.url, user.client.authToken!);
    const orgOwner = await viewer(server.url, cast.owner.client.authToken!);
    const anonymous = await viewer(server.url);
    viewers.push(own, orgOwner, anonymous);
    expect(await own.request('join_room', room)).toEqual({ ok: true });
    expect(await orgOwner.request('join_room', room)).toEqual({ ok: false, error: 'not_found' });
    expect(await anonymous.request('join_room', room)).toEqual({ ok: false, error: 'not_found' });
  });

  it('is ended by its owner only: others, and ordinary sessions, are not found', async () => {
    for (const who of [cast.owner, cast.reader]) expect((await end(who, meeting._id, { trash: 'true' })).status).toBe(404);
    expect((await end(cast.outsider, meeting._id)).status).toBe(404);
    expect((await end(user, meeting._id, {}, (await createOrganization(user.client))._id)).status).toBe(404);
    const session = await user.client.post(`${API}/organizations/${cast.orgId}/sessions`, {
      name: 'Ordinary',
      channels: [{ name: 'Floor', transcriberProfileId: profileId, languages: ['en'] }],
    });
    expect(session.status).toBe(201);
    expect((await end(user, session.body._id, { trash: 'true' })).status).toBe(404);
    expect(await row(session.body._id)).toBeDefined();
    expect(await row(meeting._id)).toBeDefined();
  });
});

describe('ending a quick meeting', () => {
  it('refuses while audio is sent, unless forced', async () => {
    const user = await member();
    const meeting = await newMeeting(user);
    const client = await streamTo(meeting, pcm.subarray(0, 32000 * 3), false);
    expect((await row(meeting._id))!.status).toBe('active');
    const refused = await end(user, meeting._id, { trash: 'true' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('session_streaming');
    expect(await row(meeting._id)).toBeDefined();
    const forced = await end(user, meeting._id, { trash: 'true', force: 'true' });
    expect(forced.status).toBe(200);
    expect(forced.body).toEqual({ savedConversationId: null });
    // The ingest is disconnected.
    await client.closed;
    expect(await row(meeting._id)).toBeUndefined();
  });

  it('discarded: leaves no session, caption, recording nor media', async () => {
    const user = await member();
    const meeting = await newMeeting(user, { offlineTranscription: true });
    await streamTo(meeting, pcm, true);
    const captions = await server.ctx.db.select().from(sessionCaptions).where(eq(sessionCaptions.sessionId, meeting._id));
    expect(captions.length).toBeGreaterThan(0);
    expect(fs.existsSync(recordingsFolder(server.ctx.config.dataDir, meeting._id))).toBe(true);

    const res = await end(user, meeting._id, { trash: 'true' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ savedConversationId: null });
    expect(await row(meeting._id)).toBeUndefined();
    expect(await channelOf(meeting._id)).toBeUndefined();
    expect(await server.ctx.db.select().from(sessionCaptions).where(eq(sessionCaptions.sessionId, meeting._id))).toEqual([]);
    expect(fs.existsSync(recordingsFolder(server.ctx.config.dataDir, meeting._id))).toBe(false);
    // Nothing was sent to be saved either.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await media(savedMediaId(meeting._id, 'main'))).toBeUndefined();
    expect((await current(user)).body).toEqual({ quickMeeting: null });
    expect(notices.find((notice) => notice.update.sessionId === meeting._id && notice.update.kind === 'deleted')).toBeDefined();
  });

  it('saved: its live captions and recording become a media of the library under the name asked, and the meeting goes', async () => {
    const user = await member();
    const meeting = await newMeeting(user);
    await streamTo(meeting, pcm, true);
    const res = await end(user, meeting._id, { name: 'Weekly check-in' });
    expect(res.status).toBe(200);
    const id = savedMediaId(meeting._id, 'main');
    expect(res.body).toEqual({ savedConversationId: id });
    expect(await row(meeting._id)).toBeUndefined();
    const saved = (await media(id))!;
    expect(saved).toMatchObject({ name: 'Weekly check-in', source: 'session', status: 'done', ownerId: user.id, organizationId: cast.orgId });
    // The scripted engine says "caption N" for every second of audio.
    const transcript = saved.transcript as Transcript;
    expect(transcript.text.map((turn) => turn.segment)).toEqual(expect.arrayContaining(['caption 1', 'caption 2']));
    // Said by "Speaker 1", as the pipeline names a lone track's speaker: not by the channel ("Microphone").
    expect(transcript.speakers).toEqual([{ speaker_id: 'spk1', speaker_name: 'Speaker 1' }]);
    expect(new Set(transcript.text.map((turn) => turn.speaker_id))).toEqual(new Set(['spk1']));
    expect(saved.channels).toEqual([{ index: 0, name: 'Microphone' }]);
    expect(saved.duration).toBeGreaterThan(10.5);
    const library = await user.client.get(`${API}/organizations/${cast.orgId}/conversations`, { query: { size: '100' } });
    expect((library.body.list as Array<{ _id: string }>).map((m) => m._id)).toContain(id);
    expect(fs.existsSync(recordingsFolder(server.ctx.config.dataDir, meeting._id))).toBe(false);
    expect((await current(user)).body).toEqual({ quickMeeting: null });
  });

  it('saved with offline transcription: the recording is transcribed again by the pipeline, the better transcript', async () => {
    const user = await member();
    const meeting = await newMeeting(user, { offlineTranscription: true });
    await streamTo(meeting, pcm, true);
    const res = await end(user, meeting._id);
    expect(res.status).toBe(200);
    const id = res.body.savedConversationId as string;
    expect(id).toBe(savedMediaId(meeting._id, 'main'));
    expect(await media(id)).toMatchObject({ name: meeting.name, transcriberProfileId: profileId, requestedLanguage: 'en' });
    const done = await processedMedia(server, id);
    expect(done.status, JSON.stringify(done.processing)).toBe('done');
    const words = (done.transcript as Transcript).text.flatMap((turn) => turn.words.map((w) => w.word.toLowerCase().replace(/[^a-z]/g, '')));
    expect(words).toEqual(expect.arrayContaining(['country', 'can', 'do']));
    expect(words).not.toContain('caption');
  }, 300_000);

  it('with nothing heard: nothing to save', async () => {
    const user = await member();
    const meeting = await newMeeting(user);
    const res = await end(user, meeting._id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ savedConversationId: null });
    expect(await row(meeting._id)).toBeUndefined();
  });
});
