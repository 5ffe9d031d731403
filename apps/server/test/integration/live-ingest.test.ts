/**
 * The ingest WebSocket with the real engine: a channel's audio (the JFK sentence) sent as PCM is
 * transcribed live, viewers in the room receive partials and finals, the session goes active, and
 * once stopped the finals are stored and the session is saved. And every refusal of the ingest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_AUDIO } from '@palabre/shared';
import { sessionCaptions, sessionChannels, sessions } from '../../src/db/schema.ts';
import { recordingFile } from '../../src/live/save-recordings.ts';
import { createCast, type Cast } from '../harness/cast.ts';
import { eventually, FIXTURES, ingest, liveProfile, newLiveSession, pcmOf, recordingSaves, startLive, stopLive, viewer, type Viewer } from '../harness/live.ts';
import { startTestServer, type TestServer } from '../harness/server.ts';

let server: TestServer;
let cast: Cast;
let profileId: string;
const saved: string[] = [];
const viewers: Viewer[] = [];

beforeAll(async () => {
  server = await startTestServer({ start: { jobs: recordingSaves(saved), pollingIntervalSeconds: 0.5 } });
  cast = await createCast(server);
  profileId = await liveProfile(server, cast.orgId);
});
afterAll(async () => {
  for (const seen of viewers) seen.socket.disconnect();
  await server?.close();
});

const channelOf = async (sessionId: string) => (await server.ctx.db.select().from(sessionChannels).where(eq(sessionChannels.sessionId, sessionId)))[0]!;
const sessionRow = async (sessionId: string) => (await server.ctx.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0]!;

describe('ingest WebSocket', () => {
  it('transcribes a channel live for the viewers of its room, and stores the finals when the session stops', async () => {
    const session = await newLiveSession(cast.owner, cast.orgId, profileId, { keepAudio: true });
    await startLive(cast.owner, cast.orgId, session.id);
    const reader = await viewer(server.url, cast.reader.client.authToken!);
    viewers.push(reader);
    expect(await reader.request('join_room', `${cast.orgId}/${session.id}`)).toEqual({ ok: true });

    const client = ingest(server.url, { type: 'hello', streamKey: session.channels[0]!.streamKey });
    expect(await client.reply).toEqual({ type: 'ready', sessionId: session.id, channelIndex: 0, sampleRate: 16000 });
    const pcm = pcmOf(path.join(FIXTURES, 'jfk-en.wav'));
    // 100 ms messages, a little faster than real time.
    await client.stream(pcm, { bytes: 3200, intervalMs: 70 });
    // Trailing silence lets the engine end the utterance.
    await client.stream(Buffer.alloc(LIVE_AUDIO.maxMessageBytes * 2), { bytes: 3200, intervalMs: 20 });

    expect((await sessionRow(session.id)).status).toBe('active');
    const channel = await channelOf(session.id);
    expect(channel.streamStatus).toBe('active');
    expect(channel.transcriberStatus).toBe('streaming');

    const finals = await eventually(
      () => reader.finals,
      (list) => list.some((final) => /country/i.test(final.text)),
    );
    expect(reader.partials.length).toBeGreaterThan(0);
    expect(reader.partials.every((partial) => partial.sessionId === session.id && partial.channelIndex === 0)).toBe(true);
    expect(finals.map((final) => final.text).join(' ')).toMatch(/country/i);
    expect(finals.map((final) => final.segmentId)).toEqual(finals.map((_, index) => index));
    for (const final of finals) {
      expect(final.end).toBeGreaterThanOrEqual(final.start);
      expect(final.end).toBeLessThanOrEqual(pcm.length / 32000 + 2.1);
      expect(final.language).toBe('en');
    }
    // The metrics see the viewer, the ingest connection, and each final's latency from its audio.
    const metrics = await server.ctx.metrics.registry.metrics();
    expect(metrics).toMatch(/palabre_connected_sockets\{socket="live_viewers"\} [1-9]/);
    expect(metrics).toMatch(/palabre_connected_sockets\{socket="live_ingest"\} 1/);
    expect(metrics).toMatch(/palabre_live_caption_latency_seconds_count\{kind="final"\} [1-9]/);

    // The server reads at the engine's pace: the recording fills up to every byte sent.
    const file = recordingFile(server.ctx.config.dataDir, session.id, 0);
    const sent = pcm.length + LIVE_AUDIO.maxMessageBytes * 2;
    expect(
      await eventually(
        () => fs.statSync(file).size,
        (size) => size === sent,
      ),
    ).toBe(sent);

    // Stopping while the stream is sent needs force; it disconnects the ingest.
    expect((await stopLive(cast.owner, cast.orgId, session.id)).status).toBe(409);
    expect((await stopLive(cast.owner, cast.orgId, session.id, { force: 'true' })).status).toBe(204);
    expect((await client.closed).code).toBe(1000);
    const stored = await server.ctx.db.select().from(sessionCaptions).where(eq(sessionCaptions.sessionId, session.id));
    expect(stored.length).toBeGreaterThanOrEqual(finals.length);
    expect(stored.map((row) => row.text).join(' ')).toMatch(/country/i);
    expect((await channelOf(session.id)).transcriberStatus).toBe('closed');
    expect(
      await eventually(
        () => saved,
        (list) => list.includes(session.id),
      ),
    ).toContain(session.id);
  }, 120_000);

  it('refuses an unknown key, a session not started or ended, a second stream, an oversized message and a missing hello', async () => {
    // Says nothing: closed once the hello's time is up.
    const silent = ingest(server.url, null);
    const unknown = ingest(server.url, { type: 'hello', streamKey: 'no-such-key' });
    expect(await unknown.reply).toMatchObject({ type: 'error', code: 'not_found' });
    expect((await unknown.closed).code).toBe(1008);

    const session = await newLiveSession(cast.owner, cast.orgId, profileId, { keepAudio: false });
    const key = session.channels[0]!.streamKey;
    const early = ingest(server.url, { type: 'hello', streamKey: key });
    expect(await early.reply).toMatchObject({ type: 'error', code: 'session_status' });

    await startLive(cast.owner, cast.orgId, session.id);
    const first = ingest(server.url, { type: 'hello', streamKey: key });
    expect((await first.reply).type).toBe('ready');
    const second = ingest(server.url, { type: 'hello', streamKey: key });
    expect(await second.reply).toMatchObject({ type: 'error', code: 'conflict' });
    expect((await second.closed).code).toBe(1008);

    first.socket.send(Buffer.alloc(LIVE_AUDIO.maxMessageBytes + 2));
    const tooLarge = JSON.parse(String(await new Promise((resolve) => first.socket.once('message', resolve))));
    expect(tooLarge).toMatchObject({ type: 'error', code: 'validation_failed' });
    expect((await first.closed).code).toBe(1009);
    // Once that stream is gone, the channel takes another.
    const again = ingest(server.url, { type: 'hello', streamKey: key });
    expect((await again.reply).type).toBe('ready');
    again.socket.close();
    await again.closed;

    const badHello = ingest(server.url, { type: 'hello' });
    expect(await badHello.reply).toMatchObject({ type: 'error', code: 'validation_failed' });
    const audioFirst = ingest(server.url, null);
    audioFirst.socket.once('open', () => audioFirst.socket.send(Buffer.alloc(3200)));
    expect(await audioFirst.reply).toMatchObject({ type: 'error', code: 'validation_failed' });

    expect((await stopLive(cast.owner, cast.orgId, session.id)).status).toBe(204);
    const ended = ingest(server.url, { type: 'hello', streamKey: key });
    expect(await ended.reply).toMatchObject({ type: 'error', code: 'session_status' });
    expect(await silent.reply).toMatchObject({ type: 'error', code: 'validation_failed' });
    expect((await silent.closed).code).toBe(1008);
  }, 60_000);
});
