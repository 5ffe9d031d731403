/**
 * The turn endpoints for API clients: who may call them, what each edit does to the transcript and
 * its timing, refusals that change nothing, an open editor receiving REST edits live, and search
 * following them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TURN_SIZE, type Transcript, type Turn } from '@palabre/shared';
import { readTranscript } from '@palabre/shared/collab';
import { type Cast, createCast, seedSharedMedia } from '../harness/cast.ts';
import { insertMedia, startTestServer, type TestServer, type TestUser } from '../harness/server.ts';
import { makeTranscript } from '../harness/transcripts.ts';
import { connectCollab, type CollabClient } from '../harness/collab-client.ts';

const API = '/cm-api/api';
let server: TestServer;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let outsider: TestUser;
let orgId: string;
let cast: Cast;
const collabClients: CollabClient[] = [];

/** Three turns: Alice, Bob, Alice; each word half a second long, one second apart. */
const sample = () =>
  makeTranscript(
    [
      { speaker: 'spk1', text: 'hello world again' },
      { speaker: 'spk2', text: 'good morning everyone' },
      { speaker: 'spk1', text: 'see you soon' },
    ],
    { names: { spk1: 'Alice', spk2: 'Bob' } },
  );

/** A media of the organization holding `transcript`: members read it, `writer` holds the write right. */
const seed = (transcript: Transcript = sample()) => seedSharedMedia(server, cast, { transcript });

const turns = (id: string) => `${API}/conversations/${id}/turns`;
const live = async (id: string) => (await server.ctx.documents.read(id))!;

beforeAll(async () => {
  server = await startTestServer();
  cast = await createCast(server);
  ({ owner, writer, reader, outsider, orgId } = cast);
});
afterAll(async () => {
  for (const client of collabClients) await client.close();
  await server?.close();
});

describe('who may edit turns', () => {
  it('lets the owner and a writer edit, and answers 404 to a reader and an outsider, changing nothing', async () => {
    const id = await seed();
    const before = await live(id);
    const [first, second] = before.text as [Turn, Turn];
    for (const user of [reader, outsider]) {
      const calls = [
        user.client.post(`${turns(id)}/${first.turn_id}`, { speaker_id: 'spk1', segment: 'intruder' }),
        user.client.patch(`${turns(id)}/${first.turn_id}`, { segment: 'intruder' }),
        user.client.delete(`${turns(id)}/${first.turn_id}`),
        user.client.patch(`${turns(id)}/${first.turn_id}/merge/next`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('not_found');
      }
    }
    expect(await live(id)).toEqual(before);

    const byOwner = await owner.client.patch(`${turns(id)}/${first.turn_id}`, { segment: 'hello world again today' });
    expect(byOwner.status).toBe(200);
    const byWriter = await writer.client.patch(`${turns(id)}/${second.turn_id}`, { segment: 'good morning' });
    expect(byWriter.status).toBe(200);
    expect((await live(id)).text.map((t) => t.segment)).toEqual(['hello world again today', 'good morning', 'see you soon']);
  });

  it('answers 404 for a missing media and for an unknown turn', async () => {
    const id = await seed();
    expect((await owner.client.patch(`${turns('00000000-0000-4000-8000-000000000000')}/x`, { segment: 'a' })).status).toBe(404);
    const unknown = await owner.client.patch(`${turns(id)}/no-such-turn`, { segment: 'a' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    expect((await owner.client.post(`${turns(id)}/no-such-turn`, { speaker_id: 'spk1', segment: 'a' })).status).toBe(404);
    expect((await owner.client.delete(`${turns(id)}/no-such-turn`)).status).toBe(404);
    expect((await owner.client.patch(`${turns(id)}/no-such-turn/merge/next`)).status).toBe(404);
  });

  it('refuses with 409 on a media that has no transcript yet', async () => {
    const id = await insertMedia(server, { organizationId: orgId, ownerId: owner.id, status: 'transcription', progress: 0.4 });
    const res = await owner.client.post(`${turns(id)}/start`, { speaker_id: 'spk1', segment: 'too early' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
  });
});

describe('turn edits', () => {
  it('inserts a turn first with "start" and after a turn, timed between its neighbours with confidence 1', async () => {
    const id = await seed();
    const [first, second] = (await live(id)).text as [Turn, Turn];

    const atStart = await owner.client.post(`${turns(id)}/start`, { speaker_id: 'spk2', segment: 'welcome' });
    expect(atStart.status).toBe(201);
    expect(atStart.body.turns).toBe(4);
    expect(atStart.body.turn).toMatchObject({ speaker_id: 'spk2', segment: 'welcome' });

    const after = await owner.client.post(`${turns(id)}/${first.turn_id}`, { speaker_id: 'spk2', segment: 'new words here' });
    expect(after.status).toBe(201);
    const inserted = after.body.turn as Turn;
    expect(inserted.words.map((w) => w.word)).toEqual(['new', 'words', 'here']);
    expect(inserted.stime).toBeGreaterThanOrEqual(first.etime);
    expect(inserted.etime).toBeLessThanOrEqual(second.stime);
    for (const word of inserted.words) {
      expect(word.confidence).toBe(1);
      expect(word.stime).toBeGreaterThanOrEqual(first.etime);
      expect(word.etime).toBeLessThanOrEqual(second.stime);
    }
    const text = (await live(id)).text;
    expect(text.map((t) => t.segment)).toEqual(['welcome', 'hello world again', 'new words here', 'good morning everyone', 'see you soon']);
    expect(text[2]).toEqual(inserted);
  });

  it('creates a new speaker named in the request, and needs the name for an unknown speaker', async () => {
    const id = await seed();
    const [first] = (await live(id)).text as [Turn];
    const nameless = await owner.client.post(`${turns(id)}/${first.turn_id}`, { speaker_id: 'spk3', segment: 'who am I' });
    expect(nameless.status).toBe(400);
    expect(nameless.body.fields).toEqual({ speaker_name: 'error.required' });
    expect((await live(id)).text).toHaveLength(3);

    const named = await owner.client.post(`${turns(id)}/${first.turn_id}`, { speaker_id: 'spk3', speaker_name: 'Carol', segment: 'I am Carol' });
    expect(named.status).toBe(201);
    expect(named.body.speakers).toEqual([
      { speaker_id: 'spk1', speaker_name: 'Alice' },
      { speaker_id: 'spk3', speaker_name: 'Carol' },
      { speaker_id: 'spk2', speaker_name: 'Bob' },
    ]);
    expect((await live(id)).speakers).toEqual(named.body.speakers);
  });

  it("edits a turn's text keeping the untouched words' times, and gives an inserted word interpolated times", async () => {
    const id = await seed();
    const [first] = (await live(id)).text as [Turn];
    const [hello, world, again] = first.words as [Turn['words'][0], Turn['words'][0], Turn['words'][0]];
    const res = await writer.client.patch(`${turns(id)}/${first.turn_id}`, { segment: 'hello big world again' });
    expect(res.status).toBe(200);
    const words = (res.body.turn as Turn).words;
    expect(words.map((w) => w.word)).toEqual(['hello', 'big', 'world', 'again']);
    expect(words[0]).toEqual(hello);
    expect(words[2]).toEqual(world);
    expect(words[3]).toEqual(again);
    expect(words[1]!.confidence).toBe(1);
    expect(words[1]!.stime).toBeGreaterThanOrEqual(hello.etime);
    expect(words[1]!.etime).toBeLessThanOrEqual(world.stime);
  });

  it("changes a turn's speaker to a known one only", async () => {
    const id = await seed();
    const [first] = (await live(id)).text as [Turn];
    const res = await owner.client.patch(`${turns(id)}/${first.turn_id}`, { speaker_id: 'spk2' });
    expect(res.status).toBe(200);
    expect(res.body.turn).toMatchObject({ turn_id: first.turn_id, speaker_id: 'spk2', segment: 'hello world again' });
    const unknown = await owner.client.patch(`${turns(id)}/${first.turn_id}`, { speaker_id: 'nobody', segment: 'changed' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ speaker_id: 'error.unknown_speaker' });
    expect((await live(id)).text[0]).toMatchObject({ speaker_id: 'spk2', segment: 'hello world again' });
  });

  it('deletes a turn; a speaker with no turn left disappears', async () => {
    const id = await seed();
    const [, second] = (await live(id)).text as [Turn, Turn];
    const res = await owner.client.delete(`${turns(id)}/${second.turn_id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ speakers: [{ speaker_id: 'spk1', speaker_name: 'Alice' }], turns: 2 });
    expect((await live(id)).text.map((t) => t.segment)).toEqual(['hello world again', 'see you soon']);
  });

  it('merges a turn with the next or previous one', async () => {
    const id = await seed();
    const [first, second, third] = (await live(id)).text as [Turn, Turn, Turn];
    const next = await owner.client.patch(`${turns(id)}/${first.turn_id}/merge/next`);
    expect(next.status).toBe(200);
    expect(next.body.turns).toBe(2);
    expect(next.body.turn.segment).toBe('hello world again good morning everyone');
    expect(next.body.turn.words).toEqual([...first.words, ...second.words]);
    const previous = await owner.client.patch(`${turns(id)}/${third.turn_id}/merge/previous`);
    expect(previous.status).toBe(200);
    expect(previous.body.turns).toBe(1);
    expect((await live(id)).text[0]!.segment).toBe('hello world again good morning everyone see you soon');
    const edge = await owner.client.patch(`${turns(id)}/${previous.body.turn.turn_id}/merge/next`);
    expect(edge.status).toBe(400);
    expect(edge.body.fields).toEqual({ direction: 'error.invalid' });
  });

  it('refuses a merge past the turn size with 422 turn_too_long and changes nothing', async () => {
    // 1499 and 599 characters: 2099 once merged, over the turn size of 2000.
    const long = makeTranscript(
      [
        { speaker: 'spk1', text: Array(300).fill('word').join(' ') },
        { speaker: 'spk1', text: Array(120).fill('more').join(' ') },
      ],
      { stepSeconds: 0.2 },
    );
    const id = await seed(long);
    const before = await live(id);
    const res = await owner.client.patch(`${turns(id)}/${before.text[0]!.turn_id}/merge/next`);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('turn_too_long');
    expect(res.body.message).toContain(String(TURN_SIZE));
    expect(await live(id)).toEqual(before);
  });
});

describe('bad requests', () => {
  it('answers 400 validation_failed naming the field, and changes nothing', async () => {
    const id = await seed();
    const before = await live(id);
    const turn = before.text[0]!.turn_id;
    const cases: Array<[Promise<{ status: number; body: any }>, string]> = [
      [owner.client.patch(`${turns(id)}/${turn}`, { segment: 'x', wid: 'mine' }), '_'],
      [owner.client.patch(`${turns(id)}/${turn}`, { segment: 'x'.repeat(TURN_SIZE + 1) }), 'segment'],
      [owner.client.patch(`${turns(id)}/${turn}`, {}), '_'],
      [owner.client.patch(`${turns(id)}/${turn}`, { segment: 42 }), 'segment'],
      [owner.client.post(`${turns(id)}/${turn}`, { segment: 'no speaker' }), 'speaker_id'],
      [owner.client.post(`${turns(id)}/${turn}`, { speaker_id: 'spk1', segment: 'x'.repeat(TURN_SIZE + 1) }), 'segment'],
      [owner.client.patch(`${turns(id)}/${turn}/merge/sideways`), 'direction'],
      [owner.client.request('PATCH', `${turns(id)}/${turn}`, { raw: '{"segment": "unterminated', headers: { 'content-type': 'application/json' } }), ''],
    ];
    for (const [call, field] of cases) {
      const res = await call;
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      if (field) expect(Object.keys(res.body.fields ?? {})).toContain(field);
    }
    expect(await live(id)).toEqual(before);
  });
});

describe('an open editor', () => {
  it('receives a REST edit as a document update, and its document then shows what the API answered', async () => {
    const id = await seed();
    const client = await connectCollab(server.url, writer.client.authToken!);
    collabClients.push(client);
    const editor = await client.join(id);
    const [first] = (await live(id)).text as [Turn];
    const seen = () => readTranscript(editor.doc);

    const received = editor.received.length;
    const res = await owner.client.patch(`${turns(id)}/${first.turn_id}`, { segment: 'hello brave new world again' });
    expect(res.status).toBe(200);
    await editor.waitFor(() => editor.received.length > received);
    expect(seen().text.find((t) => t.turn_id === first.turn_id)).toEqual(res.body.turn);
    expect(seen().speakers).toEqual(res.body.speakers);
    expect(seen().text).toHaveLength(res.body.turns);

    const added = await owner.client.post(`${turns(id)}/start`, { speaker_id: 'spk9', speaker_name: 'Dana', segment: 'first words' });
    expect(added.status).toBe(201);
    await editor.waitFor((doc) => readTranscript(doc).text.length === added.body.turns);
    expect(seen().text[0]).toEqual(added.body.turn);
    expect(seen().speakers).toEqual(added.body.speakers);
  });
});

describe('search', () => {
  it('finds a word added through the API once the projection is written', async () => {
    const id = await seed();
    const [first] = (await live(id)).text as [Turn];
    const word = `zebracorn${Date.now().toString(36)}`;
    const res = await owner.client.patch(`${turns(id)}/${first.turn_id}`, { segment: `hello ${word} world again` });
    expect(res.status).toBe(200);
    await server.ctx.documents.flush();
    let found: string[] = [];
    for (let attempt = 0; attempt < 50 && !found.includes(id); attempt += 1) {
      const listed = await owner.client.get(`${API}/organizations/${orgId}/conversations?text=${word}`);
      found = (listed.body.list as Array<{ _id: string }>).map((c) => c._id);
      if (!found.includes(id)) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(found).toEqual([id]);
  });
});
