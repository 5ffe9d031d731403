/**
 * The collaboration socket: who may join and edit a transcript document, what edits are refused,
 * how edits reach everyone and the stored transcript, presence, rights changes, and the history.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLAB_LIMITS, RIGHT, TURN_SIZE, type Transcript } from '@palabre/shared';
import { readTranscript, speakersOf, textOf, turnsOf } from '@palabre/shared/collab';
import { DocumentRegistry } from '../../src/collab/registry.ts';
import { mediaKeys } from '../../src/pipeline/files.ts';
import { finalize } from '../../src/pipeline/finalize.ts';
import { conversationRights, conversations, memberships, transcriptSnapshots } from '../../src/db/schema.ts';
import { connectCollab, CollabRefusal, type CollabClient } from '../harness/collab-client.ts';
import { createCast } from '../harness/cast.ts';
import { insertMedia, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';
import { smallTranscript } from '../harness/collab-fixtures.ts';

let server: TestServer;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let outsider: TestUser;
let organizationId: string;
const clients: CollabClient[] = [];

const WRITE = RIGHT.READ | RIGHT.COMMENT | RIGHT.WRITE;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, writer, reader, outsider, orgId: organizationId } = await createCast(server));
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await server?.close();
});

/** A processed media of the organization: members read it, `writer` may edit it. */
async function newMedia(transcript: Transcript = smallTranscript()): Promise<string> {
  const id = await insertMedia(server, { organizationId, ownerId: owner.id, transcript, duration: 60, membersRight: RIGHT.READ });
  await server.ctx.db.insert(conversationRights).values({ conversationId: id, userId: writer.id, right: WRITE, grantedBy: owner.id });
  return id;
}

async function connect(user: TestUser): Promise<CollabClient> {
  const client = await connectCollab(server.url, user.client.authToken!);
  clients.push(client);
  return client;
}

const firstText = (doc: Y.Doc) => textOf(turnsOf(doc).get(0)).toString();
const storedTranscript = async (id: string) => (await server.ctx.db.select({ t: conversations.transcript }).from(conversations).where(eq(conversations.id, id)))[0]!.t!;

describe('joining a document', () => {
  it('gives owner and writer write access, a reader read access, an outsider nothing', async () => {
    const id = await newMedia();
    const asOwner = await (await connect(owner)).join(id);
    expect(asOwner.access).toBe('write');
    expect(readTranscript(asOwner.doc)).toEqual(smallTranscript());
    expect((await (await connect(writer)).join(id)).access).toBe('write');
    const asReader = await (await connect(reader)).join(id);
    expect(asReader.access).toBe('read');
    expect(firstText(asReader.doc)).toBe('bonjour tout le monde');

    const stranger = await connect(outsider);
    expect(await stranger.tryJoin(id)).toEqual({ ok: false, error: 'not_found' });
    expect(await stranger.tryJoin(crypto.randomUUID())).toEqual({ ok: false, error: 'not_found' });
    expect(await stranger.tryJoin('not-an-id')).toEqual({ ok: false, error: 'validation_failed' });
  });

  it("answers the join in Yjs' second update format when asked, the same document as the first", async () => {
    const id = await newMedia();
    const client = await connect(owner);
    const v2 = await client.join(id, { encoding: 'v2' });
    expect(readTranscript(v2.doc)).toEqual(smallTranscript());
    const raw = await (await connect(owner)).tryJoin(id);
    expect(raw).toMatchObject({ ok: true, encoding: 'v1' });
    // A format nobody knows is refused, not guessed.
    const socket = (await connect(owner)).socket;
    const refused = await socket.timeout(10_000).emitWithAck('doc:join', { conversationId: id, stateVector: Y.encodeStateVector(new Y.Doc()), encoding: 'v3' as 'v2' });
    expect(refused).toEqual({ ok: false, error: 'validation_failed' });
  });

  it('shares one encoding of the whole state between new clients until the document changes', async () => {
    const id = await newMedia();
    const first = await (await connect(owner)).tryJoin(id);
    const second = await (await connect(reader)).tryJoin(id);
    if (!first.ok || !second.ok) throw new Error('joined');
    expect(second.update).toEqual(first.update);
    const editor = await (await connect(owner)).join(id);
    expect(await editor.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'changed '))).toEqual({ ok: true });
    const after = await (await connect(reader)).tryJoin(id);
    if (!after.ok) throw new Error('joined');
    const doc = new Y.Doc();
    Y.applyUpdate(doc, new Uint8Array(after.update));
    expect(firstText(doc)).toBe('changed bonjour tout le monde');
  });

  it('answers conflict for a media still being processed', async () => {
    const id = await insertMedia(server, { organizationId, ownerId: owner.id, status: 'transcription', transcript: null });
    await expect((await connect(owner)).join(id)).rejects.toEqual(new CollabRefusal('conflict'));
  });

  it('refuses a handshake without a valid token, as the session socket does', async () => {
    await expect(connectCollab(server.url, 'not-a-token')).rejects.toMatchObject({ data: { code: 'unauthorized' } });
    await expect(connectCollab(server.url, undefined)).rejects.toMatchObject({ data: { code: 'unauthorized' } });
  });
});

describe('editing', () => {
  it('relays a writer’s edit to everyone once stored, and the stored transcript follows', async () => {
    const id = await newMedia();
    const a = await (await connect(owner)).join(id);
    const b = await (await connect(writer)).join(id);
    const watcher = await (await connect(reader)).join(id);

    const [first, second] = await Promise.all([
      a.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'oui ')),
      b.edit((doc) => textOf(turnsOf(doc).get(2)).insert(textOf(turnsOf(doc).get(2)).length, ' beaucoup')),
    ]);
    expect(first).toEqual({ ok: true });
    expect(second).toEqual({ ok: true });
    const converged = (doc: Y.Doc) => firstText(doc) === 'oui bonjour tout le monde' && textOf(turnsOf(doc).get(2)).toString() === 'très bien merci beaucoup';
    await Promise.all([a.waitFor(converged), b.waitFor(converged), watcher.waitFor(converged)]);
    expect(readTranscript(a.doc)).toEqual(readTranscript(b.doc));
    expect(await server.ctx.documents.read(id)).toEqual(readTranscript(watcher.doc));

    await server.ctx.documents.flush();
    const stored = await storedTranscript(id);
    expect(stored.text[0]!.segment).toBe('oui bonjour tout le monde');
    expect(stored.text[2]!.segment).toBe('très bien merci beaucoup');
  });

  it('refuses a reader’s update before it touches the document', async () => {
    const id = await newMedia();
    const asOwner = await (await connect(owner)).join(id);
    const asReader = await (await connect(reader)).join(id);
    expect(await asReader.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'pirate '))).toEqual({ ok: false, error: 'forbidden' });
    // A later edit is relayed alone: the reader's never was.
    expect(await asOwner.edit((doc) => textOf(turnsOf(doc).get(1)).insert(0, 'eh '))).toEqual({ ok: true });
    const other = await (await connect(writer)).join(id);
    expect(firstText(other.doc)).toBe('bonjour tout le monde');
    expect((await server.ctx.documents.read(id))!.text[0]!.segment).toBe('bonjour tout le monde');
  });

  it('refuses an update larger than the limit', async () => {
    const id = await newMedia();
    const joined = await (await connect(owner)).join(id);
    expect(await joined.send(new Uint8Array(COLLAB_LIMITS.maxUpdateBytes + 1))).toEqual({ ok: false, error: 'payload_too_large' });
    expect(await joined.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'ok '))).toEqual({ ok: true });
  });

  it('limits the rate of updates per socket', async () => {
    const id = await newMedia();
    const joined = await (await connect(owner)).join(id);
    const source = new Y.Doc();
    Y.applyUpdate(source, Y.encodeStateAsUpdate(joined.doc));
    let update: Uint8Array | null = null;
    source.once('update', (u: Uint8Array) => (update = u));
    textOf(turnsOf(source).get(0)).insert(0, 'vite ');
    // The same bytes again and again: each one counts, only the first changes anything.
    const acks = await Promise.all(Array.from({ length: COLLAB_LIMITS.updateBurst + 100 }, () => joined.send(update!)));
    expect(acks.filter((ack) => ack.ok).length).toBeGreaterThanOrEqual(COLLAB_LIMITS.updateBurst);
    expect(acks.filter((ack) => !ack.ok)).toContainEqual({ ok: false, error: 'rate_limited' });
    expect(new Set(acks.filter((ack) => !ack.ok).map((ack) => !ack.ok && ack.error))).toEqual(new Set(['rate_limited']));
    expect((await server.ctx.documents.read(id))!.text[0]!.segment).toBe('vite bonjour tout le monde');
  });

  it('refuses updates that break the transcript and relays none of them', async () => {
    const id = await newMedia();
    const watcher = await (await connect(reader)).join(id);
    const breakers: Array<[string, (doc: Y.Doc) => void]> = [
      [
        'a turn without text',
        (doc) => {
          const map = new Y.Map<unknown>();
          map.set('id', 'broken');
          map.set('speaker', 'spk1');
          map.set('stime', 20);
          map.set('etime', 21);
          map.set('words', []);
          turnsOf(doc).push([map]);
        },
      ],
      ['a speaker that does not exist', (doc) => turnsOf(doc).get(1).set('speaker', 'nobody')],
      ['a turn longer than the turn size', (doc) => textOf(turnsOf(doc).get(0)).insert(0, 'x'.repeat(TURN_SIZE + 1))],
      ['a speaker removed while turns use it', (doc) => speakersOf(doc).delete('spk2')],
      ['garbage bytes', () => undefined],
    ];
    for (const [what, change] of breakers) {
      // A refused client must reload: each attempt comes from a fresh one.
      const attacker = await (await connect(writer)).join(id);
      const ack = what === 'garbage bytes' ? await attacker.send(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])) : await attacker.edit(change);
      expect(ack, what).toEqual({ ok: false, error: 'invalid_document' });
    }
    const before = watcher.received.length;
    const fine = await (await connect(owner)).join(id);
    expect(await fine.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'bon '))).toEqual({ ok: true });
    await watcher.waitFor((doc) => firstText(doc) === 'bon bonjour tout le monde');
    expect(watcher.received.length).toBe(before + 1);
    expect(readTranscript(watcher.doc).text).toHaveLength(3);
    expect(await server.ctx.documents.read(id)).toEqual(readTranscript(watcher.doc));
  });

  it('writes the stored transcript, which search follows, when the last editor leaves', async () => {
    const id = await newMedia();
    const client = await connect(owner);
    const joined = await client.join(id);
    expect(await joined.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'zanzibar '))).toEqual({ ok: true });
    await client.close();
    await expect.poll(async () => (await storedTranscript(id)).text[0]!.segment, { timeout: 10_000 }).toBe('zanzibar bonjour tout le monde');
    const found = await owner.client.post('/cm-api/api/conversations/search', { organizationId, text: 'zanzibar', searchType: 'text' });
    expect(found.status).toBe(200);
    expect((found.body.list as Array<{ _id: string }>).map((c) => c._id)).toEqual([id]);
  });
});

describe('presence', () => {
  it('tells everyone who is where, with identities from the server, and who left', async () => {
    const id = await newMedia();
    const a = await (await connect(owner)).join(id);
    const bClient = await connect(writer);
    const b = await bClient.join(id);
    a.presence('t2', true);
    const peers = await b.waitForPeers((list) => list.some((p) => p.userId === owner.id && p.turnId === 't2' && p.typing));
    const mine = peers.find((p) => p.userId === owner.id)!;
    expect(mine).toMatchObject({ name: `${owner.firstname} ${owner.lastname}`, color: expect.stringMatching(/^hsl\(/) });
    expect(Object.keys(mine).sort()).toEqual(['clientId', 'color', 'name', 'turnId', 'typing', 'userId']);
    await bClient.close();
    await a.waitForPeers((list) => list.length === 1 && list[0]!.userId === owner.id);
  });
});

describe('rights and sessions', () => {
  it('drops a writer whose right is lowered to read-only, then refuses their update', async () => {
    const id = await newMedia();
    const joined = await (await connect(writer)).join(id);
    expect(joined.access).toBe('write');
    const lowered = await owner.client.put(`/cm-api/api/conversations/${id}/users/${writer.id}`, { right: RIGHT.READ });
    expect(lowered.status).toBe(200);
    await joined.waitForAccess('read');
    expect(await joined.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'encore '))).toEqual({ ok: false, error: 'forbidden' });
    expect((await server.ctx.documents.read(id))!.text[0]!.segment).toBe('bonjour tout le monde');

    // Without any right left the document is left for them.
    expect((await owner.client.put(`/cm-api/api/conversations/${id}/users/${writer.id}`, { right: 0 })).status).toBe(200);
    await joined.waitForAccess('none');
    expect(await joined.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'encore '))).toEqual({ ok: false, error: 'not_found' });
  });

  it('re-checks open documents when an organization role changes', async () => {
    const member = await server.quickUser();
    await server.ctx.db.insert(memberships).values({ organizationId, userId: member.id, role: 1 });
    const id = await newMedia();
    await server.ctx.db.update(conversations).set({ membersRight: WRITE }).where(eq(conversations.id, id));
    const joined = await (await connect(member)).join(id);
    expect(joined.access).toBe('write');
    // Removed from the organization: the media is no longer theirs to see.
    expect((await owner.client.delete(`/cm-api/api/organizations/${organizationId}/users`, { userId: member.id })).status).toBe(200);
    await joined.waitForAccess('none');
  });

  it('disconnects a socket whose session is revoked', async () => {
    const user = await server.quickUser();
    await server.ctx.db.insert(memberships).values({ organizationId, userId: user.id, role: 1 });
    const id = await newMedia();
    const client = await connect(user);
    await client.join(id);
    expect((await user.client.post('/cm-api/auth/logout')).status).toBe(204);
    expect(await client.disconnected()).toBe('io server disconnect');
    await expect(connectCollab(server.url, user.client.authToken!)).rejects.toMatchObject({ data: { code: 'token_revoked' } });
  });

  it('tells editors a deleted media is gone', async () => {
    const id = await newMedia();
    const joined = await (await connect(writer)).join(id);
    expect((await owner.client.delete(`/cm-api/api/conversations/${id}`)).status).toBe(204);
    await joined.waitForAccess('none');
  });
});

describe('history', () => {
  it('keeps the state before the first edit, before a rewrite and before a restore; a restore is itself restorable', async () => {
    const id = await newMedia();
    const a = await (await connect(owner)).join(id);
    expect(await a.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'alors '))).toEqual({ ok: true });
    let history = await server.ctx.documents.history(id);
    expect(history.map((s) => s.reason)).toEqual(['auto']);
    expect(history[0]).toMatchObject({ turns: 3, words: 11, author: null, editors: [] });
    const original = (await server.ctx.documents.snapshot(id, history[0]!._id))!;
    expect(original.transcript).toEqual(smallTranscript());

    // A re-transcription: open editors follow, the edited text is kept in a snapshot.
    const redone = smallTranscript();
    redone.text = redone.text.slice(0, 2);
    redone.text[1]!.words[0]!.word = 'hello';
    redone.text[1]!.segment = redone.text[1]!.words.map((w) => w.word).join(' ');
    await server.ctx.documents.rewrite(id, redone, null);
    await a.waitFor((doc) => turnsOf(doc).length === 2);
    expect(readTranscript(a.doc)).toEqual(redone);
    history = await server.ctx.documents.history(id);
    expect(history.map((s) => s.reason)).toEqual(['before_rewrite', 'auto']);
    expect(history[0]).toMatchObject({ author: { _id: owner.id }, editors: [{ _id: owner.id, name: `${owner.firstname} ${owner.lastname}` }] });
    expect((await storedTranscript(id)).text).toHaveLength(2);

    const undo = await server.ctx.documents.restore(id, history[1]!._id, { userId: owner.id });
    expect(undo).toMatchObject({ reason: 'before_restore', turns: 2 });
    await a.waitFor((doc) => turnsOf(doc).length === 3);
    expect(readTranscript(a.doc)).toEqual(smallTranscript());

    await server.ctx.documents.restore(id, undo!._id, { userId: owner.id });
    await a.waitFor((doc) => turnsOf(doc).length === 2);
    expect(readTranscript(a.doc)).toEqual(redone);
    expect(await server.ctx.documents.restore(id, crypto.randomUUID(), null)).toBeNull();
    const rows = await server.ctx.db.select({ id: transcriptSnapshots.id }).from(transcriptSnapshots).where(eq(transcriptSnapshots.conversationId, id));
    expect(rows).toHaveLength(4);
  });

  it('keeps another automatic snapshot at the first edit once the interval has passed, and none before', async () => {
    const id = await newMedia();
    const registry = new DocumentRegistry({ db: server.ctx.db, log: server.ctx.log }, { snapshotIntervalMs: 1_000 });
    const edit = (word: string) => registry.change(id, { userId: writer.id }, (doc) => textOf(turnsOf(doc).get(0)).insert(0, `${word} `));
    try {
      await edit('un');
      await edit('deux');
      expect((await registry.history(id)).map((s) => s.reason)).toEqual(['auto']);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await edit('trois');
      await edit('quatre');
      const history = await registry.history(id);
      expect(history.map((s) => s.reason)).toEqual(['auto', 'auto']);
      // The newer one holds the state the first edit after the interval changed, and who edited since the older one.
      expect(history[0]).toMatchObject({ author: { _id: writer.id }, editors: [{ _id: writer.id }] });
      expect((await registry.snapshot(id, history[0]!._id))!.transcript.text[0]!.segment).toBe('deux un bonjour tout le monde');
    } finally {
      await registry.close();
    }
  });
});

describe('re-transcription', () => {
  it('replaces the transcript of an open document through it, keeping the edited one in the history', async () => {
    const id = await newMedia();
    const joined = await (await connect(writer)).join(id);
    expect(await joined.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'corrigé '))).toEqual({ ok: true });
    // The pipeline has run again up to its last step, with a new result waiting.
    const punctuated = {
      language: 'fr',
      speakers: [{ speaker_id: 'spkA', speaker_name: 'Speaker A' }],
      turns: [
        {
          speaker_id: 'spkA',
          stime: 1,
          etime: 3,
          raw_segment: 'nouveau texte',
          words: [
            { word: 'nouveau', stime: 1, etime: 1.5, confidence: 0.9 },
            { word: 'texte', stime: 2, etime: 2.5, confidence: 0.9 },
          ],
        },
      ],
    };
    await server.ctx.storage.put(mediaKeys.work(id, 'punctuated'), Readable.from([Buffer.from(JSON.stringify(punctuated))]));
    await server.ctx.db.update(conversations).set({ status: 'postprocessing' }).where(eq(conversations.id, id));
    await finalize(server.ctx, { conversationId: id }, { id: 'again', retryCount: 0, retryLimit: 0, signal: new AbortController().signal });

    await joined.waitFor((doc) => turnsOf(doc).length === 1 && firstText(doc) === 'nouveau texte');
    const [row] = await server.ctx.db.select({ status: conversations.status, transcript: conversations.transcript }).from(conversations).where(eq(conversations.id, id));
    expect(row!.status).toBe('done');
    expect(row!.transcript!.text.map((t) => t.segment)).toEqual(['nouveau texte']);
    const [before] = await server.ctx.documents.history(id);
    expect(before).toMatchObject({ reason: 'before_rewrite', editors: [{ _id: writer.id }] });
    expect((await server.ctx.documents.snapshot(id, before!._id))!.transcript.text[0]!.segment).toBe('corrigé bonjour tout le monde');
  });
});

describe('several processes', () => {
  it('relays to open editors what another process changes in the same document, and the other way round', async () => {
    const id = await newMedia();
    const joined = await (await connect(writer)).join(id);
    // A second process (a worker re-transcribing, another node) sharing the database.
    const elsewhere = new DocumentRegistry({ db: server.ctx.db, log: server.ctx.log });
    try {
      await elsewhere.change(id, null, (doc) => textOf(turnsOf(doc).get(1)).insert(0, 'ailleurs '));
      await joined.waitFor((doc) => textOf(turnsOf(doc).get(1)).toString().startsWith('ailleurs '));
      expect(await joined.edit((doc) => textOf(turnsOf(doc).get(2)).insert(0, 'ici '))).toEqual({ ok: true });
      await expect.poll(async () => (await elsewhere.read(id))!.text[2]!.segment).toBe('ici très bien merci');
    } finally {
      await elsewhere.close();
    }
    // Its write-back (a fold of the log) is merged here, not lost.
    expect(await joined.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'puis '))).toEqual({ ok: true });
    const again = await (await connect(owner)).join(id);
    expect(readTranscript(again.doc).text.map((t) => t.segment.split(' ')[0])).toEqual(['puis', 'ailleurs', 'ici']);
  });
});
