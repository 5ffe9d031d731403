/**
 * Live sessions across nodes: a channel streamed into a live node (the ingest WebSocket, the JFK
 * sentence) is captioned for viewers on both API nodes; the live node killed (kill -9) mid-stream
 * shows the operator the stream lost, and the encoder reconnecting to another live node resumes the
 * captions; killed mid-sentence, the words heard of the sentence so far are kept as a final.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_AUDIO } from '@palabre/shared';
import { and, eq } from 'drizzle-orm';
import { sessionCaptions, sessionChannels } from '../../src/db/schema.ts';
import { ingest, liveProfile, newLiveSession, pcmOf, startLive, stopLive, viewer, type IngestClient, type Viewer } from '../harness/live.ts';
import { until } from './clients.ts';
import { showLogsOnFailure, startCluster, type Cluster, type ClusterNode, type ClusterUser } from './harness.ts';
import { JFK } from './media.ts';

let cluster: Cluster;
showLogsOnFailure(() => cluster);
let a: ClusterNode;
let b: ClusterNode;
let live1: ClusterNode;
let live2: ClusterNode;
let owner: ClusterUser;
let organizationId: string;
let profileId: string;
const viewers: Viewer[] = [];
const encoders: IngestClient[] = [];
const pcm = pcmOf(JFK);
const silence = Buffer.alloc(LIVE_AUDIO.maxMessageBytes * 2);

beforeAll(async () => {
  cluster = await startCluster('live');
  [a, b, live1, live2] = await Promise.all([cluster.start('a', 'api'), cluster.start('b', 'api'), cluster.start('live-1', 'live'), cluster.start('live-2', 'live')]);
  owner = await cluster.user();
  organizationId = await cluster.organization(owner);
  profileId = await liveProfile(cluster.control, organizationId);
});
afterAll(async () => {
  for (const seen of viewers) seen.socket.disconnect();
  for (const encoder of encoders) encoder.socket.terminate();
  await cluster?.close();
});

/** A started session, watched by a viewer on A and one on B. */
async function watchedSession() {
  const operator = { client: owner.client(a) };
  const session = await newLiveSession(operator, organizationId, profileId, { keepAudio: false });
  await startLive(operator, organizationId, session.id);
  const watching = [];
  for (const node of [a, b]) {
    const seen = await viewer(node.url, owner.token);
    viewers.push(seen);
    expect(await seen.request('join_room', `${organizationId}/${session.id}`)).toEqual({ ok: true });
    watching.push(seen);
  }
  return { operator, session, viewers: watching };
}

/** Connects an encoder to `node`, retrying while the channel is still held elsewhere; resolves once ready. */
async function encoderOn(node: ClusterNode, streamKey: string, timeoutMs = 60_000): Promise<IngestClient> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = ingest(node.url, { type: 'hello', streamKey });
    const reply = await client.reply.catch(() => null);
    if (reply?.type === 'ready') {
      encoders.push(client);
      return client;
    }
    client.socket.terminate();
    if (Date.now() > deadline) throw new Error(`the encoder was not accepted by ${node.name}: ${JSON.stringify(reply)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const saidCountry = (seen: Viewer, from = 0) => seen.finals.slice(from).some((final) => /country/i.test(final.text));

describe('a live session across nodes', () => {
  it('is streamed into the live node and captioned for viewers on both API nodes', async () => {
    const {
      operator,
      session,
      viewers: [onA, onB],
    } = await watchedSession();
    const encoder = await encoderOn(live1, session.channels[0]!.streamKey);
    await encoder.stream(pcm, { bytes: 3200, intervalMs: 70 });
    await encoder.stream(silence, { bytes: 3200, intervalMs: 20 });
    await until(() => saidCountry(onA!) && saidCountry(onB!), 'the captions on both API nodes', 60_000);
    expect(onA!.finals.map((final) => final.text)).toEqual(onB!.finals.map((final) => final.text));
    encoder.socket.close();
    expect((await stopLive(operator, organizationId, session.id, { force: 'true' })).status).toBe(204);
  });

  it('shows the stream lost when its live node is killed, and resumes once the encoder reconnects to another', async () => {
    const {
      operator,
      session,
      viewers: [onA, onB],
    } = await watchedSession();
    const streamKey = session.channels[0]!.streamKey;
    const first = await encoderOn(live1, streamKey);
    await first.stream(pcm, { bytes: 3200, intervalMs: 70 });
    await first.stream(silence, { bytes: 3200, intervalMs: 20 });
    await until(() => saidCountry(onA!) && saidCountry(onB!), 'the first captions', 60_000);

    // Mid-stream: the node dies with the encoder still sending.
    const sending = first.stream(Buffer.concat([pcm, pcm]), { bytes: 3200, intervalMs: 70 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await cluster.kill9(live1);
    await sending;
    await first.closed;

    // The operator sees the stream lost (from any API node).
    await until(
      async () => {
        const read = await operator.client.get(`/cm-api/api/sessions/${session.id}`);
        return read.body.channels?.[0]?.streamStatus === 'errored';
      },
      'the operator’s view to show the stream lost',
      60_000,
    );
    const [channel] = await cluster.control.ctx.db.select().from(sessionChannels).where(eq(sessionChannels.sessionId, session.id));
    expect(channel!.streamStatus).toBe('errored');

    // The encoder reconnects to the other live node; captions resume on both API nodes.
    const [fromA, fromB] = [onA!.finals.length, onB!.finals.length];
    const second = await encoderOn(live2, streamKey, 90_000);
    await second.stream(pcm, { bytes: 3200, intervalMs: 70 });
    await second.stream(silence, { bytes: 3200, intervalMs: 20 });
    await until(() => saidCountry(onA!, fromA) && saidCountry(onB!, fromB), 'the captions after the reconnection', 60_000);
    second.socket.close();
    expect((await stopLive(operator, organizationId, session.id, { force: 'true' })).status).toBe(204);
  });

  it('keeps the words of the sentence in progress when its live node is killed mid-sentence', async () => {
    // The previous test left one live node: two again, one to kill and one to notice.
    await cluster.restart(live1);
    const {
      operator,
      session,
      viewers: [onA],
    } = await watchedSession();
    const encoder = await encoderOn(live1, session.channels[0]!.streamKey);
    // The first five seconds, then nothing more (the encoder stays connected): the sentence is in progress.
    await encoder.stream(pcm.subarray(0, 5 * LIVE_AUDIO.sampleRate * LIVE_AUDIO.bytesPerSample), { bytes: 3200, intervalMs: 70 });
    const db = cluster.control.ctx.db;
    const partialRows = () =>
      db
        .select()
        .from(sessionCaptions)
        .where(and(eq(sessionCaptions.sessionId, session.id), eq(sessionCaptions.partial, true)));
    await until(async () => (await partialRows()).some((row) => row.text.trim() !== ''), 'the sentence in progress to be stored', 60_000);
    await cluster.kill9(live1);
    // Still in progress when its node died (no final replaced it): what follows is the recovery's.
    const [inProgress] = await partialRows();
    expect(inProgress?.text).toMatch(/\w/);
    await encoder.closed;

    // The other live node finds the stream lost and keeps the sentence as a final, sent to the viewers.
    await until(() => onA!.finals.some((final) => final.segmentId === inProgress!.segmentId), 'the kept sentence on the viewer', 90_000);
    const kept = onA!.finals.find((final) => final.segmentId === inProgress!.segmentId)!;
    expect(kept.text).toBe(inProgress!.text);
    expect(await partialRows()).toEqual([]);
    const [stored] = await db
      .select()
      .from(sessionCaptions)
      .where(and(eq(sessionCaptions.sessionId, session.id), eq(sessionCaptions.segmentId, inProgress!.segmentId)));
    expect(stored!.text).toBe(inProgress!.text);
    expect((await stopLive(operator, organizationId, session.id, { force: 'true' })).status).toBe(204);
  });
});
