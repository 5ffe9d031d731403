/**
 * PATCH /conversations/{id} with the transcript fields (speaker renames, a whole new text) and the
 * document's history: the snapshot a rewrite takes, previews, restores (themselves undoable), and who
 * may read or restore.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transcript } from '@palabre/shared';
import { type Cast, createCast, seedSharedMedia } from '../harness/cast.ts';
import { startTestServer, type TestServer, type TestUser } from '../harness/server.ts';
import { makeTranscript } from '../harness/transcripts.ts';

const API = '/cm-api/api';
let server: TestServer;
let owner: TestUser;
let writer: TestUser;
let reader: TestUser;
let outsider: TestUser;
let cast: Cast;

const sample = () =>
  makeTranscript(
    [
      { speaker: 'spk1', text: 'hello world again' },
      { speaker: 'spk2', text: 'good morning everyone' },
    ],
    { names: { spk1: 'Alice', spk2: 'Bob' } },
  );

/** Media lasting 30 seconds; members read it, `writer` holds the write right. */
const seed = (transcript: Transcript = sample()) => seedSharedMedia(server, cast, { transcript, duration: 30 });

const media = (id: string) => `${API}/conversations/${id}`;
const live = async (id: string) => (await server.ctx.documents.read(id))!;
/** A new text: the sample's turns reworded, same speakers. */
const reworded = () =>
  makeTranscript([
    { speaker: 'spk1', text: 'a completely new text' },
    { speaker: 'spk2', text: 'written by a script' },
  ]).text;

beforeAll(async () => {
  server = await startTestServer();
  cast = await createCast(server);
  ({ owner, writer, reader, outsider } = cast);
});
afterAll(() => server?.close());

describe('PATCH /conversations/:id speakers', () => {
  it('renames speakers everywhere for a writer', async () => {
    const id = await seed();
    const res = await writer.client.patch(media(id), { speakers: [{ speaker_id: 'spk2', speaker_name: 'Robert' }] });
    expect(res.status).toBe(200);
    expect(res.body.speakers).toEqual([
      { speaker_id: 'spk1', speaker_name: 'Alice' },
      { speaker_id: 'spk2', speaker_name: 'Robert' },
    ]);
    expect((await live(id)).speakers).toEqual(res.body.speakers);
    expect((await live(id)).text.map((t) => t.segment)).toEqual(['hello world again', 'good morning everyone']);
  });

  it('refuses an unknown speaker naming the field, and a reader, changing nothing', async () => {
    const id = await seed();
    const before = await live(id);
    const unknown = await owner.client.patch(media(id), {
      name: 'Renamed too',
      speakers: [
        { speaker_id: 'spk1', speaker_name: 'Alicia' },
        { speaker_id: 'ghost', speaker_name: 'Ghost' },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'validation_failed', fields: { 'speakers.1.speaker_id': 'error.unknown_speaker' } });
    expect((await reader.client.patch(media(id), { speakers: [{ speaker_id: 'spk1', speaker_name: 'Mine' }] })).status).toBe(403);
    expect((await outsider.client.patch(media(id), { speakers: [{ speaker_id: 'spk1', speaker_name: 'Mine' }] })).status).toBe(404);
    expect((await owner.client.patch(media(id), { speakers: [{ speaker_id: 'spk1', speaker_name: 'Alicia', role: 'x' }] })).status).toBe(400);
    expect(await live(id)).toEqual(before);
    expect((await owner.client.get(media(id))).body.name).not.toBe('Renamed too');
  });
});

describe('PATCH /conversations/:id text', () => {
  it('replaces every turn and keeps name and description rules', async () => {
    const id = await seed();
    const text = reworded();
    const res = await owner.client.patch(media(id), { name: 'Scripted', text });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Scripted');
    expect(res.body.text).toEqual(text);
    expect(res.body.speakers).toEqual([
      { speaker_id: 'spk1', speaker_name: 'Alice' },
      { speaker_id: 'spk2', speaker_name: 'Bob' },
    ]);
    expect((await live(id)).text).toEqual(text);
  });

  it('names the speakers a new text introduces through `speakers`', async () => {
    const id = await seed();
    const text = makeTranscript([{ speaker: 'guest', text: 'a guest speaks' }]).text;
    const nameless = await owner.client.patch(media(id), { text });
    expect(nameless.status).toBe(400);
    expect(nameless.body.fields).toEqual({ 'text.0.speaker_id': 'error.unknown_speaker' });
    const named = await owner.client.patch(media(id), { text, speakers: [{ speaker_id: 'guest', speaker_name: 'Guest' }] });
    expect(named.status).toBe(200);
    expect(named.body.speakers).toEqual([{ speaker_id: 'guest', speaker_name: 'Guest' }]);
  });

  it('refuses a text that breaks the transcript format or lies past the media, changing nothing', async () => {
    const id = await seed();
    const before = await live(id);
    const late = reworded();
    late[1]!.words[0]!.stime = 45;
    late[1]!.words[0]!.etime = 45.5;
    const afterEnd = await owner.client.patch(media(id), { text: late });
    expect(afterEnd.status).toBe(400);
    expect(afterEnd.body.code).toBe('validation_failed');
    expect(Object.keys(afterEnd.body.fields)).toContain('text.1.words.0.stime');

    const mismatched = reworded();
    mismatched[0]!.segment = 'not what the words say';
    const wrongSegment = await owner.client.patch(media(id), { text: mismatched });
    expect(wrongSegment.status).toBe(400);
    expect(Object.keys(wrongSegment.body.fields)[0]).toMatch(/^text\.0/);

    const extra = reworded() as Array<Record<string, unknown>>;
    extra[0]!.locked = true;
    expect((await owner.client.patch(media(id), { text: extra })).status).toBe(400);
    expect((await owner.client.patch(media(id), { text: 'plain text' })).status).toBe(400);
    expect((await reader.client.patch(media(id), { text: reworded() })).status).toBe(403);
    expect(await live(id)).toEqual(before);
  });
});

describe('history', () => {
  it('keeps a snapshot before a rewrite, restores it, and keeps one before the restore: newest first', async () => {
    const id = await seed();
    const original = await live(id);
    expect((await owner.client.patch(media(id), { text: reworded() })).status).toBe(200);

    const afterRewrite = await reader.client.get(`${media(id)}/history`);
    expect(afterRewrite.status).toBe(200);
    const rewrite = afterRewrite.body.list[0];
    expect(rewrite).toMatchObject({ reason: 'before_rewrite', turns: 2, words: 6 });

    const preview = await reader.client.get(`${media(id)}/history/${rewrite._id}`);
    expect(preview.status).toBe(200);
    expect(preview.body.transcript.text.map((t: { segment: string }) => t.segment)).toEqual(original.text.map((t) => t.segment));

    const restored = await writer.client.post(`${media(id)}/history/${rewrite._id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.reason).toBe('before_restore');
    expect((await live(id)).text.map((t) => t.segment)).toEqual(original.text.map((t) => t.segment));

    const history = (await owner.client.get(`${media(id)}/history`)).body;
    expect(history.list.map((s: { reason: string }) => s.reason).slice(0, 2)).toEqual(['before_restore', 'before_rewrite']);
    expect(history.list[0]._id).toBe(restored.body._id);
    const times = history.list.map((s: { createdAt: string }) => Date.parse(s.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // The restore is undone by restoring the snapshot taken before it.
    expect((await owner.client.post(`${media(id)}/history/${restored.body._id}/restore`)).status).toBe(200);
    expect((await live(id)).text.map((t) => t.segment)).toEqual(['a completely new text', 'written by a script']);
  });

  it('lets readers see the history but not restore, and hides everything from outsiders', async () => {
    const id = await seed();
    await owner.client.patch(media(id), { text: reworded() });
    const [snapshot] = (await owner.client.get(`${media(id)}/history`)).body.list;
    expect((await reader.client.get(`${media(id)}/history/${snapshot._id}`)).status).toBe(200);
    expect((await reader.client.post(`${media(id)}/history/${snapshot._id}/restore`)).status).toBe(404);
    expect((await outsider.client.get(`${media(id)}/history`)).status).toBe(404);
    expect((await outsider.client.get(`${media(id)}/history/${snapshot._id}`)).status).toBe(404);
    expect((await outsider.client.post(`${media(id)}/history/${snapshot._id}/restore`)).status).toBe(404);
    const other = await seed();
    expect((await owner.client.get(`${media(other)}/history/${snapshot._id}`)).status).toBe(404);
    expect((await owner.client.post(`${media(other)}/history/${snapshot._id}/restore`)).status).toBe(404);
    expect((await live(id)).text.map((t) => t.segment)).toEqual(['a completely new text', 'written by a script']);
  });
});
