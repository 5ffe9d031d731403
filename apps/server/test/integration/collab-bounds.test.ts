/**
 * The bounds of the collaboration socket (docs/collaboration.md, Errors and limits): a transcript's
 * speakers, a document's encoded size, what one user may send whatever the number of their sockets,
 * and a join whose state vector is not one.
 */
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLAB_LIMITS, RIGHT, type Transcript } from '@palabre/shared';
import { speakersOf, textOf, turnsOf } from '@palabre/shared/collab';
import { conversationRights } from '../../src/db/schema.ts';
import { connectCollab, type CollabClient } from '../harness/collab-client.ts';
import { createCast, type Cast } from '../harness/cast.ts';
import { insertMedia, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';
import { smallTranscript } from '../harness/collab-fixtures.ts';

const MiB = 1024 * 1024;

let server: TestServer;
const clients: CollabClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ captureLog: true });
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await server?.close();
});

/** A processed media of a new cast's organization: its owner and `writer` may edit it. */
async function newMedia(transcript: Transcript = smallTranscript()): Promise<{ cast: Cast; id: string }> {
  const cast = await createCast(server);
  const id = await insertMedia(server, { organizationId: cast.orgId, ownerId: cast.owner.id, transcript, duration: 60, membersRight: RIGHT.READ });
  await server.ctx.db.insert(conversationRights).values({ conversationId: id, userId: cast.writer.id, right: RIGHT.READ | RIGHT.COMMENT | RIGHT.WRITE });
  return { cast, id };
}

async function connect(user: TestUser): Promise<CollabClient> {
  const client = await connectCollab(server.url, user.client.authToken!);
  clients.push(client);
  return client;
}

/** An update adding a speaker named with `length` characters to the document `doc` has. */
function speakerUpdate(doc: Y.Doc, speakerId: string, length: number): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const before = Y.encodeStateVector(copy);
  speakersOf(copy).set(speakerId, 'n'.repeat(length));
  return Y.encodeStateAsUpdate(copy, before);
}

describe('speakers', () => {
  it(`refuses a transcript with more than ${COLLAB_LIMITS.maxSpeakers} speakers, used by a turn or not`, async () => {
    const { cast, id } = await newMedia();
    // Thousands of speakers no turn uses, in one update.
    const flood = await (await connect(cast.owner)).join(id);
    const ack = await flood.edit((doc) => {
      for (let i = 0; i < 5000; i += 1) speakersOf(doc).set(`unused-${i}`, `Nobody ${i}`);
    });
    expect(ack).toEqual({ ok: false, error: 'invalid_document' });

    // Up to the limit is fine; one more is not.
    const editor = await (await connect(cast.owner)).join(id);
    const room = COLLAB_LIMITS.maxSpeakers - speakersOf(editor.doc).size;
    const filled = await editor.edit((doc) => {
      for (let i = 0; i < room; i += 1) speakersOf(doc).set(`extra-${i}`, `Extra ${i}`);
    });
    expect(filled).toEqual({ ok: true });
    const late = await (await connect(cast.writer)).join(id);
    expect(await late.edit((doc) => speakersOf(doc).set('one-more', 'One more'))).toEqual({ ok: false, error: 'invalid_document' });

    const fresh = await (await connect(cast.owner)).join(id);
    expect(speakersOf(fresh.doc).size).toBe(COLLAB_LIMITS.maxSpeakers);
    expect(await fresh.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'encore '))).toEqual({ ok: true });
  });
});

describe('document size', () => {
  it('refuses updates that would take a document past its size limit, and the document stays editable', async () => {
    // The limit is set low here (the default, COLLAB_LIMITS.maxDocumentBytes, takes long to fill).
    const limit = 2 * MiB;
    const small = await startTestServer({ env: { COLLAB_MAX_DOCUMENT_BYTES: String(limit) } });
    try {
      const cast = await createCast(small);
      const id = await insertMedia(small, { organizationId: cast.orgId, ownerId: cast.owner.id, transcript: smallTranscript(), duration: 60 });
      const open = async () => {
        const client = await connectCollab(small.url, cast.owner.client.authToken!);
        clients.push(client);
        return client;
      };
      const editor = await (await open()).join(id);
      // Three speakers named with 900,000 characters each: together past the limit.
      const acks = [];
      for (let i = 0; i < 3; i += 1) acks.push(await editor.send(speakerUpdate(editor.doc, `grow-${i}`, 900_000)));
      const refusals = acks.filter((ack) => !ack.ok);
      expect(refusals.length).toBeGreaterThan(0);
      expect(new Set(refusals.map((ack) => !ack.ok && ack.error))).toEqual(new Set(['payload_too_large']));

      const check = await (await open()).tryJoin(id);
      if (!check.ok) throw new Error(`join refused: ${check.error}`);
      expect(check.update.byteLength).toBeLessThanOrEqual(limit);
      const later = await (await open()).join(id);
      expect(await later.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'oui '))).toEqual({ ok: true });
    } finally {
      await small.close();
    }
  });
});

describe('update budget', () => {
  it("shares one user's budget between their sockets", async () => {
    const { cast, id } = await newMedia();
    const first = await (await connect(cast.owner)).join(id);
    const second = await (await connect(cast.owner)).join(id);
    // The same megabyte again and again: only the first changes the document, each one counts.
    const update = speakerUpdate(first.doc, 'big', 1_000_000);
    const sent = Math.ceil(COLLAB_LIMITS.updateBytesBurst / update.byteLength) + 2;
    const acks = await Promise.all(Array.from({ length: sent }, (_, i) => (i % 2 === 0 ? first : second).send(update)));
    const refusals = acks.filter((ack) => !ack.ok);
    // Alone, each socket's share would fit the budget; together they do not.
    expect(Math.ceil(sent / 2) * update.byteLength).toBeLessThan(COLLAB_LIMITS.updateBytesBurst);
    expect(refusals.length).toBeGreaterThan(0);
    expect(new Set(refusals.map((ack) => !ack.ok && ack.error))).toEqual(new Set(['rate_limited']));
    expect(acks.filter((ack) => ack.ok).length).toBeGreaterThan(0);
  });
});

describe('joining', () => {
  it('answers validation_failed to a state vector Yjs cannot read, and logs no error', async () => {
    const { cast, id } = await newMedia();
    const socket = (await connect(cast.owner)).socket;
    for (const stateVector of [new Uint8Array([0xff, 0xff, 0xff]), new Uint8Array([5]), new Uint8Array([1, 2])]) {
      expect(await socket.timeout(10_000).emitWithAck('doc:join', { conversationId: id, stateVector })).toEqual({ ok: false, error: 'validation_failed' });
    }
    expect(server.logged()).not.toContain('document join failed');
    // The same socket joins with a real one.
    expect(await socket.timeout(10_000).emitWithAck('doc:join', { conversationId: id, stateVector: Y.encodeStateVector(new Y.Doc()) })).toMatchObject({ ok: true });
  });
});
