/** The language-model client against a server speaking the OpenAI-compatible chat protocol. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChatModelError, completeChat, listModels, streamChat, type ChatModelConfig, type ChatRequestOptions, type ChatTurn } from '../src/llm/index.ts';
import { startChatModelServer, type ChatModelServer } from './support/chat-model-server.ts';

const KEY = 'sk-llm-secret-9431';
const MESSAGES: ChatTurn[] = [
  { role: 'system', content: 'You summarise meetings.' },
  { role: 'user', content: 'Alice opened the meeting and presented the budget for next year.' },
];
/** Quick retries: the backoff is not what these tests measure. */
const FAST: ChatRequestOptions = { retryDelayMs: 10 };

let server: ChatModelServer;
let model: ChatModelConfig;

beforeAll(async () => {
  server = await startChatModelServer({ models: ['llama3.2:3b', 'qwen2.5:7b'], apiKey: KEY });
  model = { endpoint: `${server.url}/`, model: 'llama3.2:3b', apiKey: KEY, contextTokens: 8192 };
});

afterAll(() => server.close());

beforeEach(() => {
  server.requests.length = 0;
});

async function collect(stream: AsyncGenerator<string>): Promise<{ deltas: string[]; error?: unknown }> {
  const deltas: string[] = [];
  try {
    for await (const delta of stream) deltas.push(delta);
    return { deltas };
  } catch (error) {
    return { deltas, error };
  }
}

function leaks(error: unknown, secret: string): boolean {
  const { message, detail, stack } = error as ChatModelError;
  return [message, detail, stack, String(error), JSON.stringify(error)].some((text) => text?.includes(secret));
}

describe('completeChat', () => {
  it('posts the model, the messages, the temperature and the key as a bearer, and returns the answer', async () => {
    const answer = await completeChat(model, MESSAGES, { maxTokens: 300 });
    expect(answer).toBe('Summary: Alice opened the meeting and presented the budget for next year.');
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.body).toEqual({ model: 'llama3.2:3b', messages: MESSAGES, temperature: 0.2, stream: false, max_tokens: 300 });

    server.script({ kind: 'reply', text: (body: { messages: ChatTurn[] }) => `# Report\n\n${body.messages.length} messages` });
    expect(await completeChat(model, MESSAGES, { temperature: 0 })).toBe('# Report\n\n2 messages');
    expect(server.requests[1]!.body).toMatchObject({ temperature: 0 });
    expect(server.requests[1]!.body).not.toHaveProperty('max_tokens');
  });

  it('tries again after a 503 and succeeds', async () => {
    server.script({ kind: 'status', status: 503 }, { kind: 'status', status: 500 }, { kind: 'reply', text: 'Recovered.' });
    expect(await completeChat(model, MESSAGES, FAST)).toBe('Recovered.');
    expect(server.requests).toHaveLength(3);
  });

  it("waits for a 429's Retry-After before trying again", async () => {
    server.script({ kind: 'status', status: 429, retryAfter: 1 }, { kind: 'reply', text: 'After the wait.' });
    const started = Date.now();
    expect(await completeChat(model, MESSAGES, FAST)).toBe('After the wait.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up as model_unavailable once the retries are spent', async () => {
    server.script(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 503 })));
    const error = await completeChat(model, MESSAGES, { ...FAST, retries: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatModelError);
    expect(error).toMatchObject({ code: 'model_unavailable', status: 503, message: expect.stringContaining('HTTP 503'), detail: expect.stringContaining('model is loading') });
    expect(server.requests).toHaveLength(3);
  });

  it('fails a refused key as model_error without retrying, and never shows the key', async () => {
    const wrong = 'sk-wrong-key-5521';
    const error = await completeChat({ ...model, apiKey: wrong }, MESSAGES, FAST).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'model_error', status: 401, message: expect.stringContaining('refused the API key (HTTP 401)') });
    expect((error as ChatModelError).detail).toContain('Incorrect API key');
    expect(leaks(error, wrong)).toBe(false);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${wrong}`);
  });

  it('does not retry other 4xx answers, and names an unknown model', async () => {
    server.script({ kind: 'status', status: 400, body: JSON.stringify({ error: { message: 'context length exceeded' } }) });
    await expect(completeChat(model, MESSAGES, FAST)).rejects.toMatchObject({ code: 'model_error', status: 400, detail: expect.stringContaining('context length') });
    expect(server.requests).toHaveLength(1);
    await expect(completeChat({ ...model, model: 'mistral' }, MESSAGES, FAST)).rejects.toMatchObject({
      code: 'model_error',
      status: 404,
      message: expect.stringContaining('does not know the model mistral'),
    });
    // 408 is worth another try.
    server.script({ kind: 'status', status: 408 });
    expect(await completeChat(model, MESSAGES, FAST)).toMatch(/^Summary:/);
  });

  it('times out a server that never answers, as model_unavailable', async () => {
    server.script({ kind: 'hang' });
    const started = Date.now();
    await expect(completeChat(model, MESSAGES, { ...FAST, timeoutMs: 300 })).rejects.toMatchObject({
      code: 'model_unavailable',
      message: expect.stringContaining('did not answer within 0.3 s'),
    });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(server.requests).toHaveLength(1);
  });

  it('reports an unreachable server as model_unavailable after retrying, and an answer that is not a completion as model_error', async () => {
    await expect(completeChat({ ...model, endpoint: 'http://127.0.0.1:9/v1' }, MESSAGES, { ...FAST, retries: 1 })).rejects.toMatchObject({
      code: 'model_unavailable',
      message: expect.stringContaining('could not be reached'),
    });
    server.script({ kind: 'status', status: 200, body: '{"object":"list"}' });
    await expect(completeChat(model, MESSAGES, FAST)).rejects.toMatchObject({ code: 'model_error', message: expect.stringContaining('gave no message') });
    server.script({ kind: 'reply', text: '  ' });
    await expect(completeChat(model, MESSAGES, FAST)).rejects.toMatchObject({ code: 'model_error', message: expect.stringContaining('empty answer') });
    server.script({ kind: 'cut', afterChunks: 0 });
    expect(await completeChat(model, MESSAGES, FAST)).toMatch(/^Summary:/);
  });

  it('stops when the signal fires, with its reason', async () => {
    server.script({ kind: 'hang' });
    const controller = new AbortController();
    const call = completeChat(model, MESSAGES, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('the job was cancelled')), 50);
    await expect(call).rejects.toThrow('the job was cancelled');
    // Cancelled during a backoff.
    server.script({ kind: 'status', status: 503 });
    const later = new AbortController();
    const waiting = completeChat(model, MESSAGES, { signal: later.signal, retryDelayMs: 60_000 });
    setTimeout(() => later.abort(), 100);
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('goes through the injected fetch, without following redirects', async () => {
    const seen: string[] = [];
    const policy: typeof fetch = async (input, init) => {
      seen.push(`${init?.method} ${String(input)} ${init?.redirect}`);
      throw new TypeError('address not allowed');
    };
    await expect(completeChat(model, MESSAGES, { fetch: policy, retries: 0 })).rejects.toMatchObject({
      code: 'model_unavailable',
      message: expect.stringContaining('address not allowed'),
    });
    expect(seen).toEqual([`POST ${server.url}/chat/completions manual`]);
  });
});

describe('streamChat', () => {
  it('yields the deltas of a streamed answer', async () => {
    const { deltas, error } = await collect(streamChat(model, MESSAGES, { maxTokens: 100 }));
    expect(error).toBeUndefined();
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe('Summary: Alice opened the meeting and presented the budget for next year.');
    expect(server.requests[0]!.body).toMatchObject({ stream: true, max_tokens: 100, temperature: 0.2 });
    expect(server.requests[0]!.headers.accept).toBe('text/event-stream');
  });

  it('tries again before the first delta (503, then a stream cut before anything)', async () => {
    server.script({ kind: 'status', status: 503 }, { kind: 'cut', afterChunks: 0 }, { kind: 'reply', text: 'Third time lucky.' });
    const { deltas, error } = await collect(streamChat(model, MESSAGES, FAST));
    expect(error).toBeUndefined();
    expect(deltas.join('')).toBe('Third time lucky.');
    expect(server.requests).toHaveLength(3);
  });

  it('fails after the deltas when the stream is cut mid-way, without trying again', async () => {
    server.script({ kind: 'cut', afterChunks: 3 });
    const { deltas, error } = await collect(streamChat(model, MESSAGES, FAST));
    expect(deltas).toEqual(['Summary:', ' Alice', ' opened']);
    expect(error).toBeInstanceOf(ChatModelError);
    expect(error).toMatchObject({ code: 'model_unavailable', message: expect.stringContaining('cut the answer off') });
    expect(server.requests).toHaveLength(1);
  });

  it('times out a stream that hangs before its first chunk', async () => {
    server.script({ kind: 'hang' });
    const { deltas, error } = await collect(streamChat(model, MESSAGES, { ...FAST, timeoutMs: 300 }));
    expect(deltas).toEqual([]);
    expect(error).toMatchObject({ code: 'model_unavailable', message: expect.stringContaining('0.3 s') });
  });

  it('fails a refused key at once, without the key', async () => {
    const wrong = 'sk-stream-wrong-77';
    const { error } = await collect(streamChat({ ...model, apiKey: wrong }, MESSAGES, FAST));
    expect(error).toMatchObject({ code: 'model_error', status: 401 });
    expect(leaks(error, wrong)).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it('stops mid-stream when the signal fires, with its reason', async () => {
    const controller = new AbortController();
    const deltas: string[] = [];
    const error = await (async () => {
      for await (const piece of streamChat(model, MESSAGES, { signal: controller.signal })) {
        deltas.push(piece);
        if (deltas.length === 2) controller.abort(new Error('the chat was closed'));
      }
    })().catch((e: unknown) => e);
    expect(deltas).toHaveLength(2);
    expect(error).toMatchObject({ message: 'the chat was closed' });
  });

  it('stops reading when the consumer stops', async () => {
    server.script({ kind: 'reply', text: 'one two three four five six seven eight' });
    const deltas: string[] = [];
    for await (const delta of streamChat(model, MESSAGES)) {
      deltas.push(delta);
      if (deltas.length === 2) break;
    }
    expect(deltas).toEqual(['one', ' two']);
    // The server is free for the next call.
    expect(await completeChat(model, MESSAGES)).toMatch(/^Summary:/);
  });
});

/** A fetch answering one stream whose body is the given pieces, with `gapMs` between them. */
function streamingFetch(pieces: string[], gapMs = 0, contentType = 'text/event-stream'): typeof fetch {
  return async (_input, init) => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (const [index, piece] of pieces.entries()) {
          if (gapMs && index > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
          if (init?.signal?.aborted) return controller.error(init.signal.reason);
          controller.enqueue(encoder.encode(piece));
        }
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': contentType } });
  };
}

describe('streamChat: what servers send', () => {
  const delta = (content: string) => `data: {"choices":[{"index":0,"delta":{"content":${JSON.stringify(content)}},"finish_reason":null}]}\n\n`;

  it('reads events split across chunks, with CRLF and keep-alive comments', async () => {
    const stream = `: ping\r\n\r\n${delta('Bonjour')}${delta(' à')}${delta(' tous')}: ping\n\n${delta(' 🎉')}`.replace(/\n/g, '\r\n') + 'data: [DONE]\r\n\r\n';
    const pieces: string[] = [];
    for (let i = 0; i < stream.length; i += 5) pieces.push(stream.slice(i, i + 5));
    const { deltas, error } = await collect(streamChat(model, MESSAGES, { fetch: streamingFetch(pieces) }));
    expect(error).toBeUndefined();
    expect(deltas.join('')).toBe('Bonjour à tous 🎉');
  });

  it('fails on an error object inside the stream, after the deltas', async () => {
    const stream = [delta('Partial'), `data: {"error":{"message":"out of memory for key ${KEY}","type":"server_error"}}\n\n`];
    const { deltas, error } = await collect(streamChat(model, MESSAGES, { fetch: streamingFetch(stream) }));
    expect(deltas).toEqual(['Partial']);
    expect(error).toMatchObject({ code: 'model_error', message: expect.stringContaining('reported an error'), detail: expect.stringContaining('out of memory') });
    expect(leaks(error, KEY)).toBe(false);
  });

  it('accepts a stream that ends with a finish reason but no [DONE], and fails one that just stops', async () => {
    const finished = [delta('Done'), 'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n'];
    expect((await collect(streamChat(model, MESSAGES, { fetch: streamingFetch(finished) }))).deltas).toEqual(['Done']);
    // The finish reason in one read, the end of the body in the next.
    expect(await collect(streamChat(model, MESSAGES, { fetch: streamingFetch(finished, 20) }))).toEqual({ deltas: ['Done'] });
    const stopped = await collect(streamChat(model, MESSAGES, { fetch: streamingFetch([delta('Half')]), retries: 0 }));
    expect(stopped.deltas).toEqual(['Half']);
    expect(stopped.error).toMatchObject({ code: 'model_unavailable' });
  });

  it('times out between chunks', async () => {
    const started = Date.now();
    const { deltas, error } = await collect(streamChat(model, MESSAGES, { fetch: streamingFetch([delta('Slow'), delta(' start')], 2000), timeoutMs: 200 }));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(deltas).toEqual(['Slow']);
    expect(error).toMatchObject({ code: 'model_unavailable', message: expect.stringContaining('sent nothing for 0.2 s') });
  });

  it('takes a whole JSON completion from a server that ignored stream: true', async () => {
    const answer = JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: 'All at once.' }, finish_reason: 'stop' }] });
    const { deltas } = await collect(streamChat(model, MESSAGES, { fetch: streamingFetch([answer], 0, 'application/json') }));
    expect(deltas).toEqual(['All at once.']);
    // Events sent with the wrong type are still events.
    const mislabelled = await collect(streamChat(model, MESSAGES, { fetch: streamingFetch([delta('Still'), delta(' events'), 'data: [DONE]\n\n'], 0, 'text/plain') }));
    expect(mislabelled).toEqual({ deltas: ['Still', ' events'] });
    const garbage = await collect(streamChat(model, MESSAGES, { fetch: streamingFetch(['<html>'], 0, 'text/html') }));
    expect(garbage.error).toMatchObject({ code: 'model_error', message: expect.stringContaining('stream of events') });
  });
});

describe('listModels', () => {
  it("lists the server's model ids with the key", async () => {
    expect(await listModels({ endpoint: server.url, apiKey: KEY })).toEqual(['llama3.2:3b', 'qwen2.5:7b']);
    expect(server.requests[0]).toMatchObject({ path: '/v1/models', headers: { authorization: `Bearer ${KEY}` } });
  });

  it('explains a refused key, a missing API base and a server that is down', async () => {
    const error = await listModels({ endpoint: server.url, apiKey: 'sk-nope-1' }, FAST).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'model_error', status: 401 });
    expect(leaks(error, 'sk-nope-1')).toBe(false);
    await expect(listModels({ endpoint: server.url.replace(/\/v1$/, ''), apiKey: KEY }, FAST)).rejects.toMatchObject({
      code: 'model_error',
      status: 404,
      message: expect.stringContaining('/v1'),
    });
    server.script({ kind: 'status', status: 502 }, { kind: 'status', status: 502 });
    await expect(listModels({ endpoint: server.url, apiKey: KEY }, { ...FAST, retries: 1 })).rejects.toMatchObject({ code: 'model_unavailable', status: 502 });
  });
});
