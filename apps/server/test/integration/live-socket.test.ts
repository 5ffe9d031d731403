/**
 * The live rooms of the session socket, with a scripted engine and an upper-casing translator:
 * who may join (anonymous viewers, outsiders, members per visibility), one room at a time, the
 * backlog on joining, translations re-sent under the same segment id, viewers who may no longer see
 * a session leaving its room, and a failing engine's broker_ko / broker_ok.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCaptions, sessionChannels } from '../../src/db/schema.ts';
import { captionsRepo } from '../../src/live/repo.ts';
import { recordingFile } from '../../src/live/save-recordings.ts';
import { liveRoom } from '../../src/realtime/live-rooms.ts';
import { createCast, type Cast } from '../harness/cast.ts';
import {
  eventually,
  ingest,
  liveProfile,
  newLiveSession,
  recordingSaves,
  ScriptedEngine,
  startLive,
  upperCasePool,
  viewer,
  type IngestClient,
  type Viewer,
} from '../harness/live.ts';
import { startTestServer, type TestServer } from '../harness/server.ts';

let server: TestServer;
let cast: Cast;
let profileId: string;
const engine = new ScriptedEngine();
const viewers: Viewer[] = [];
const clients: IngestClient[] = [];

beforeAll(async () => {
  server = await startTestServer({
    start: { jobs: recordingSaves([]), live: { engines: async () => engine, translators: upperCasePool(), retryDelaysMs: [100, 100] } },
  });
  cast = await createCast(server);
  profileId = await liveProfile(server, cast.orgId);
});
afterAll(async () => {
  for (const seen of viewers) seen.socket.disconnect();
  for (const client of clients) client.socket.close();
  await server?.close();
});

async function watcher(token?: string): Promise<Viewer> {
  const seen = await viewer(server.url, token);
  viewers.push(seen);
  return seen;
}

/** A started session with one channel, and an ingest streaming to it. */
async function streamingSession(values: Record<string, unknown> = {}, translations: string[] = []) {
  const session = await newLiveSession(cast.owner, cast.orgId, profileId, { keepAudio: false, ...values }, [{ name: 'Floor', translations }]);
  await startLive(cast.owner, cast.orgId, session.id);
  const client = ingest(server.url, { type: 'hello', streamKey: session.channels[0]!.streamKey });
  clients.push(client);
  expect((await client.reply).type).toBe('ready');
  return { session, client, room: `${cast.orgId}/${session.id}` };
}

/** One second of audio: the scripted engine says one caption. */
const second = () => Buffer.alloc(32000);
const token = (who: keyof Omit<Cast, 'orgId'>) => cast[who].client.authToken!;
const channelOf = async (sessionId: string) => (await server.ctx.db.select().from(sessionChannels).where(eq(sessionChannels.sessionId, sessionId)))[0]!;

describe('live rooms', () => {
  it('lets anonymous viewers join public sessions open to them only, and only rooms', async () => {
    const open = await newLiveSession(cast.owner, cast.orgId, profileId, { visibility: 'public', anonymousAccess: true });
    const closedToAnonymous = await newLiveSession(cast.owner, cast.orgId, profileId, { visibility: 'public', anonymousAccess: false });
    const internal = await newLiveSession(cast.owner, cast.orgId, profileId, { visibility: 'internal' });
    const hidden = await newLiveSession(cast.owner, cast.orgId, profileId, { visibility: 'private' });
    const anonymous = await watcher();
    expect(await anonymous.request('join_room', `${cast.orgId}/${open.id}`)).toEqual({ ok: true });
    for (const refused of [closedToAnonymous, internal, hidden]) {
      expect(await anonymous.request('join_room', `${cast.orgId}/${refused.id}`)).toEqual({ ok: false, error: 'not_found' });
    }
    // A room of another organization than the session's is no room.
    expect(await anonymous.request('join_room', `${crypto.randomUUID()}/${open.id}`)).toEqual({ ok: false, error: 'not_found' });
    expect(await anonymous.request('watch_organization', cast.orgId)).toEqual({ ok: false, error: 'unauthorized' });
    expect(anonymous.socket.connected).toBe(true);

    // Anyone signed in sees a public session; an internal one is for members; a private one for those who operate it.
    const outsider = await watcher(token('outsider'));
    expect(await outsider.request('join_room', `${cast.orgId}/${closedToAnonymous.id}`)).toEqual({ ok: true });
    expect(await outsider.request('join_room', `${cast.orgId}/${internal.id}`)).toEqual({ ok: false, error: 'not_found' });
    const reader = await watcher(token('reader'));
    expect(await reader.request('join_room', `${cast.orgId}/${internal.id}`)).toEqual({ ok: true });
    expect(await reader.request('join_room', `${cast.orgId}/${hidden.id}`)).toEqual({ ok: false, error: 'not_found' });
    const owner = await watcher(token('owner'));
    expect(await owner.request('join_room', `${cast.orgId}/${hidden.id}`)).toEqual({ ok: true });
  });

  it('sends captions to the room, translations under the same segment id, and the backlog to those who join later', async () => {
    const { session, client, room } = await streamingSession({}, ['fr']);
    const reader = await watcher(token('reader'));
    expect(await reader.request('join_room', room)).toEqual({ ok: true });
    await eventually(
      () => reader.notices,
      (notices) => notices.length > 0,
    );
    expect(reader.notices).toEqual([{ kind: 'broker_ok', notice: { sessionId: session.id } }]);
    await client.stream(Buffer.concat([second(), second()]), { bytes: 16000, intervalMs: 10 });
    const finals = await eventually(
      () => reader.finals,
      (list) => list.filter((final) => final.translations.fr).length === 2,
    );
    // Each final first untranslated, then again with its translation (finals may interleave).
    const byOrder = [...finals].sort((a, b) => a.segmentId - b.segmentId || Object.keys(a.translations).length - Object.keys(b.translations).length);
    expect(byOrder.map((final) => [final.segmentId, final.text, final.translations])).toEqual([
      [0, 'caption 1', {}],
      [0, 'caption 1', { fr: 'CAPTION 1' }],
      [1, 'caption 2', {}],
      [1, 'caption 2', { fr: 'CAPTION 2' }],
    ]);
    expect(finals.findIndex((final) => final.segmentId === 0)).toBeLessThan(finals.findIndex((final) => final.segmentId === 0 && final.translations.fr));
    expect(byOrder[0]).toMatchObject({ sessionId: session.id, channelIndex: 0, start: 0.1, end: 0.9, language: 'en' });
    expect(byOrder[2]).toMatchObject({ start: 1.1, end: 1.9 });
    expect(reader.partials[0]).toEqual({ sessionId: session.id, channelIndex: 0, segmentId: 0, text: 'caption' });
    const stored = await eventually(
      () => server.ctx.db.select().from(sessionCaptions).where(eq(sessionCaptions.sessionId, session.id)),
      (rows) => rows.every((row) => row.translations.fr),
    );
    expect(stored.map((row) => row.translations)).toEqual([{ fr: 'CAPTION 1' }, { fr: 'CAPTION 2' }]);

    // A viewer joining later gets the stored finals, translations included, then the broker state.
    const late = await watcher(token('writer'));
    expect(await late.request('join_room', room)).toEqual({ ok: true });
    await eventually(
      () => late.notices,
      (notices) => notices.length > 0,
    );
    expect(late.finals.map((final) => [final.segmentId, final.translations.fr])).toEqual([
      [0, 'CAPTION 1'],
      [1, 'CAPTION 2'],
    ]);

    // A reconnected stream continues the channel's time and segment ids.
    client.socket.close();
    await client.closed;
    const again = ingest(server.url, { type: 'hello', streamKey: session.channels[0]!.streamKey });
    clients.push(again);
    expect((await again.reply).type).toBe('ready');
    await again.stream(second());
    const next = await eventually(
      () => reader.finals,
      (list) => list.some((final) => final.segmentId === 2),
    );
    expect(next.find((final) => final.segmentId === 2)).toMatchObject({ text: 'caption 1', start: 2.1, end: 2.9 });
  });

  it("sends those who join each channel's most recent finals, in order, up to the backlog", async () => {
    const session = await newLiveSession(cast.owner, cast.orgId, profileId, { keepAudio: false }, [{ name: 'Left' }, { name: 'Right' }]);
    const caption = (channelIndex: number, segmentId: number) => ({
      sessionId: session.id,
      channelIndex,
      segmentId,
      text: `channel ${channelIndex} caption ${segmentId}`,
      start: segmentId,
      end: segmentId + 0.5,
      language: 'en',
      words: [],
    });
    await server.ctx.db.insert(sessionCaptions).values([0, 1, 2, 3, 4].flatMap((n) => [caption(0, n), caption(1, n)]));
    const rows = await captionsRepo.recent(server.ctx.db, session.id, 3);
    expect(rows.map((row) => [row.channelIndex, row.segmentId])).toEqual([
      [0, 2],
      [0, 3],
      [0, 4],
      [1, 2],
      [1, 3],
      [1, 4],
    ]);

    const late = await watcher(token('writer'));
    expect(await late.request('join_room', `${cast.orgId}/${session.id}`)).toEqual({ ok: true });
    await eventually(
      () => late.notices,
      (notices) => notices.length > 0,
    );
    expect(late.finals).toHaveLength(10);
    expect(late.finals.filter((final) => final.channelIndex === 1).map((final) => final.text)).toEqual([0, 1, 2, 3, 4].map((n) => `channel 1 caption ${n}`));
  });

  it('only records a channel when live transcription is off', async () => {
    const { session, client, room } = await streamingSession({ liveTranscription: false });
    const reader = await watcher(token('reader'));
    expect(await reader.request('join_room', room)).toEqual({ ok: true });
    await client.stream(Buffer.concat([second(), second()]), { bytes: 16000, intervalMs: 10 });
    const file = recordingFile(server.ctx.config.dataDir, session.id, 0);
    expect(
      await eventually(
        () => fs.statSync(file, { throwIfNoEntry: false })?.size,
        (size) => size === 64000,
      ),
    ).toBe(64000);
    expect(
      await eventually(
        () => channelOf(session.id),
        (channel) => channel.transcriberStatus === 'idle',
      ),
    ).toMatchObject({ streamStatus: 'active', transcriberStatus: 'idle' });
    expect(reader.finals).toEqual([]);
    expect(reader.partials).toEqual([]);
    expect(await server.ctx.db.select().from(sessionCaptions).where(eq(sessionCaptions.sessionId, session.id))).toEqual([]);
  });

  it('keeps a viewer in one room at a time, and sends a room away those who may no longer see it', async () => {
    const first = await streamingSession({ visibility: 'public', anonymousAccess: true });
    const other = await streamingSession({ visibility: 'public', anonymousAccess: true });
    const anonymous = await watcher();
    const member = await watcher(token('reader'));
    expect(await anonymous.request('join_room', first.room)).toEqual({ ok: true });
    expect(await anonymous.request('join_room', other.room)).toEqual({ ok: true });
    expect(await member.request('join_room', other.room)).toEqual({ ok: true });
    await first.client.stream(second());
    await other.client.stream(second());
    await eventually(
      () => member.finals,
      (list) => list.length === 1,
    );
    await eventually(
      () => anonymous.finals,
      (list) => list.length === 1,
    );
    // Only the second room's caption reached the anonymous viewer.
    expect(anonymous.finals.map((final) => final.sessionId)).toEqual([other.session.id]);

    // The session becomes internal: the anonymous viewer leaves its room, the member stays.
    const res = await cast.owner.client.patch(`/cm-api/api/organizations/${cast.orgId}/sessions/${other.session.id}`, { visibility: 'internal' });
    expect(res.status).toBe(200);
    // The room is checked again after the answer: once it holds only the member, the next caption goes out.
    const inRoom = await eventually(
      () => server.running.sockets.session!.in(liveRoom(other.room)).fetchSockets(),
      (sockets) => sockets.length === 1,
    );
    expect(inRoom).toHaveLength(1);
    await other.client.stream(second());
    await eventually(
      () => member.finals,
      (list) => list.length === 2,
    );
    expect(anonymous.finals).toHaveLength(1);
    expect(await anonymous.request('join_room', other.room)).toEqual({ ok: false, error: 'not_found' });
  });

  it('tells the room when a channel’s engine fails and when it is back, and fails the stream when it stays down', async () => {
    const { session, client, room } = await streamingSession();
    const reader = await watcher(token('reader'));
    expect(await reader.request('join_room', room)).toEqual({ ok: true });
    await client.stream(second(), { bytes: 16000, intervalMs: 10 });
    await eventually(
      () => reader.finals,
      (list) => list.length === 1,
    );

    engine.breakStreams();
    await client.stream(Buffer.alloc(3200));
    await eventually(
      () => reader.notices,
      (notices) => notices.length === 2,
    );
    expect(reader.notices[1]).toEqual({ kind: 'broker_ko', notice: { sessionId: session.id, channelIndex: 0 } });
    expect(
      (
        await eventually(
          () => channelOf(session.id),
          (channel) => channel.transcriberStatus === 'errored',
        )
      ).transcriberStatus,
    ).toBe('errored');
    // Reopened after its delay, the engine transcribes again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await client.stream(second(), { bytes: 3200, intervalMs: 20 });
    await eventually(
      () => reader.notices,
      (notices) => notices.length === 3,
    );
    expect(reader.notices.map((entry) => entry.kind)).toEqual(['broker_ok', 'broker_ko', 'broker_ok']);
    expect(reader.notices[2]!.notice).toEqual({ sessionId: session.id, channelIndex: 0 });
    expect(
      (
        await eventually(
          () => channelOf(session.id),
          (channel) => channel.transcriberStatus === 'streaming',
        )
      ).transcriberStatus,
    ).toBe('streaming');
    expect(
      (
        await eventually(
          () => reader.finals,
          (list) => list.length === 2,
        )
      ).map((final) => final.segmentId),
    ).toEqual([0, 1]);

    // An engine that keeps failing: past the last try the stream fails and the ingest is disconnected.
    engine.breakStreams();
    engine.failNext = 10;
    void client.stream(Buffer.alloc(32000 * 5), { bytes: 3200, intervalMs: 50 });
    expect((await client.closed).code).toBe(1000);
    const channel = await eventually(
      () => channelOf(session.id),
      (row) => row.streamStatus === 'errored',
    );
    expect(channel).toMatchObject({ streamStatus: 'errored', transcriberStatus: 'errored' });
    expect(reader.notices.slice(3).map((entry) => entry.kind)).toEqual(['broker_ko', 'broker_ko', 'broker_ko']);
    engine.failNext = 0;
    // A viewer joining now learns that the channel cannot transcribe.
    const late = await watcher(token('writer'));
    expect(await late.request('join_room', room)).toEqual({ ok: true });
    expect(
      (
        await eventually(
          () => late.notices,
          (notices) => notices.length > 0,
        )
      ).map((entry) => entry.kind),
    ).toEqual(['broker_ko']);
  });
});
