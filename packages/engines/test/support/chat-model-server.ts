/**
 * A language-model server for tests that speaks the OpenAI-compatible protocol for real, on
 * 127.0.0.1 and a random port:
 *
 * - `POST /v1/chat/completions`: a JSON chat completion, or with `stream: true` server-sent events
 *   (a `: keep-alive` comment, one `data: {"choices":[{"delta":{"content":"…"}}]}` event per word,
 *   a last chunk with `finish_reason: "stop"`, then `data: [DONE]`), written one event at a time;
 * - `GET /v1/models`: `{ object: 'list', data: [{ id }] }`;
 * - errors as OpenAI sends them: `{ error: { message, type, code } }`; 401 when `apiKey` is set and
 *   the request does not carry it as a bearer token (this takes no scripted step); 404 for another
 *   path, or for a model that is not in `models` when `models` was given.
 *
 * Every request is recorded (`requests`); each request to either endpoint takes the next scripted
 * step (`script`, first in first out), or `reply` when none is left.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatModelServer {
  /** http://127.0.0.1:PORT/v1 */
  url: string;
  requests: Array<{ path: string; body: any; headers: Record<string, string> }>;
  /** Queue behaviours for the next requests (FIFO; default: reply()). */
  script(...steps: ChatModelStep[]): void;
  close(): Promise<void>;
}

export type ChatModelStep =
  | { kind: 'reply'; text?: string | ((body: any) => string) }
  | { kind: 'status'; status: number; retryAfter?: number; body?: string }
  | { kind: 'hang' }
  | { kind: 'cut'; afterChunks: number };

interface ChatBody {
  model?: string;
  messages?: Array<{ role?: string; content?: string }>;
  stream?: boolean;
}

/** The default answer: "Summary: " and the first twelve words of the last user message. */
export function defaultReply(body: ChatBody | undefined): string {
  const last = [...(body?.messages ?? [])].reverse().find((message) => message.role === 'user');
  const words = (last?.content ?? '').split(/\s+/).filter(Boolean).slice(0, 12);
  return `Summary: ${words.join(' ')}`.trim();
}

/** The answer's text in stream deltas: one per word, each word with the space before it. */
export function streamPieces(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [text];
}

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  401: 'Incorrect API key provided',
  404: 'Not found',
  408: 'Request timeout',
  429: 'Rate limit reached, please try again later',
  500: 'The server had an error while processing your request',
  502: 'Bad gateway',
  503: 'The model is loading, please try again later',
};

export async function startChatModelServer(options: { models?: string[]; apiKey?: string } = {}): Promise<ChatModelServer> {
  const steps: ChatModelStep[] = [];
  const requests: ChatModelServer['requests'] = [];
  let created = 1_700_000_000;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]));
      requests.push({ path, body, headers });
      answer(req, res, path, body as ChatBody | undefined);
    });
  });

  function error(res: http.ServerResponse, status: number, message: string, extra: Record<string, string> = {}) {
    const type = status >= 500 ? 'server_error' : 'invalid_request_error';
    res.writeHead(status, { 'content-type': 'application/json', ...extra }).end(JSON.stringify({ error: { message, type, code: status === 401 ? 'invalid_api_key' : null } }));
  }

  function answer(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: ChatBody | undefined) {
    const isChat = req.method === 'POST' && path === '/v1/chat/completions';
    const isModels = req.method === 'GET' && path === '/v1/models';
    if (!isChat && !isModels) return error(res, 404, `Unknown request URL: ${req.method} ${path}`);
    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      const sent = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      return error(res, 401, `Incorrect API key provided: ${sent || '(none)'}`);
    }
    const step = steps.shift() ?? { kind: 'reply' };
    if (step.kind === 'hang') return;
    if (step.kind === 'status') {
      const extra: Record<string, string> = step.retryAfter === undefined ? {} : { 'retry-after': String(step.retryAfter) };
      if (step.body !== undefined) return res.writeHead(step.status, { 'content-type': 'application/json', ...extra }).end(step.body);
      return error(res, step.status, STATUS_MESSAGES[step.status] ?? `HTTP ${step.status}`, extra);
    }
    if (isModels) {
      if (step.kind === 'cut') return res.socket?.destroy();
      const ids = options.models ?? ['test-model'];
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'list', data: ids.map((id) => ({ id, object: 'model', created, owned_by: 'palabre-test' })) }));
    }
    if (typeof body !== 'object' || body === null || !Array.isArray(body.messages)) return error(res, 400, "'messages' is a required property");
    const model = body.model ?? '';
    if (options.models && !options.models.includes(model)) return error(res, 404, `model '${model}' not found`);
    const text = step.kind === 'reply' ? (typeof step.text === 'function' ? step.text(body) : (step.text ?? defaultReply(body))) : defaultReply(body);
    created++;
    if (body.stream) return stream(res, model, text, step.kind === 'cut' ? step.afterChunks : undefined);
    if (step.kind === 'cut') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"chatcmpl-cut","choices":[{"index":0,"message":{"role":"assistant","content":"');
      return setImmediate(() => res.socket?.destroy());
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-${created}`,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 0, completion_tokens: streamPieces(text).length, total_tokens: streamPieces(text).length },
      }),
    );
  }

  function stream(res: http.ServerResponse, model: string, text: string, cutAfter: number | undefined) {
    const id = `chatcmpl-${created}`;
    const chunk = (delta: Record<string, string>, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const pieces = streamPieces(text);
    const events = [': keep-alive\n\n', ...pieces.map((piece, index) => chunk(index === 0 ? { role: 'assistant', content: piece } : { content: piece }, null))];
    if (cutAfter === undefined) events.push(chunk({}, 'stop'), 'data: [DONE]\n\n');
    else events.splice(1 + cutAfter);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const next = () => {
      if (res.destroyed) return;
      const event = events.shift();
      if (event !== undefined) {
        res.write(event);
        setTimeout(next, 2);
      } else if (cutAfter === undefined) res.end();
      else res.socket?.destroy();
    };
    next();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...more) => void steps.push(...more),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
