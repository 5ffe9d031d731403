/**
 * Highlights (experimental flag): the flag, creating and listing them, marks that follow edits made
 * through the turn endpoints and by a collaborative editor, a mark whose text is deleted, rights, tags
 * and anchor validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { RIGHT_LEVELS, conversationUpdateEvent, type ConversationUpdate, type Turn } from '@palabre/shared';
import { textOf, turnsOf } from '@palabre/shared/collab';
import { conversationRights, memberships, tagCategories, tags } from '../../src/db/schema.ts';
import { type Cast, createCast, seedSharedMedia } from '../harness/cast.ts';
import { connectCollab, type CollabClient } from '../harness/collab-client.ts';
import { createOrganization, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';
import { makeTranscript } from '../harness/transcripts.ts';

const API = '/cm-api/api';
let server: TestServer;
let cast: Cast;
let commenter: TestUser;
let tagId: string;
let foreignTagId: string;
const collabClients: CollabClient[] = [];

/** Two turns; every word half a second long, one second apart: "hello" starts at 1 s, "good" at 5.5 s. */
const sample = () =>
  makeTranscript(
    [
      { speaker: 'spk1', text: 'hello world again today' },
      { speaker: 'spk2', text: 'good morning everyone' },
    ],
    { names: { spk1: 'Alice', spk2: 'Bob' } },
  );

const highlightsOf = (id: string) => `${API}/conversations/${id}/highlights`;

async function seed(): Promise<{ id: string; turns: Turn[] }> {
  const transcript = sample();
  const id = await seedSharedMedia(server, cast, { transcript });
  await server.ctx.db.insert(conversationRights).values({ conversationId: id, userId: commenter.id, right: RIGHT_LEVELS.comment });
  return { id, turns: transcript.text };
}

async function insertTag(organizationId: string, name: string): Promise<string> {
  const [category] = await server.ctx.db
    .insert(tagCategories)
    .values({ organizationId, name: `Category ${name}`, color: '#ff8800' })
    .returning();
  const [tag] = await server.ctx.db.insert(tags).values({ organizationId, categoryId: category!.id, name }).returning();
  return tag!.id;
}

beforeAll(async () => {
  server = await startTestServer({ env: { EXPERIMENTAL_HIGHLIGHT: 'true' } });
  cast = await createCast(server);
  commenter = await server.quickUser();
  await server.ctx.db.insert(memberships).values({ organizationId: cast.orgId, userId: commenter.id, role: 1 });
  tagId = await insertTag(cast.orgId, 'Decision');
  const other = await createOrganization(cast.outsider.client);
  foreignTagId = await insertTag(other._id, 'Elsewhere');
});
afterAll(async () => {
  for (const client of collabClients) await client.close();
  await server?.close();
});

describe('the experimental flag', () => {
  it('answers feature_disabled to every highlight call while the flag is off, and the public config says so', async () => {
    const { id, turns } = await seed();
    server.ctx.config.experimentalHighlight = false;
    try {
      const anchor = { startTurnId: turns[0]!.turn_id, startOffset: 0, endTurnId: turns[0]!.turn_id, endOffset: 5 };
      const calls = [
        cast.owner.client.get(highlightsOf(id)),
        cast.owner.client.post(highlightsOf(id), { anchor }),
        cast.owner.client.patch(`${highlightsOf(id)}/00000000-0000-4000-8000-000000000000`, { comment: 'x' }),
        cast.owner.client.delete(`${highlightsOf(id)}/00000000-0000-4000-8000-000000000000`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('feature_disabled');
      }
      expect((await server.client().get(`${API}/config`)).body.features.experimentalHighlight).toBe(false);
    } finally {
      server.ctx.config.experimentalHighlight = true;
    }
    expect((await server.client().get(`${API}/config`)).body.features.experimentalHighlight).toBe(true);
  });
});

describe('highlights of a transcript', () => {
  it('creates a highlight with its tag, metadata and comment, and lists them in transcript order', async () => {
    const { id, turns } = await seed();
    const [first, second] = turns as [Turn, Turn];
    const later = await cast.owner.client.post(highlightsOf(id), {
      anchor: { startTurnId: second.turn_id, startOffset: 5, endTurnId: second.turn_id, endOffset: 12 },
      comment: 'the greeting',
    });
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({ text: 'morning', start: 6.5, anchor: { startTurnId: second.turn_id, startOffset: 5, endOffset: 12 }, tag: null });
    const earlier = await commenter.client.post(highlightsOf(id), {
      anchor: { startTurnId: first.turn_id, startOffset: 6, endTurnId: second.turn_id, endOffset: 4 },
      tagId,
      metadata: { topic: 'opening' },
      comment: 'spans two turns',
    });
    expect(earlier.status).toBe(201);
    expect(earlier.body).toMatchObject({
      text: 'world again today\ngood',
      start: 2,
      tag: { _id: tagId, name: 'Decision', color: '#ff8800' },
      metadata: { topic: 'opening' },
      comment: 'spans two turns',
      author: { _id: commenter.id },
    });
    expect(typeof earlier.body.relative.start).toBe('string');

    const listed = await cast.reader.client.get(highlightsOf(id));
    expect(listed.status).toBe(200);
    expect(listed.body.highlights.map((h: { _id: string }) => h._id)).toEqual([earlier.body._id, later.body._id]);
  });

  it('follows an insertion before the mark and an edit inside it (turn endpoint), and a collaborative edit', async () => {
    const { id, turns } = await seed();
    const first = turns[0]!;
    const created = await cast.owner.client.post(highlightsOf(id), { anchor: { startTurnId: first.turn_id, startOffset: 6, endTurnId: first.turn_id, endOffset: 17 } });
    expect(created.body.text).toBe('world again');

    // An insertion before the mark moves it; an edit inside it changes its text.
    const turn = `${API}/conversations/${id}/turns/${first.turn_id}`;
    expect((await cast.writer.client.patch(turn, { segment: 'oh hello world again today' })).status).toBe(200);
    let [now] = (await cast.owner.client.get(highlightsOf(id))).body.highlights;
    expect(now).toMatchObject({ text: 'world again', anchor: { startTurnId: first.turn_id, startOffset: 9, endOffset: 20 } });
    expect((await cast.writer.client.patch(turn, { segment: 'oh hello world once again today' })).status).toBe(200);
    [now] = (await cast.owner.client.get(highlightsOf(id))).body.highlights;
    expect(now).toMatchObject({ text: 'world once again', anchor: { startOffset: 9, endOffset: 25 } });
    // The retimed words: "world" keeps its time.
    expect(now.start).toBe(2);

    // An open editor types before the mark: it moves again; text typed right after it stays out of it.
    const editor = await connectCollab(server.url, cast.writer.client.authToken!);
    collabClients.push(editor);
    const joined = await editor.join(id);
    expect((await joined.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'so '))).ok).toBe(true);
    [now] = (await cast.owner.client.get(highlightsOf(id))).body.highlights;
    expect(now).toMatchObject({ text: 'world once again', anchor: { startOffset: 12, endOffset: 28 } });
    expect((await joined.edit((doc) => textOf(turnsOf(doc).get(0)).insert(28, ' and'))).ok).toBe(true);
    expect((await joined.edit((doc) => textOf(turnsOf(doc).get(0)).insert(12, 'the '))).ok).toBe(true);
    [now] = (await cast.owner.client.get(highlightsOf(id))).body.highlights;
    expect(now).toMatchObject({ text: 'world once again', anchor: { startOffset: 16, endOffset: 32 } });
  });

  it('answers a null anchor and no text once the marked text is deleted entirely', async () => {
    const { id, turns } = await seed();
    const second = turns[1]!;
    const created = await cast.owner.client.post(highlightsOf(id), { anchor: { startTurnId: second.turn_id, startOffset: 5, endTurnId: second.turn_id, endOffset: 12 } });
    expect(created.status).toBe(201);
    expect((await cast.writer.client.patch(`${API}/conversations/${id}/turns/${second.turn_id}`, { segment: 'good everyone' })).status).toBe(200);
    const [gone] = (await cast.owner.client.get(highlightsOf(id))).body.highlights;
    expect(gone).toMatchObject({ _id: created.body._id, anchor: null, text: '', start: null });
  });
});

describe('rights, tags and validation', () => {
  it('refuses a reader, lets a commenter add and change their own, not remove another one; a writer may', async () => {
    const { id, turns } = await seed();
    const anchor = { startTurnId: turns[0]!.turn_id, startOffset: 0, endTurnId: turns[0]!.turn_id, endOffset: 5 };
    const byReader = await cast.reader.client.post(highlightsOf(id), { anchor });
    expect(byReader.status).toBe(403);
    expect(byReader.body.code).toBe('forbidden');
    expect((await cast.outsider.client.get(highlightsOf(id))).status).toBe(404);

    const own = await commenter.client.post(highlightsOf(id), { anchor, comment: 'mine' });
    expect(own.status).toBe(201);
    const changed = await commenter.client.patch(`${highlightsOf(id)}/${own.body._id}`, { comment: 'still mine', tagId });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ comment: 'still mine', tag: { _id: tagId } });

    const others = await cast.owner.client.post(highlightsOf(id), { anchor, comment: 'the owner’s' });
    const refused = await commenter.client.delete(`${highlightsOf(id)}/${others.body._id}`);
    expect(refused.status).toBe(403);
    expect((await commenter.client.patch(`${highlightsOf(id)}/${others.body._id}`, { comment: 'taken' })).status).toBe(403);
    expect((await cast.reader.client.delete(`${highlightsOf(id)}/${own.body._id}`)).status).toBe(403);

    expect((await cast.writer.client.delete(`${highlightsOf(id)}/${others.body._id}`)).status).toBe(204);
    expect((await commenter.client.delete(`${highlightsOf(id)}/${own.body._id}`)).status).toBe(204);
    expect((await cast.owner.client.get(highlightsOf(id))).body.highlights).toEqual([]);
  });

  it("refuses another organization's tag and bad anchors with validation_failed", async () => {
    const { id, turns } = await seed();
    const [first, second] = turns as [Turn, Turn];
    const anchor = { startTurnId: first.turn_id, startOffset: 0, endTurnId: first.turn_id, endOffset: 5 };
    const foreign = await cast.owner.client.post(highlightsOf(id), { anchor, tagId: foreignTagId });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'validation_failed', fields: { tagId: 'error.invalid' } });

    const bad = [
      { anchor: { ...anchor, endOffset: 0 }, field: 'anchor.endOffset' },
      { anchor: { ...anchor, startOffset: 3, endOffset: 2 }, field: 'anchor.endOffset' },
      { anchor: { ...anchor, endOffset: 500 }, field: 'anchor.endOffset' },
      { anchor: { ...anchor, startOffset: 400, endOffset: 500 }, field: 'anchor.startOffset' },
      { anchor: { ...anchor, startTurnId: 'no-such-turn' }, field: 'anchor.startTurnId' },
      { anchor: { startTurnId: second.turn_id, startOffset: 0, endTurnId: first.turn_id, endOffset: 3 }, field: 'anchor.endOffset' },
    ];
    for (const { anchor: wrong, field } of bad) {
      const res = await cast.owner.client.post(highlightsOf(id), { anchor: wrong });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.fields).toHaveProperty([field]);
    }
    const negative = await cast.owner.client.post(highlightsOf(id), { anchor: { ...anchor, startOffset: -1 } });
    expect(negative.status).toBe(400);
    expect((await cast.owner.client.get(highlightsOf(id))).body.highlights).toEqual([]);
  });
});

describe('notices', () => {
  it("tells the organization's room when a highlight is added, changed or removed", async () => {
    const { id, turns } = await seed();
    const socket = io(server.url, { path: '/cm-api/socket.io', auth: { token: cast.owner.client.authToken }, transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(await socket.timeout(5000).emitWithAck('watch_organization', cast.orgId)).toEqual({ ok: true });
      const notices: ConversationUpdate[] = [];
      socket.on(conversationUpdateEvent(cast.orgId), (update: ConversationUpdate) => {
        if (update.kind === 'highlights') notices.push(update);
      });
      const anchor = { startTurnId: turns[0]!.turn_id, startOffset: 0, endTurnId: turns[0]!.turn_id, endOffset: 5 };
      const created = await commenter.client.post(highlightsOf(id), { anchor });
      await commenter.client.patch(`${highlightsOf(id)}/${created.body._id}`, { comment: 'changed' });
      await commenter.client.delete(`${highlightsOf(id)}/${created.body._id}`);
      await expect.poll(() => notices.length).toBe(3);
      expect(notices.every((n) => n.conversationId === id)).toBe(true);
    } finally {
      socket.disconnect();
    }
  });
});
