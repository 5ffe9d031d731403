/**
 * A media uploaded on API node A is processed by the worker node, and a client of API node B sees
 * its progress and the library change without asking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTranscript } from '@palabre/shared';
import { liveProfile, processedMedia } from '../harness/live.ts';
import { failoverWatcher, until, type FailoverWatcher } from './clients.ts';
import { showLogsOnFailure, startCluster, type Cluster, type ClusterNode, type ClusterUser } from './harness.ts';
import { JFK, upload } from './media.ts';

const API = '/cm-api/api';

let cluster: Cluster;
showLogsOnFailure(() => cluster);
let a: ClusterNode;
let b: ClusterNode;
let owner: ClusterUser;
let organizationId: string;
let profileId: string;
let watcher: FailoverWatcher | undefined;

beforeAll(async () => {
  cluster = await startCluster('upload');
  [a, b] = await Promise.all([cluster.start('a', 'api'), cluster.start('b', 'api'), cluster.start('worker', 'worker')]);
  owner = await cluster.user();
  organizationId = await cluster.organization(owner);
  profileId = await liveProfile(cluster.control, organizationId);
});
afterAll(async () => {
  watcher?.close();
  await cluster?.close();
});

describe('an upload on one node', () => {
  it('is processed by the worker, its progress and the library update seen on the other node', async () => {
    watcher = failoverWatcher(() => [b.url], owner.token, organizationId);
    await watcher.connected();
    const id = await upload(owner.client(a), organizationId, JFK, profileId, 'Inaugural address');

    const mine = () => watcher!.updates.filter((update) => update.conversationId === id);
    // The creation (raised on A), then the worker's progress and its end reach B's socket.
    await until(() => mine().some((update) => update.kind === 'created'), 'the creation notice on B');
    await until(() => mine().some((update) => update.status === 'done'), 'the processed notice on B', 120_000);
    const progress = mine().filter((update) => update.kind === 'progress');
    expect(progress.some((update) => update.status === 'transcription')).toBe(true);
    const fractions = progress.map((update) => update.progress ?? 0);
    expect(fractions).toEqual([...fractions].sort((x, y) => x - y));
    expect(mine().filter((update) => update.status === 'done')).toHaveLength(1);

    const row = await processedMedia(cluster.control, id);
    expect(row.status).toBe('done');
    expect(checkTranscript(row.transcript!, { duration: row.duration! })).toEqual({ ok: true });
    expect(row.transcript!.text.flatMap((turn) => turn.words.map((word) => word.word.toLowerCase()))).toContain('country');

    // B's library lists it processed.
    const library = await owner.client(b).get(`${API}/organizations/${organizationId}/conversations`);
    expect(library.status).toBe(200);
    const listed = (library.body.list as Array<{ _id: string; name: string; status: string }>).find((media) => media._id === id);
    expect(listed).toMatchObject({ name: 'Inaugural address', status: 'done' });
  });
});
