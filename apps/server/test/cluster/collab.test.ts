/**
 * Collaboration across nodes: two editors of one document on two API nodes converge, and a
 * documents node killed mid-edit loses nothing it acknowledged while its editor reconnects by itself
 * and its unacknowledged edits merge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { RIGHT } from '@palabre/shared';
import { textOf, turnsOf } from '@palabre/shared/collab';
import { connectCollab, type CollabClient } from '../harness/collab-client.ts';
import { smallTranscript } from '../harness/collab-fixtures.ts';
import { insertMedia } from '../harness/server.ts';
import { resilientEditor, until, type ResilientEditor } from './clients.ts';
import { showLogsOnFailure, startCluster, type Cluster, type ClusterNode, type ClusterUser } from './harness.ts';

let cluster: Cluster;
showLogsOnFailure(() => cluster);
let a: ClusterNode;
let b: ClusterNode;
let documents: ClusterNode;
let owner: ClusterUser;
let organizationId: string;
const clients: CollabClient[] = [];
const editors: ResilientEditor[] = [];

beforeAll(async () => {
  cluster = await startCluster('collab');
  [a, b, documents] = await Promise.all([cluster.start('a', 'api'), cluster.start('b', 'api'), cluster.start('documents', 'collab')]);
  owner = await cluster.user();
  organizationId = await cluster.organization(owner);
});
afterAll(async () => {
  for (const editor of editors) await editor.close();
  for (const client of clients) await client.close();
  await cluster?.close();
});

async function newMedia(): Promise<string> {
  return insertMedia(cluster.control, { organizationId, ownerId: owner.id, transcript: smallTranscript(), duration: 60, membersRight: RIGHT.READ });
}

async function connect(node: ClusterNode): Promise<CollabClient> {
  const client = await connectCollab(node.url, owner.token);
  clients.push(client);
  return client;
}

const turnText = (doc: Y.Doc, index: number) => textOf(turnsOf(doc).get(index)).toString();
const allText = (doc: Y.Doc) =>
  turnsOf(doc)
    .toArray()
    .map((turn) => textOf(turn).toString())
    .join('\n');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const occurrences = (text: string, marker: string) => text.split(marker).length - 1;

describe('two editors on two nodes', () => {
  it('type in turns and converge', async () => {
    const id = await newMedia();
    const onA = await (await connect(a)).join(id);
    const onB = await (await connect(b)).join(id);
    expect(await onA.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'Alors '))).toEqual({ ok: true });
    await onB.waitFor((doc) => turnText(doc, 0).startsWith('Alors '));
    expect(await onB.edit((doc) => textOf(turnsOf(doc).get(1)).insert(0, 'Eh bien '))).toEqual({ ok: true });
    await onA.waitFor((doc) => turnText(doc, 1).startsWith('Eh bien '));
    // Both at once, in the same turn: each node merges the other's edit.
    const [fromA, fromB] = await Promise.all([
      onA.edit((doc) => textOf(turnsOf(doc).get(2)).insert(0, '[A] ')),
      onB.edit((doc) => {
        const text = textOf(turnsOf(doc).get(2));
        text.insert(text.length, ' [B]');
      }),
    ]);
    expect([fromA, fromB]).toEqual([{ ok: true }, { ok: true }]);
    const converged = (doc: Y.Doc) => turnText(doc, 2).startsWith('[A] ') && turnText(doc, 2).endsWith(' [B]');
    await Promise.all([onA.waitFor(converged), onB.waitFor(converged)]);
    expect(allText(onA.doc)).toBe(allText(onB.doc));
  });

  it('see each other’s presence', async () => {
    const id = await newMedia();
    const onA = await (await connect(a)).join(id);
    const onB = await (await connect(b)).join(id);
    onB.presence('t2', true);
    const peers = await onA.waitForPeers((list) => list.some((peer) => peer.clientId === onB.you.clientId && peer.turnId === 't2'));
    expect(peers.find((peer) => peer.clientId === onB.you.clientId)?.typing).toBe(true);
  });
});

describe('the documents node killed mid-edit', () => {
  it('keeps every acknowledged edit; its editor reconnects by itself and its other edits merge', async () => {
    const id = await newMedia();
    // The editor works on the documents node, the only one it knows: it waits for its return.
    const editor = resilientEditor(() => [documents.url], owner.token, id);
    editors.push(editor);
    await editor.connected();
    expect(editor.connectedTo).toBe(documents.url);
    const watcher = await (await connect(b)).join(id);

    const acknowledged: string[] = [];
    const others: string[] = [];
    const type = async (marker: string) => {
      const ok = await editor.edit((doc) => {
        const text = textOf(turnsOf(doc).get(0));
        text.insert(text.length, ` ${marker}`);
      });
      (ok ? acknowledged : others).push(marker);
    };
    for (let n = 0; n < 5; n++) await type(`<before${n}>`);
    expect(acknowledged).toHaveLength(5);
    // Typing on, an edit every 20 ms, while the node dies: some are acknowledged, some are not.
    const inFlight: Array<Promise<void>> = [];
    let typing = true;
    const typist = (async () => {
      for (let n = 0; typing; n++) {
        inFlight.push(type(`<burst${n}>`));
        await sleep(20);
      }
    })();
    await until(() => acknowledged.length >= 10, 'edits acknowledged during the burst');
    await cluster.kill9(documents);
    typing = false;
    await typist;
    await Promise.all(inFlight);
    expect(others.length).toBeGreaterThan(0);
    // Typing on while the node is gone: these stay in the editor's document.
    await until(() => editor.connectedTo === null, 'the editor to see the node gone');
    for (let n = 0; n < 3; n++) await type(`<offline${n}>`);

    // Every acknowledged edit is stored: another node serves them before the editor is back.
    await watcher.waitFor((doc) => acknowledged.every((marker) => turnText(doc, 0).includes(marker)), 20_000);

    documents = await cluster.restart(documents);
    await editor.connected();
    // Its other edits merge, once each, everywhere.
    const everything = [...acknowledged, ...others];
    await watcher.waitFor((doc) => everything.every((marker) => turnText(doc, 0).includes(` ${marker}`)), 30_000);
    await until(() => allText(editor.doc) === allText(watcher.doc), 'the editor and the other node to converge');
    for (const marker of everything) expect(occurrences(turnText(watcher.doc, 0), ` ${marker}`)).toBe(1);
    expect(editor.joins).toBeGreaterThanOrEqual(2);
  });
});
