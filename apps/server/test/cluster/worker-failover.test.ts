/**
 * The worker node killed (kill -9) in the middle of a media's transcription, another worker started:
 * the media ends processed once — one transcript, the steps done before the kill not run again, one
 * "processed" notice for the library.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTranscript, PIPELINE_STEPS, type PipelineStep } from '@palabre/shared';
import { eq } from 'drizzle-orm';
import { conversations } from '../../src/db/schema.ts';
import { liveProfile, processedMedia } from '../harness/live.ts';
import { failoverWatcher, until, type FailoverWatcher } from './clients.ts';
import { showLogsOnFailure, startCluster, type Cluster, type ClusterNode, type ClusterUser } from './harness.ts';
import { repeatedJfk, upload } from './media.ts';

let cluster: Cluster;
showLogsOnFailure(() => cluster);
let a: ClusterNode;
let owner: ClusterUser;
let organizationId: string;
let profileId: string;
let watcher: FailoverWatcher | undefined;
/** The JFK sentence (22 words, "country" twice) this many times: 44 s, long enough to be killed mid-transcription. */
const REPEATS = 4;
const media = repeatedJfk(REPEATS);

beforeAll(async () => {
  cluster = await startCluster('worker');
  [a] = await Promise.all([cluster.start('a', 'api'), cluster.start('worker-1', 'worker')]);
  owner = await cluster.user();
  organizationId = await cluster.organization(owner);
  profileId = await liveProfile(cluster.control, organizationId);
});
afterAll(async () => {
  watcher?.close();
  await cluster?.close();
  media.remove();
});

const row = async (id: string) => (await cluster.control.ctx.db.select().from(conversations).where(eq(conversations.id, id)))[0]!;
const stepIndex = (status: string) => PIPELINE_STEPS.indexOf(status as PipelineStep);

describe('the worker killed mid-job', () => {
  it('another worker finishes the media, once', { timeout: 420_000 }, async () => {
    watcher = failoverWatcher(() => [a.url], owner.token, organizationId);
    await watcher.connected();
    const id = await upload(owner.client(a), organizationId, media.file, profileId, 'Four times');
    const mine = () => watcher!.updates.filter((update) => update.conversationId === id);

    // Well into the transcription: the steps before it are done.
    await until(
      async () => {
        const current = await row(id);
        const running = current.processing.steps.find((step) => step.name === 'transcription');
        return current.status === 'transcription' && (running?.progress ?? 0) > 0.1;
      },
      'the transcription to be under way',
      180_000,
    );
    const killedAt = mine().length;
    await cluster.kill9(cluster.nodes.find((node) => node.name === 'worker-1')!);
    await cluster.start('worker-2', 'worker');

    const done = await processedMedia(cluster.control, id, 300_000);
    expect(done.status).toBe('done');
    expect(checkTranscript(done.transcript!, { duration: done.duration! })).toEqual({ ok: true });
    // One transcript: the sentence four times, not eight.
    const words = done.transcript!.text.flatMap((turn) => turn.words.map((word) => word.word.toLowerCase()));
    const countries = words.filter((word) => word.startsWith('country')).length;
    expect(countries).toBeGreaterThanOrEqual(REPEATS);
    expect(countries).toBeLessThanOrEqual(2 * REPEATS);
    expect(words.length).toBeLessThan(REPEATS * 22 * 1.5);
    expect(done.transcript!.text.at(-1)!.etime).toBeLessThanOrEqual(done.duration!);

    // No step before the one interrupted ran again; one "processed" notice.
    await until(() => mine().some((update) => update.status === 'done'), 'the processed notice');
    const after = mine().slice(killedAt);
    expect(after.filter((update) => update.status && stepIndex(update.status) >= 0 && stepIndex(update.status) < stepIndex('transcription'))).toEqual([]);
    expect(mine().filter((update) => update.status === 'done')).toHaveLength(1);
  });
});
