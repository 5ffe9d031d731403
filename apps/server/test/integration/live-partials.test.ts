/**
 * The utterance in progress is stored while it lasts (as a partial caption, which late viewers do not
 * receive as a final) and dropped when its stream ends without it. One left behind by a node that
 * died mid-utterance becomes a final, sent to the room: by the sweeper that finds the dead node's
 * lease expired, or by the channel's next stream. (The cluster tier kills a real node: cluster/live.test.ts.)
 */
import { EventEmitter } from 'node:events';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamingEngine, TranscriptionStream } from '@palabre/engines';
import { liveStreamLeases, sessionCaptions, sessionChannels } from '../../src/db/schema.ts';
import { createCast, type Cast } from '../harness/cast.ts';
import { eventually, ingest, liveProfile, newLiveSession, recordingSaves, startLive, upperCasePool, viewer, type IngestClient, type Viewer } from '../harness/live.ts';
import { startTestServer, type TestServer } from '../harness/server.ts';

/** An engine that never ends an utterance: each second of audio makes a longer partial, and no final comes. */
class SpeakingEngine implements StreamingEngine {
  readonly id = 'speaking';
  openStream(): TranscriptionStream {
    let bytes = 0;
    const stream = new EventEmitter() as EventEmitter & TranscriptionStream;
    stream.write = (pcm: Uint8Array) => {
      const before = Math.floor(bytes / 32000);
      bytes += pcm.length;
      const seconds = Math.floor(bytes / 32000);
      if (seconds > before) {
        const words = Array.from({ length: seconds }, (_, index) => ({ word: `word${index + 1}`, start: index + 0.1, end: index + 0.9, confidence: 1 }));
        stream.emit('partial', { text: words.map((word) => word.word).join(' '), words });
      }
      return true;
    };
    stream.end = async () => undefined;
    stream.abort = async () => undefined;
    return stream;
  }
}

let server: TestServer;
let cast: Cast;
let profileId: string;
const viewers: Viewer[] = [];
const clients: IngestClient[] = [];

beforeAll(async () => {
  server = await startTestServer({
    start: {
      jobs: recordingSaves([]),
      live: { engines: async () => new SpeakingEngine(), translators: upperCasePool(), lease: { sweepMs: 200 } },
    },
  });
  cast = await createCast(server);
  profileId = await liveProfile(server, cast.orgId);
});
afterAll(async () => {
  for (const seen of viewers) seen.socket.disconnect();
  for (const client of clients) client.socket.close();
  await server?.close();
});

async function watchedSession() {
  const session = await newLiveSession(cast.owner, cast.orgId, profileId, { keepAudio: false });
  await startLive(cast.owner, cast.orgId, session.id);
  const seen = await viewer(server.url, cast.owner.client.authToken!);
  viewers.push(seen);
  expect(await seen.request('join_room', `${cast.orgId}/${session.id}`)).toEqual({ ok: true });
  return { session, seen };
}

const captions = (sessionId: string) => server.ctx.db.select().from(sessionCaptions).where(eq(sessionCaptions.sessionId, sessionId));

/** What a node that died mid-utterance leaves behind: its stored partial and its lease, expired. */
async function leftByDeadNode(sessionId: string, segmentId: number) {
  const [channel] = await server.ctx.db.select().from(sessionChannels).where(eq(sessionChannels.sessionId, sessionId));
  await server.ctx.db.insert(sessionCaptions).values({
    sessionId,
    channelIndex: 0,
    segmentId,
    text: 'ask not what your',
    start: 3.2,
    end: 4.9,
    language: 'en',
    words: [],
    partial: true,
  });
  return channel!;
}

describe('the utterance in progress', () => {
  it('is stored while it lasts, not sent as a final to late viewers, and dropped when its stream ends without it', async () => {
    const { session } = await watchedSession();
    const client = ingest(server.url, { type: 'hello', streamKey: session.channels[0]!.streamKey });
    clients.push(client);
    expect((await client.reply).type).toBe('ready');
    await client.stream(Buffer.alloc(3 * 32000), { bytes: 3200, intervalMs: 5 });
    const stored = await eventually(
      () => captions(session.id),
      (rows) => rows.some((row) => row.partial && row.text === 'word1 word2 word3'),
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ segmentId: 0, language: 'en', start: 0.1, end: 2.9 });

    const late = await viewer(server.url, cast.owner.client.authToken!);
    viewers.push(late);
    expect(await late.request('join_room', `${cast.orgId}/${session.id}`)).toEqual({ ok: true });
    // The room's backlog and broker state arrive after the acknowledgement: a partial of the stream comes after them.
    await client.stream(Buffer.alloc(32000), { bytes: 3200, intervalMs: 5 });
    await eventually(
      () => late.partials,
      (partials) => partials.length > 0,
    );
    expect(late.finals).toEqual([]);

    client.socket.close();
    await eventually(
      () => captions(session.id),
      (rows) => rows.length === 0,
    );
  });

  it('left by a node that died becomes a final when the sweeper finds its lease expired', async () => {
    const { session, seen } = await watchedSession();
    const channel = await leftByDeadNode(session.id, 0);
    await server.ctx.db.insert(liveStreamLeases).values({ channelId: channel.id, nodeId: 'dead-node', expiresAt: sql`now() - interval '1 second'` });
    const finals = await eventually(
      () => seen.finals,
      (list) => list.length > 0,
    );
    expect(finals).toMatchObject([{ sessionId: session.id, channelIndex: 0, segmentId: 0, text: 'ask not what your', start: 3.2, end: 4.9 }]);
    expect(await captions(session.id)).toMatchObject([{ segmentId: 0, text: 'ask not what your', partial: false }]);
  });

  it("left by a node that died becomes a final when the channel's next stream opens, before the new captions", async () => {
    const { session, seen } = await watchedSession();
    await leftByDeadNode(session.id, 4);
    const client = ingest(server.url, { type: 'hello', streamKey: session.channels[0]!.streamKey });
    clients.push(client);
    expect((await client.reply).type).toBe('ready');
    const kept = await eventually(
      () => seen.finals,
      (list) => list.length > 0,
    );
    expect(kept).toMatchObject([{ segmentId: 4, text: 'ask not what your' }]);
    await client.stream(Buffer.alloc(32000), { bytes: 3200, intervalMs: 5 });
    const partials = await eventually(
      () => seen.partials,
      (list) => list.length > 0,
    );
    expect(partials[0]!.segmentId).toBe(5);
    const [row] = await server.ctx.db
      .select()
      .from(sessionCaptions)
      .where(and(eq(sessionCaptions.sessionId, session.id), eq(sessionCaptions.segmentId, 4)));
    expect(row!.partial).toBe(false);
  });
});
