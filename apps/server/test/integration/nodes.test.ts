/**
 * Several nodes on one PostgreSQL (docs/ARCHITECTURE.md "Several nodes"): an API node A, an API and
 * live node B, a worker W and a collaboration node C, in this test process, plus a live node in its
 * own process for the kill test. Socket events raised anywhere reach clients everywhere; edits,
 * presence, rights re-checks and revocations cross nodes; a dead live node's lease expires and
 * another node takes the stream.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { conversationUpdateEvent, RIGHT } from '@palabre/shared';
import { textOf, turnsOf } from '@palabre/shared/collab';
import { liveStreamLeases, sessionChannels } from '../../src/db/schema.ts';
import { serverCount } from '../../src/realtime/adapter.ts';
import { parseRoles } from '../../src/roles.ts';
import { createCast, seedSharedMedia, type Cast } from '../harness/cast.ts';
import { connectCollab, type CollabClient } from '../harness/collab-client.ts';
import { smallTranscript } from '../harness/collab-fixtures.ts';
import { eventually, ingest, liveProfile, newLiveSession, pcmOf, FIXTURES, startLive, viewer } from '../harness/live.ts';
import { spawnServer, type ServerProcess } from '../harness/server-process.ts';
import { createDatabase, startTestServer, TestClient, type TestServer } from '../harness/server.ts';

const onPostgres = inject('testDatabase') === 'postgres';
const SECRET = crypto.randomBytes(24).toString('hex');

let database: { url: string; drop(): Promise<void> };
let a: TestServer;
let b: TestServer;
let w: TestServer;
let c: TestServer;
let cast: Cast;
const cleanups: Array<() => Promise<void> | void> = [];

/** A node of `roles` on the shared database. */
function node(roles: string, id: string) {
  return startTestServer({
    env: { DATABASE_URL: database.url, PALABRE_SECRET: SECRET, PALABRE_NODE_ID: id },
    start: { roles: parseRoles(roles), nodeId: id, pollingIntervalSeconds: 0.5 },
  });
}

function sessionSocket(url: string, token: string): Promise<Socket> {
  const socket = connect(url, { path: '/cm-api/socket.io', auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  cleanups.push(() => void socket.disconnect());
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function collab(url: string, token: string): Promise<CollabClient> {
  const client = await connectCollab(url, token);
  cleanups.push(() => client.close());
  return client;
}

/** Resolves once every node's adapters know the others (they find each other by heartbeats). */
async function nodesMet(): Promise<void> {
  // Every node has both kinds of socket server: attached to its HTTP server, or only emitting (worker, collab's session side).
  const counts = () => Promise.all([a, b, w, c].flatMap((server) => [serverCount(server.running.sockets.session!), serverCount(server.running.sockets.collab!)]));
  await eventually(counts, (list) => list.every((count) => count === 4), 20_000);
}

describe.skipIf(!onPostgres)('several nodes on one PostgreSQL (PGlite serves a single process: skipped there)', () => {
  beforeAll(async () => {
    database = await createDatabase(inject('postgresAdminUrl'));
    a = await node('api', 'node-a');
    b = await node('api,live', 'node-b');
    w = await node('worker', 'node-w');
    c = await node('collab', 'node-c');
    cast = await createCast(a);
    await nodesMet();
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    for (const server of [c, w, b, a]) await server?.close();
    await database?.drop();
  });

  it('delivers an event raised on a worker or another API node to a session socket on A, to those who may see it', async () => {
    const mediaId = await seedSharedMedia(a, cast, { transcript: smallTranscript() });
    const reader = await sessionSocket(a.url, cast.reader.client.authToken!);
    const outsider = await sessionSocket(a.url, cast.outsider.client.authToken!);
    expect(await reader.timeout(5000).emitWithAck('watch_organization', cast.orgId)).toEqual({ ok: true });
    const received: unknown[] = [];
    reader.on(conversationUpdateEvent(cast.orgId), (update: unknown) => received.push(update));
    const leaked: unknown[] = [];
    outsider.onAny((event: string, update: unknown) => leaked.push({ event, update }));

    w.ctx.events.conversationChanged(cast.orgId, { conversationId: mediaId, kind: 'progress', progress: 0.5 });
    await eventually(
      () => received,
      (list) => list.length === 1,
      10_000,
    );
    expect(received[0]).toMatchObject({ conversationId: mediaId, kind: 'progress', progress: 0.5 });

    // A change made through B's API (a rename) reaches A's socket too.
    const owner = new TestClient(b.url);
    owner.authToken = cast.owner.client.authToken!;
    expect((await owner.patch(`/cm-api/api/conversations/${mediaId}`, { name: 'Renamed on B' })).status).toBe(200);
    await eventually(
      () => received,
      (list) => list.length === 2,
      10_000,
    );
    expect(leaked).toEqual([]);
  });

  it('carries edits and presence between A and the collaboration node C, and measures the latency', async () => {
    const mediaId = await seedSharedMedia(a, cast, { transcript: smallTranscript() });
    const onA = await (await collab(a.url, cast.writer.client.authToken!)).join(mediaId);
    const onC = await (await collab(c.url, cast.owner.client.authToken!)).join(mediaId);
    // Each sees the other's presence (announced across nodes).
    await onA.waitForPeers((peers) => peers.some((peer) => peer.userId === cast.owner.id), 10_000);
    await onC.waitForPeers((peers) => peers.some((peer) => peer.userId === cast.writer.id), 10_000);
    onA.presence(null, true);
    await onC.waitForPeers((peers) => peers.some((peer) => peer.userId === cast.writer.id && peer.typing), 10_000);

    const latencies: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const started = performance.now();
      expect(await onA.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, `w${i} `))).toEqual({ ok: true });
      await onC.waitFor((doc) => textOf(turnsOf(doc).get(0)).toString().startsWith(`w${i} `), 5_000);
      latencies.push(performance.now() - started);
    }
    latencies.sort((x, y) => x - y);
    const median = latencies[Math.floor(latencies.length / 2)]!;
    console.info(`cross-node edit latency (A → C, ack + relay): median ${median.toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`);
    // Well under the 1 s poll: the adapter's notice makes C read the log at once.
    expect(median).toBeLessThan(500);

    // Changes made by server code on the worker (as a re-transcription does) reach C's editor at once, not at its next poll.
    const fromWorker: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await w.ctx.documents.change(mediaId, null, (doc) => textOf(turnsOf(doc).get(2)).insert(0, `k${i} `));
      await onC.waitFor((doc) => textOf(turnsOf(doc).get(2)).toString().startsWith(`k${i} `), 5_000);
      fromWorker.push(performance.now() - started);
    }
    fromWorker.sort((x, y) => x - y);
    console.info(`server change on a worker → editor on C: median ${fromWorker[2]!.toFixed(0)} ms`);
    expect(fromWorker[2]).toBeLessThan(250);

    // And back from C to A.
    expect(await onC.edit((doc) => textOf(turnsOf(doc).get(1)).insert(0, 'back '))).toEqual({ ok: true });
    await onA.waitFor((doc) => textOf(turnsOf(doc).get(1)).toString().startsWith('back '), 5_000);
  });

  it('re-checks rights and revokes sessions on other nodes at once', async () => {
    const mediaId = await seedSharedMedia(a, cast, { transcript: smallTranscript() });
    const readerOnA = await (await collab(a.url, cast.reader.client.authToken!)).join(mediaId);
    expect(readerOnA.access).toBe('read');
    // The owner takes the members' right away through B's API: A's socket hears it without any update of its own.
    const owner = new TestClient(b.url);
    owner.authToken = cast.owner.client.authToken!;
    expect((await owner.patch(`/cm-api/api/conversations/${mediaId}`, { membersRight: RIGHT.UNDEFINED })).status).toBe(200);
    await eventually(
      () => readerOnA.accessChanges,
      (changes) => changes.includes('none'),
      4_000,
    );

    // A session signed out on B is disconnected from A's collaboration and session sockets.
    const user = await a.quickUser();
    const collabSocket = await collab(a.url, user.client.authToken!);
    const session = await sessionSocket(a.url, user.client.authToken!);
    const collabGone = collabSocket.disconnected();
    const sessionGone = new Promise<void>((resolve) => session.once('disconnect', () => resolve()));
    const onB = new TestClient(b.url);
    onB.authToken = user.client.authToken!;
    const started = performance.now();
    expect((await onB.post('/cm-api/auth/logout')).status).toBe(204);
    await Promise.all([collabGone, sessionGone]);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('gives a dead live node’s channel to another node once its lease expires, and tells the operator', { timeout: 120_000 }, async () => {
    const profileId = await liveProfile(a, cast.orgId);
    const session = await newLiveSession(cast.owner, cast.orgId, profileId);
    await startLive(cast.owner, cast.orgId, session.id);
    const streamKey = session.channels[0]!.streamKey;

    const live: ServerProcess<{ url: string }> = await spawnServer({
      DATABASE_URL: database.url,
      PALABRE_SECRET: SECRET,
      PALABRE_ROLE: 'live',
      PALABRE_NODE_ID: 'node-live',
      PALABRE_DATA_DIR: path.join(a.ctx.config.dataDir, 'live-node'),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      PALABRE_DEFAULT_MODEL: 'none',
      LIVE_RTMP_PORTS: 'off',
      LIVE_SRT_PORTS: 'off',
    });
    cleanups.push(() => live.kill());
    // Captions decoded on the live node reach a viewer on A.
    const watcher = await viewer(a.url, cast.reader.client.authToken!);
    cleanups.push(() => void watcher.socket.disconnect());
    expect(await watcher.request('join_room', `${cast.orgId}/${session.id}`)).toEqual({ ok: true });

    const first = ingest(live.ready.url, { type: 'hello', streamKey });
    expect(await first.reply).toMatchObject({ type: 'ready', sessionId: session.id });
    const pcm = pcmOf(path.join(FIXTURES, 'jfk-en.wav'));
    void first.stream(pcm, { bytes: 3200, intervalMs: 50 }).catch(() => undefined);
    const [lease] = await eventually(
      () => a.ctx.db.select().from(liveStreamLeases).where(eq(liveStreamLeases.channelId, session.channels[0]!._id)),
      (rows) => rows.length === 1,
    );
    expect(lease!.nodeId).toBe('node-live');
    await eventually(
      () => watcher.partials.length + watcher.finals.length,
      (count) => count > 0,
      30_000,
    );

    // While the live node lives, another live node refuses the channel.
    const refused = ingest(b.url, { type: 'hello', streamKey });
    expect(await refused.reply).toMatchObject({ type: 'error', code: 'conflict' });

    await live.kill();
    const killedAt = performance.now();
    // B's sweeper finds the expired lease and marks the stream lost.
    const channel = await eventually(
      async () => (await a.ctx.db.select().from(sessionChannels).where(eq(sessionChannels.id, session.channels[0]!._id)))[0]!,
      (row) => row.streamStatus === 'errored',
      30_000,
    );
    expect(channel.transcriberStatus).toBe('errored');
    console.info(`live stream marked lost ${((performance.now() - killedAt) / 1000).toFixed(1)} s after its node was killed`);

    // The encoder reconnects to B, which takes the lease.
    const second = ingest(b.url, { type: 'hello', streamKey });
    expect(await second.reply).toMatchObject({ type: 'ready', sessionId: session.id });
    const [taken] = await a.ctx.db.select().from(liveStreamLeases).where(eq(liveStreamLeases.channelId, session.channels[0]!._id));
    expect(taken!.nodeId).toBe('node-b');
    second.socket.close();
    await second.closed;
  });
});
