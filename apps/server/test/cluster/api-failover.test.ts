/**
 * An API node killed (kill -9) under its clients: what it acknowledged is kept, and its clients —
 * a session socket watching the library and a collaboration editor — move to the other node by
 * themselves (as behind a load balancer) and see what happens there afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHT } from '@palabre/shared';
import { ADAPTER_HEARTBEAT_MS, ADAPTER_HEARTBEAT_TIMEOUT_MS } from '../../src/realtime/adapter.ts';
import { textOf, turnsOf } from '@palabre/shared/collab';
import { smallTranscript } from '../harness/collab-fixtures.ts';
import { insertMedia } from '../harness/server.ts';
import { failoverWatcher, resilientEditor, until, type FailoverWatcher, type ResilientEditor } from './clients.ts';
import { showLogsOnFailure, startCluster, type Cluster, type ClusterNode, type ClusterUser } from './harness.ts';

const API = '/cm-api/api';

let cluster: Cluster;
showLogsOnFailure(() => cluster);
let a: ClusterNode;
let b: ClusterNode;
let owner: ClusterUser;
let organizationId: string;
let watcher: FailoverWatcher | undefined;
let editor: ResilientEditor | undefined;
/** The media the first test leaves, its clients moved to B. */
let mediaId: string | undefined;
let killedAt = 0;

beforeAll(async () => {
  cluster = await startCluster('api');
  [a, b] = await Promise.all([cluster.start('a', 'api'), cluster.start('b', 'api')]);
  owner = await cluster.user();
  organizationId = await cluster.organization(owner);
});
afterAll(async () => {
  watcher?.close();
  await editor?.close();
  await cluster?.close();
});

describe('an API node killed', () => {
  it('loses nothing it acknowledged, and its clients continue on the other node', async () => {
    const id = await insertMedia(cluster.control, { organizationId, ownerId: owner.id, transcript: smallTranscript(), duration: 60, membersRight: RIGHT.READ });
    // Everyone starts on A; the load balancer's other choice is B.
    const nodes = () => [a.url, b.url];
    watcher = failoverWatcher(nodes, owner.token, organizationId);
    editor = resilientEditor(nodes, owner.token, id);
    await Promise.all([watcher.connected(), editor.connected()]);
    expect([watcher.connectedTo, editor.connectedTo]).toEqual([a.url, a.url]);

    // Acknowledged by A: a rename (HTTP) and edits (collaboration socket).
    const onA = owner.client(a);
    const renamed = await onA.patch(`${API}/conversations/${id}`, { name: 'Renamed on A' });
    expect(renamed.status).toBe(200);
    await until(() => watcher!.updates.some((update) => update.conversationId === id && update.kind === 'updated'), 'the rename’s notice on A');
    const acknowledged: string[] = [];
    for (let n = 0; n < 5; n++) {
      const marker = `<a${n}>`;
      const ok = await editor.edit((doc) => {
        const text = textOf(turnsOf(doc).get(1));
        text.insert(text.length, ` ${marker}`);
      });
      expect(ok).toBe(true);
      acknowledged.push(marker);
    }

    await cluster.kill9(a);
    killedAt = Date.now();

    // The clients reconnect to B by themselves (until they notice A is gone, they still name it).
    await until(() => watcher!.connectedTo === b.url && editor!.connectedTo === b.url, 'the clients to reconnect to B', 60_000);
    expect(watcher.connections).toBe(2);
    expect(editor.joins).toBe(2);

    // What A acknowledged, B serves.
    const onB = owner.client(b);
    const read = await onB.get(`${API}/conversations/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('Renamed on A');
    const turn = () => textOf(turnsOf(editor!.doc).get(1)).toString();
    for (const marker of acknowledged) expect(turn().split(marker)).toHaveLength(2);

    // Later edits reach the moved editor, and its own are acknowledged by B.
    const other = resilientEditor(() => [b.url], owner.token, id);
    try {
      await other.connected();
      expect(await other.edit((doc) => textOf(turnsOf(doc).get(2)).insert(0, 'Later '))).toBe(true);
      await until(() => textOf(turnsOf(editor!.doc).get(2)).toString().startsWith('Later '), 'the later edit to reach the moved editor');
    } finally {
      await other.close();
    }
    expect(await editor.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'Still here '))).toBe(true);
    mediaId = id;
  });

  // Until the other nodes forget the dead one (ADAPTER_HEARTBEAT_TIMEOUT_MS), a notice's fetchSockets
  // waits for its answer and times out: it is asked again until then, so the notice comes late, not never.
  it('delivers the library notices raised just after its death to the moved clients', async () => {
    const before = watcher!.updates.length;
    expect((await owner.client(b).patch(`${API}/conversations/${mediaId}`, { name: 'Renamed at once on B' })).status).toBe(200);
    await until(() => watcher!.updates.slice(before).some((update) => update.conversationId === mediaId && update.kind === 'updated'), 'the rename’s notice on B', 20_000);
  });

  it('delivers the later library notices to the moved clients', async () => {
    expect(mediaId).toBeDefined();
    // Once the other nodes have forgotten the dead one.
    await until(() => Date.now() > killedAt + ADAPTER_HEARTBEAT_TIMEOUT_MS + ADAPTER_HEARTBEAT_MS, 'the dead node to be forgotten');
    const before = watcher!.updates.length;
    expect((await owner.client(b).patch(`${API}/conversations/${mediaId}`, { name: 'Renamed on B' })).status).toBe(200);
    await until(() => watcher!.updates.slice(before).some((update) => update.conversationId === mediaId && update.kind === 'updated'), 'the rename’s notice on B', 20_000);
    expect(watcher!.connectedTo).toBe(b.url);
  });
});
