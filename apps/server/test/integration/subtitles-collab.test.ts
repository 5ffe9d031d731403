/**
 * Subtitle versions' screen documents on the collaboration socket (messages carrying `subtitleId`):
 * who may join and edit, convergence, refusals that never reach others, REST edits reaching open
 * editors, presence on screens, rights changes and deleted versions.
 */
import type * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLAB_LIMITS, RIGHT, type SubtitleVersion } from '@palabre/shared';
import { readScreens } from '@palabre/shared/subtitles';
import { connectCollab, type CollabClient } from '../harness/collab-client.ts';
import { type Cast, createCast, seedSharedMedia } from '../harness/cast.ts';
import { startTestServer, type TestServer, type TestUser } from '../harness/server.ts';
import { subtitleTranscript, versionPath, versionsPath } from '../harness/subtitles.ts';

let server: TestServer;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let outsider: TestUser;
let cast: Cast;
const clients: CollabClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
  cast = await createCast(server);
  ({ owner, writer, reader, outsider } = cast);
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await server?.close();
});

async function seed(): Promise<{ id: string; version: SubtitleVersion }> {
  const id = await seedSharedMedia(server, cast, { transcript: subtitleTranscript() });
  const res = await owner.client.post(versionsPath(id), { name: 'Live' });
  expect(res.status).toBe(201);
  return { id, version: res.body as SubtitleVersion };
}

async function connect(user: TestUser): Promise<CollabClient> {
  const client = await connectCollab(server.url, user.client.authToken!);
  clients.push(client);
  return client;
}

type ScreenMap = Y.Map<unknown>;
const screenAt = (doc: Y.Doc, i: number) => doc.getArray<ScreenMap>('screens').get(i);
const textAt = (doc: Y.Doc, i: number) => screenAt(doc, i).get('text') as Y.Text;

describe('joining a subtitle document', () => {
  it('gives writers write access, readers read access, and nothing to outsiders or for another media’s version', async () => {
    const { id, version } = await seed();
    const other = await seed();
    const asWriter = await (await connect(writer)).join(id, { subtitleId: version._id });
    expect(asWriter.access).toBe('write');
    expect(readScreens(asWriter.doc)).toEqual(version.screenList);
    expect((await (await connect(reader)).join(id, { subtitleId: version._id })).access).toBe('read');
    expect(await (await connect(outsider)).tryJoin(id, version._id)).toEqual({ ok: false, error: 'not_found' });
    expect(await (await connect(writer)).tryJoin(id, other.version._id)).toEqual({ ok: false, error: 'not_found' });
    // The transcript of the same media is another document, joined side by side.
    const client = await connect(writer);
    await client.join(id, { subtitleId: version._id });
    expect((await client.join(id)).access).toBe('write');
  });
});

describe('editing', () => {
  it('converges two editors, stores every acknowledged edit, and shows it to REST readers', async () => {
    const { id, version } = await seed();
    const a = await (await connect(owner)).join(id, { subtitleId: version._id });
    const b = await (await connect(writer)).join(id, { subtitleId: version._id });
    const [ackA, ackB] = await Promise.all([a.edit((doc) => textAt(doc, 0).insert(0, 'Well, ')), b.edit((doc) => textAt(doc, 1).insert(0, 'So, '))]);
    expect(ackA).toEqual({ ok: true });
    expect(ackB).toEqual({ ok: true });
    const both = (doc: Y.Doc) => textAt(doc, 0).toString().startsWith('Well, ') && textAt(doc, 1).toString().startsWith('So, ');
    await a.waitFor(both);
    await b.waitFor(both);
    expect(readScreens(a.doc)).toEqual(readScreens(b.doc));
    const rest = (await reader.client.get(versionPath(id, version._id))).body as SubtitleVersion;
    expect(rest.screenList).toEqual(readScreens(a.doc));
  });

  it('refuses a reader’s update and an update that breaks the screens, and relays neither', async () => {
    const { id, version } = await seed();
    const watcher = await (await connect(owner)).join(id, { subtitleId: version._id });
    const asReader = await (await connect(reader)).join(id, { subtitleId: version._id });
    expect(await asReader.edit((doc) => textAt(doc, 0).insert(0, 'pirate '))).toEqual({ ok: false, error: 'forbidden' });
    const attacker = await (await connect(writer)).join(id, { subtitleId: version._id });
    // A screen ending before it starts, then one overlapping the next.
    expect(await attacker.edit((doc) => screenAt(doc, 0).set('end', -1))).toEqual({ ok: false, error: 'invalid_document' });
    const fresh = await (await connect(writer)).join(id, { subtitleId: version._id });
    expect(await fresh.edit((doc) => screenAt(doc, 0).set('end', (screenAt(doc, 1).get('end') as number) + 1))).toEqual({ ok: false, error: 'invalid_document' });
    expect(await (await (await connect(writer)).join(id, { subtitleId: version._id })).edit((doc) => textAt(doc, 2).insert(0, 'fine '))).toEqual({ ok: true });
    await watcher.waitFor((doc) => textAt(doc, 2).toString().startsWith('fine '));
    expect(watcher.received.length).toBe(1);
    expect(readScreens(watcher.doc)[0]).toEqual(version.screenList[0]);
    expect((await owner.client.get(versionPath(id, version._id))).body.screenList[0]).toEqual(version.screenList[0]);
  });

  it('refuses an update larger than the limit', async () => {
    const { id, version } = await seed();
    const joined = await (await connect(writer)).join(id, { subtitleId: version._id });
    expect(await joined.send(new Uint8Array(COLLAB_LIMITS.maxUpdateBytes + 1))).toEqual({ ok: false, error: 'payload_too_large' });
    expect(await joined.edit((doc) => textAt(doc, 0).insert(0, 'ok '))).toEqual({ ok: true });
  });

  it('brings REST screen edits to open editors at once', async () => {
    const { id, version } = await seed();
    const joined = await (await connect(reader)).join(id, { subtitleId: version._id });
    const first = version.screenList[0]!;
    const res = await writer.client.patch(`${versionPath(id, version._id)}/screens/${first.id}`, { text: 'Changed by a script' });
    expect(res.status).toBe(200);
    await joined.waitFor((doc) => textAt(doc, 0).toString() === 'Changed by a script');
    const removed = await writer.client.delete(`${versionPath(id, version._id)}/screens/${version.screenList[1]!.id}`);
    expect(removed.status).toBe(200);
    await joined.waitFor((doc) => doc.getArray('screens').length === version.screens - 1);
  });

  it('shows who is on which screen', async () => {
    const { id, version } = await seed();
    const a = await (await connect(owner)).join(id, { subtitleId: version._id });
    const b = await (await connect(writer)).join(id, { subtitleId: version._id });
    b.presence(version.screenList[2]!.id, true);
    const peers = await a.waitForPeers((list) => list.some((p) => p.userId === writer.id && p.turnId === version.screenList[2]!.id));
    expect(peers.find((p) => p.userId === writer.id)).toMatchObject({ typing: true });
    // Presence in the transcript of the same media is another room.
    const transcript = await (await connect(reader)).join(id);
    expect(transcript.peers.every((p) => p.userId === reader.id)).toBe(true);
  });
});

describe('rights and deletions', () => {
  it('lowers a writer to read-only, then leaves the document for them when no right is left', async () => {
    const { id, version } = await seed();
    const joined = await (await connect(writer)).join(id, { subtitleId: version._id });
    expect((await owner.client.put(`/cm-api/api/conversations/${id}/users/${writer.id}`, { right: RIGHT.READ })).status).toBe(200);
    await joined.waitForAccess('read');
    expect(await joined.edit((doc) => textAt(doc, 0).insert(0, 'again '))).toEqual({ ok: false, error: 'forbidden' });
    expect((await owner.client.put(`/cm-api/api/conversations/${id}/users/${writer.id}`, { right: 0 })).status).toBe(200);
    await joined.waitForAccess('none');
  });

  it('tells editors a deleted version, or a deleted media, is gone', async () => {
    const { id, version } = await seed();
    const joined = await (await connect(writer)).join(id, { subtitleId: version._id });
    const transcript = await (await connect(writer)).join(id);
    expect((await writer.client.delete(versionPath(id, version._id))).status).toBe(200);
    await joined.waitForAccess('none');
    expect(transcript.accessChanges).toEqual([]);
    expect(await joined.edit((doc) => textAt(doc, 0).insert(0, 'late '))).toEqual({ ok: false, error: 'not_found' });

    const second = await seed();
    const editor = await (await connect(writer)).join(second.id, { subtitleId: second.version._id });
    expect((await owner.client.delete(`/cm-api/api/conversations/${second.id}`)).status).toBe(204);
    await editor.waitForAccess('none');
  });
});
