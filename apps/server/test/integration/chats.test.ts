/**
 * Conversations with a transcript against a local server speaking the OpenAI-compatible protocol:
 * the streamed answer (deltas, then done), citations resolved and bogus ones dropped, history, a
 * provider failing mid-stream, no AI profile, ownership and rights, renaming, deleting, order, limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHAT_LIMITS, type Transcript } from '@palabre/shared';
import { aiProfiles, chatMessages, chats, organizations } from '../../src/db/schema.ts';
import { startChatModelServer, type ChatModelServer } from '../../../../packages/engines/test/support/chat-model-server.ts';
import { type Cast, createCast, seedSharedMedia } from '../harness/cast.ts';
import { startTestServer, type ApiResponse, type TestServer, type TestUser } from '../harness/server.ts';
import { makeTranscript } from '../harness/transcripts.ts';

const API = '/cm-api/api';
let server: TestServer;
let model: ChatModelServer;
let cast: Cast;
let profileId: string;
let mediaId: string;
let transcript: Transcript;

const chatsOf = (id: string) => `${API}/conversations/${id}/chats`;

/** Alice, Bob, Alice: "budget" is only in Bob's turn (T2). */
const sample = () =>
  makeTranscript(
    [
      { speaker: 'spk1', text: 'welcome everyone to the monthly meeting' },
      { speaker: 'spk2', text: 'the budget for the new library was approved yesterday' },
      { speaker: 'spk1', text: 'thank you we will start the works in spring' },
    ],
    { names: { spk1: 'Alice', spk2: 'Bob' } },
  );

interface StreamEvent {
  event: string;
  data: any;
}

/** The events of a text/event-stream body. */
function eventsOf(response: ApiResponse): StreamEvent[] {
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return String(response.body)
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return { event, data: data === undefined ? undefined : JSON.parse(data) };
    });
}

async function newChat(user: TestUser, id = mediaId, body: Record<string, unknown> = {}): Promise<string> {
  const created = await user.client.post(chatsOf(id), body);
  expect(created.status).toBe(201);
  return created.body._id;
}

const ask = (user: TestUser, chatId: string, question: string, id = mediaId) => user.client.post(`${chatsOf(id)}/${chatId}/messages`, { question });

beforeAll(async () => {
  [server, model] = await Promise.all([startTestServer(), startChatModelServer()]);
  cast = await createCast(server);
  const [profile] = await server.ctx.db
    .insert(aiProfiles)
    .values({ name: 'Local model', organizationId: null, isDefault: true, config: { endpoint: model.url, model: 'test-model', contextTokens: 8192 } })
    .returning();
  profileId = profile!.id;
  transcript = sample();
  mediaId = await seedSharedMedia(server, cast, { transcript, name: 'Council meeting' });
});
afterAll(async () => {
  await server?.close();
  await model?.close();
});

describe('asking a question', () => {
  it('streams the answer as deltas then done, with the cited turns that exist', async () => {
    const chatId = await newChat(cast.owner);
    const answer = 'The library budget was approved [T2], as Alice announced [T1, T3]. See also [T99].';
    model.script({ kind: 'reply', text: answer });
    const response = await ask(cast.owner, chatId, 'What was decided about the budget?');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const events = eventsOf(response);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((e) => e.data.text).join('')).toBe(answer);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.question).toMatchObject({ role: 'user', content: 'What was decided about the budget?' });
    expect(done.data.answer).toMatchObject({ role: 'assistant', content: answer, error: null });
    const [t1, t2, t3] = transcript.text;
    expect(done.data.answer.citations).toEqual([
      { turnId: t2!.turn_id, start: t2!.stime, end: t2!.etime, speaker: 'Bob', excerpt: t2!.segment },
      { turnId: t1!.turn_id, start: t1!.stime, end: t1!.etime, speaker: 'Alice', excerpt: t1!.segment },
      { turnId: t3!.turn_id, start: t3!.stime, end: t3!.etime, speaker: 'Alice', excerpt: t3!.segment },
    ]);

    // What the model was sent: a streamed request, the labelled turns, the question last.
    const sent = model.requests.at(-1)!.body;
    expect(sent).toMatchObject({ model: 'test-model', stream: true });
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toContain('Council meeting');
    expect(sent.messages[0].content).toContain('[T2 00:07 Bob] the budget for the new library was approved yesterday');
    expect(sent.messages[0].content).toMatch(/cite/i);
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'What was decided about the budget?' });

    // Both are saved; the chat took the question's first words as its title.
    const detail = await cast.owner.client.get(`${chatsOf(mediaId)}/${chatId}`);
    expect(detail.body.title).toBe('What was decided about the budget?');
    expect(detail.body.profileName).toBe('Local model');
    expect(detail.body.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'What was decided about the budget?'],
      ['assistant', answer],
    ]);
  });

  it('sends the earlier messages as history and keeps a given title', async () => {
    const chatId = await newChat(cast.owner, mediaId, { title: 'Budget' });
    model.script({ kind: 'reply', text: 'It was approved yesterday [T2].' });
    await ask(cast.owner, chatId, 'When was the budget approved?');
    model.script({ kind: 'reply', text: 'In spring [T3].' });
    const second = eventsOf(await ask(cast.owner, chatId, 'And the works?'));
    expect(second.at(-1)!.event).toBe('done');
    const sent = model.requests.at(-1)!.body.messages;
    expect(sent.slice(1)).toEqual([
      { role: 'user', content: 'When was the budget approved?' },
      { role: 'assistant', content: 'It was approved yesterday [T2].' },
      { role: 'user', content: 'And the works?' },
    ]);
    expect((await cast.owner.client.get(`${chatsOf(mediaId)}/${chatId}`)).body.title).toBe('Budget');
  });

  it('answers in French for a French media', async () => {
    const french = await seedSharedMedia(server, cast, { transcript: sample(), language: 'fr', name: 'Conseil' });
    const chatId = await newChat(cast.owner, french);
    eventsOf(await ask(cast.owner, chatId, 'Quel budget ?', french));
    expect(model.requests.at(-1)!.body.messages[0].content).toContain('Réponds uniquement à partir des tours de parole');
  });

  it('sends the relevant turns and their neighbours when the transcript does not fit the context', async () => {
    const filler = (i: number) => `item ${i} of the agenda covered routine matters about parking permits street lights and the weekly market schedule again`;
    const long = makeTranscript(
      Array.from({ length: 400 }, (_, i) => ({ speaker: i % 2 ? 'spk2' : 'spk1', text: i === 250 ? 'the observatory telescope repair costs twelve thousand euros' : filler(i) })),
      { names: { spk1: 'Alice', spk2: 'Bob' }, stepSeconds: 0.5 },
    );
    const id = await seedSharedMedia(server, cast, { transcript: long, name: 'Long meeting' });
    const [small] = await server.ctx.db
      .insert(aiProfiles)
      .values({ name: 'Small model', organizationId: null, config: { endpoint: model.url, model: 'test-model', contextTokens: 2048 } })
      .returning();
    const chatId = await newChat(cast.owner, id, { profileId: small!.id });
    model.script({ kind: 'reply', text: 'Twelve thousand euros [T251].' });
    const done = eventsOf(await ask(cast.owner, chatId, 'How much does the telescope repair cost?', id)).at(-1)!;
    expect(done.data.answer.citations[0]).toMatchObject({ turnId: long.text[250]!.turn_id, speaker: 'Alice' });
    const system: string = model.requests.at(-1)!.body.messages[0].content;
    const labels = [...system.matchAll(/^\[T(\d+) /gm)].map((m) => Number(m[1]));
    expect(labels).toContain(250);
    expect(labels).toContain(251);
    expect(labels).toContain(252);
    expect(labels.length).toBeLessThan(400);
    expect(labels).toEqual([...labels].sort((a, b) => a - b));
  });

  it('sends an error event and saves the partial answer when the provider fails mid-stream', async () => {
    const chatId = await newChat(cast.owner);
    model.script({ kind: 'cut', afterChunks: 2 });
    const events = eventsOf(await ask(cast.owner, chatId, 'Tell me everything about the library budget please'));
    const partial = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(partial).toBe('Summary: Tell');
    const last = events.at(-1)!;
    expect(last.event).toBe('error');
    expect(last.data.code).toBe('model_unavailable');
    const detail = await cast.owner.client.get(`${chatsOf(mediaId)}/${chatId}`);
    const answer = detail.body.messages.at(-1);
    expect(answer).toMatchObject({ role: 'assistant', content: 'Summary: Tell', error: { code: 'model_unavailable' } });
  });
});

describe('a provider answering 503', () => {
  it('is tried again before the first delta, and past the retries ends in an error event', async () => {
    const chatId = await newChat(cast.owner);
    model.script({ kind: 'status', status: 503 }, { kind: 'reply', text: 'Approved [T2].' });
    const recovered = eventsOf(await ask(cast.owner, chatId, 'Was it approved?'));
    expect(recovered.at(-1)).toMatchObject({ event: 'done', data: { answer: { content: 'Approved [T2].', error: null } } });

    const steps = Array.from({ length: 4 }, () => ({ kind: 'status' as const, status: 503 }));
    model.script(...steps);
    const failed = eventsOf(await ask(cast.owner, chatId, 'And then?'));
    expect(failed.map((e) => e.event)).toEqual(['error']);
    expect(failed[0]!.data.code).toBe('model_unavailable');
    const messages = (await cast.owner.client.get(`${chatsOf(mediaId)}/${chatId}`)).body.messages;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages.at(-1)).toMatchObject({ content: '', error: { code: 'model_unavailable' } });
  });
});

describe('a client leaving', () => {
  it('stops the answer and saves what came with its error', async () => {
    const chatId = await newChat(cast.owner);
    const long = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ');
    model.script({ kind: 'reply', text: long });
    const client = cast.owner.client;
    const requestsBefore = model.requests.length;
    if (!client.cookies.has('XSRF-TOKEN')) await client.get(`${API}/config`, { auth: false });
    const controller = new AbortController();
    const response = await fetch(new URL(`${chatsOf(mediaId)}/${chatId}/messages`, server.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${client.authToken}`,
        'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-forwarded-for': client.address,
      },
      body: JSON.stringify({ question: 'Read it all' }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('event: delta');
    controller.abort();

    let answer: { content: string; error: { code: string } | null } | undefined;
    await expect
      .poll(
        async () => {
          const detail = await client.get(`${chatsOf(mediaId)}/${chatId}`);
          answer = detail.body.messages.find((m: { role: string }) => m.role === 'assistant');
          return answer !== undefined;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    expect(answer!.error?.code).toBe('stopped');
    expect(answer!.content.startsWith('word0')).toBe(true);
    expect(answer!.content.length).toBeLessThan(long.length);
    // One request upstream, aborted, not tried again.
    expect(model.requests.length).toBe(requestsBefore + 1);
  });
});

describe('without an AI profile', () => {
  it('says the chat is not available and refuses to start one with ai_not_configured', async () => {
    await server.ctx.db.update(aiProfiles).set({ isDefault: false }).where(eq(aiProfiles.id, profileId));
    try {
      const listed = await cast.owner.client.get(chatsOf(mediaId));
      expect(listed.status).toBe(200);
      expect(listed.body.available).toBe(false);
      const refused = await cast.owner.client.post(chatsOf(mediaId), {});
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('ai_not_configured');
    } finally {
      await server.ctx.db.update(aiProfiles).set({ isDefault: true }).where(eq(aiProfiles.id, profileId));
    }
    expect((await cast.owner.client.get(chatsOf(mediaId))).body.available).toBe(true);
  });
});

describe('ownership and rights', () => {
  it("answers not_found for another user's chat", async () => {
    const chatId = await newChat(cast.owner);
    const path = `${chatsOf(mediaId)}/${chatId}`;
    const calls = [cast.reader.client.get(path), cast.reader.client.patch(path, { title: 'Mine now' }), cast.reader.client.delete(path), ask(cast.reader, chatId, 'Hello?')];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await cast.reader.client.get(chatsOf(mediaId))).body.chats).toEqual([]);
    expect((await cast.outsider.client.get(chatsOf(mediaId))).status).toBe(404);
    expect((await cast.outsider.client.post(chatsOf(mediaId), {})).status).toBe(404);
  });

  it('lets a reader chat, and refuses a member without the generate-summary permission', async () => {
    const chatId = await newChat(cast.reader);
    model.script({ kind: 'reply', text: 'Yes [T2].' });
    expect(eventsOf(await ask(cast.reader, chatId, 'Was the budget approved?')).at(-1)!.event).toBe('done');

    const [org] = await server.ctx.db.select().from(organizations).where(eq(organizations.id, cast.orgId));
    await server.ctx.db
      .update(organizations)
      .set({ permissions: { ...org!.permissions, summary: false } })
      .where(eq(organizations.id, cast.orgId));
    try {
      const listed = await cast.reader.client.get(chatsOf(mediaId));
      expect(listed.status).toBe(200);
      expect(listed.body.available).toBe(false);
      expect(listed.body.chats).toHaveLength(1);
      const refused = await cast.reader.client.post(chatsOf(mediaId), {});
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('no_organization_rights');
      expect((await ask(cast.reader, chatId, 'Again?')).status).toBe(403);
      // The owner keeps every tool.
      expect((await cast.owner.client.post(chatsOf(mediaId), {})).status).toBe(201);
    } finally {
      await server.ctx.db.update(organizations).set({ permissions: org!.permissions }).where(eq(organizations.id, cast.orgId));
    }
  });
});

describe('managing chats', () => {
  it('renames, deletes and lists the most recently active first', async () => {
    const id = await seedSharedMedia(server, cast, { transcript: sample() });
    const first = await newChat(cast.writer, id, { title: 'First' });
    const second = await newChat(cast.writer, id, { title: 'Second' });
    const third = await newChat(cast.writer, id, { title: 'Third' });
    const titles = async () => (await cast.writer.client.get(chatsOf(id))).body.chats.map((c: { title: string }) => c.title);
    expect(await titles()).toEqual(['Third', 'Second', 'First']);

    const renamed = await cast.writer.client.patch(`${chatsOf(id)}/${first}`, { title: 'First, renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe('First, renamed');
    expect(await titles()).toEqual(['First, renamed', 'Third', 'Second']);
    expect((await cast.writer.client.patch(`${chatsOf(id)}/${first}`, { title: '' })).status).toBe(400);

    model.script({ kind: 'reply', text: 'Spring [T3].' });
    eventsOf(await ask(cast.writer, second, 'When do the works start?', id));
    expect(await titles()).toEqual(['Second', 'First, renamed', 'Third']);

    expect((await cast.writer.client.delete(`${chatsOf(id)}/${third}`)).status).toBe(204);
    expect(await titles()).toEqual(['Second', 'First, renamed']);
    expect((await cast.writer.client.get(`${chatsOf(id)}/${third}`)).status).toBe(404);
  });

  it('refuses with conflict past the limits, and a question too long', async () => {
    const id = await seedSharedMedia(server, cast, { transcript: sample() });
    const chatId = await newChat(cast.writer, id);
    await server.ctx.db
      .insert(chatMessages)
      .values(
        Array.from({ length: CHAT_LIMITS.messagesPerChat - 1 }, (_, i) => ({ chatId, role: i % 2 === 0 ? ('user' as const) : ('assistant' as const), content: `message ${i}` })),
      );
    const full = await ask(cast.writer, chatId, 'One more?', id);
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('conflict');
    expect(full.body.message).toContain(String(CHAT_LIMITS.messagesPerChat));

    const tooLong = await ask(cast.writer, chatId, 'x'.repeat(CHAT_LIMITS.question + 1), id);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.code).toBe('validation_failed');

    await server.ctx.db.insert(chats).values(Array.from({ length: CHAT_LIMITS.chatsPerMedia - 1 }, (_, i) => ({ conversationId: id, userId: cast.writer.id, title: `Chat ${i}` })));
    const tooMany = await cast.writer.client.post(chatsOf(id), {});
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe('conflict');
  });
});
