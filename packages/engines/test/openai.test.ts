/**
 * OpenAI-compatible adapter against a real HTTP server on 127.0.0.1 that speaks the protocol: it parses
 * the multipart request, checks its fields and answers verbose_json (or an error, or nothing).
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMultipart, type Part } from './support/multipart.ts';
import { confidenceFromLogprob, createOpenAiEngine, mapVerboseJson, openAiApiBase, spreadWordsEvenly } from '../src/asr/openai.ts';

const JFK = path.resolve('../shared/fixtures/audio/jfk-en.wav');
const KEY = 'sk-test-secret-123';

const WITH_WORDS = {
  task: 'transcribe',
  language: 'english',
  duration: 11,
  text: 'And so my fellow Americans, ask not.',
  segments: [
    { id: 0, start: 0.3, end: 2.2, text: ' And so my fellow Americans,', avg_logprob: -0.2 },
    { id: 1, start: 3.2, end: 4.4, text: ' ask not.', avg_logprob: -0.5 },
  ],
  words: [
    { word: 'And', start: 0.3, end: 0.5 },
    { word: 'so', start: 0.5, end: 0.8 },
    { word: 'my', start: 0.8, end: 1.1 },
    { word: 'fellow', start: 1.1, end: 1.5 },
    { word: 'Americans', start: 1.5, end: 2.2 },
    { word: 'ask', start: 3.2, end: 3.7 },
    { word: 'not', start: 3.7, end: 4.4 },
  ],
};

const NO_WORDS = {
  language: 'fr',
  segments: [{ start: 1, end: 3, text: ' Bonjour à tous' }],
};

let server: http.Server;
let endpoint: string;
const seen: Array<{ url: string; auth: string | undefined; parts: Part[] }> = [];
let jfkBytes: Buffer;

beforeAll(async () => {
  jfkBytes = await readFile(JFK);
  // A client that gives up (timeout, abort) resets its upload: the request stream then errors, which
  // must end that request, not surface as an unhandled rejection.
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method === 'GET' && req.url === '/v1/models') {
      if (req.headers.authorization && req.headers.authorization !== `Bearer ${KEY}`) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"bad key"}}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"whisper-1"}]}');
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
      res.writeHead(404).end('{"error":"not found"}');
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const parts = parseMultipart(Buffer.concat(chunks), req.headers['content-type'] ?? '');
    seen.push({ url: req.url, auth: req.headers.authorization, parts });
    const field = (name: string) => parts.find((p) => p.name === name)?.data.toString('utf8');
    const model = field('model');
    if (req.headers.authorization && req.headers.authorization !== `Bearer ${KEY}`) {
      // Like OpenAI: the error message quotes (part of) the key it refused.
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `Incorrect API key provided: ${req.headers.authorization.slice(7)}` } }));
      return;
    }
    if (model === 'slow') return; // never answers
    if (model === 'broken') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"CUDA out of memory"}}');
      return;
    }
    if (model === 'missing') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"model not found"}}');
      return;
    }
    if (model === 'tiny-limit') {
      res.writeHead(413).end('too large');
      return;
    }
    const file = parts.find((p) => p.name === 'file');
    if (!file || file.data.length === 0 || field('response_format') !== 'verbose_json') {
      res.writeHead(400).end('{"error":"bad request"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(model === 'no-words' ? NO_WORDS : WITH_WORDS));
  };
  server = http.createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('OpenAI-compatible engine against a local server', () => {
  it('sends the multipart request the protocol expects and maps word timestamps', async () => {
    const engine = createOpenAiEngine({ endpoint: `${endpoint}/`, model: 'whisper-1', apiKey: KEY });
    const progress: number[] = [];
    const result = await engine.transcribe({ wavPath: JFK, language: 'en', onProgress: (f) => progress.push(f) });

    const request = seen.at(-1)!;
    expect(request.auth).toBe(`Bearer ${KEY}`);
    const fields = request.parts.filter((p) => p.name !== 'file').map((p) => [p.name, p.data.toString()]);
    expect(fields).toEqual([
      ['model', 'whisper-1'],
      ['response_format', 'verbose_json'],
      ['timestamp_granularities[]', 'word'],
      ['timestamp_granularities[]', 'segment'],
      ['language', 'en'],
    ]);
    const file = request.parts.find((p) => p.name === 'file')!;
    expect(file.filename).toBe('audio.wav');
    expect(file.contentType).toBe('audio/wav');
    expect(Buffer.compare(file.data, jfkBytes)).toBe(0);

    expect(result.language).toBe('en');
    expect(result.segments).toHaveLength(2);
    expect(result.segments[0]!.words.map((w) => w.word)).toEqual(['And', 'so', 'my', 'fellow', 'Americans']);
    expect(result.segments[0]!.words[0]).toEqual({ word: 'And', stime: 0.3, etime: 0.5, confidence: confidenceFromLogprob(-0.2) });
    expect(result.segments[1]).toMatchObject({ stime: 3.2, etime: 4.4 });
    expect(result.segments[1]!.words[0]!.confidence).toBeCloseTo(Math.exp(-0.5), 3);
    expect(progress.at(-1)).toBe(1);
  });

  it('omits language for automatic detection and spreads segment times evenly when there are no word timestamps', async () => {
    const engine = createOpenAiEngine({ endpoint, model: 'no-words' });
    const result = await engine.transcribe({ wavPath: JFK, language: 'auto' });
    const request = seen.at(-1)!;
    expect(request.auth).toBeUndefined();
    expect(request.parts.some((p) => p.name === 'language')).toBe(false);
    expect(result).toEqual({
      language: 'fr',
      segments: [
        {
          stime: 1,
          etime: 3,
          words: [
            { word: 'Bonjour', stime: 1, etime: 1.667, confidence: 1 },
            { word: 'à', stime: 1.667, etime: 2.333, confidence: 1 },
            { word: 'tous', stime: 2.333, etime: 3, confidence: 1 },
          ],
        },
      ],
    });
  });

  it('explains HTTP errors without echoing the API key', async () => {
    const wrongKey = 'sk-wrong-key-456';
    const refused = createOpenAiEngine({ endpoint, apiKey: wrongKey });
    const error = await refused.transcribe({ wavPath: JFK, language: 'en' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'engine_unavailable', message: expect.stringContaining('HTTP 401') });
    const { message, detail } = error as { message: string; detail: string };
    expect(message).not.toContain(wrongKey);
    expect(detail).toContain('Incorrect API key');
    expect(detail).not.toContain(wrongKey);
    expect(await refused.availability()).toEqual({ ok: false, reason: expect.stringContaining('refused the API key') });

    await expect(createOpenAiEngine({ endpoint, model: 'broken' }).transcribe({ wavPath: JFK, language: 'en' })).rejects.toMatchObject({
      code: 'engine_failed',
      message: expect.stringContaining('HTTP 500'),
      detail: expect.stringContaining('CUDA out of memory'),
    });
    await expect(createOpenAiEngine({ endpoint, model: 'missing' }).transcribe({ wavPath: JFK, language: 'en' })).rejects.toMatchObject({
      code: 'engine_unavailable',
      message: expect.stringContaining('HTTP 404'),
    });
    await expect(createOpenAiEngine({ endpoint, model: 'tiny-limit' }).transcribe({ wavPath: JFK, language: 'en' })).rejects.toMatchObject({
      code: 'engine_failed',
      message: expect.stringContaining('too large'),
    });
    await expect(createOpenAiEngine({ endpoint: 'http://127.0.0.1:9/nothing' }).transcribe({ wavPath: JFK, language: 'en' })).rejects.toMatchObject({
      code: 'engine_failed',
    });
  });

  it('times out and honours an AbortSignal', async () => {
    const slow = createOpenAiEngine({ endpoint, model: 'slow', timeoutMs: 300 });
    const started = Date.now();
    await expect(slow.transcribe({ wavPath: JFK, language: 'en' })).rejects.toMatchObject({ code: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5000);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(createOpenAiEngine({ endpoint, model: 'slow' }).transcribe({ wavPath: JFK, language: 'en', signal: controller.signal })).rejects.toMatchObject({
      code: 'aborted',
    });
  });

  it('reports availability', async () => {
    expect(await createOpenAiEngine({}).availability()).toEqual({ ok: false, reason: expect.stringContaining('No endpoint') });
    expect(await createOpenAiEngine({ endpoint, apiKey: KEY }).availability()).toEqual({ ok: true });
    expect(await createOpenAiEngine({ endpoint: 'http://127.0.0.1:9' }).availability()).toEqual({ ok: false, reason: expect.stringContaining('not reachable') });
    expect(await createOpenAiEngine({ endpoint: 'http://127.0.0.1:9', checkReachable: false }).availability()).toEqual({ ok: true });
    await expect(createOpenAiEngine({}).transcribe({ wavPath: JFK, language: 'en' })).rejects.toMatchObject({ code: 'engine_unavailable' });
  });
});

describe('verbose_json mapping', () => {
  it('normalises the endpoint', () => {
    expect(openAiApiBase('https://api.openai.com/v1/')).toBe('https://api.openai.com/v1');
    expect(openAiApiBase('http://localhost:8000')).toBe('http://localhost:8000/v1');
  });

  it('uses words nested in segments and their probabilities (faster-whisper servers)', () => {
    const result = mapVerboseJson(
      {
        language: 'en',
        segments: [
          {
            start: 0,
            end: 1,
            text: ' hi there',
            avg_logprob: -0.1,
            words: [
              { word: ' hi', start: 0, end: 0.4, probability: 0.9 },
              { word: ' there', start: 0.4, end: 1 },
            ],
          },
        ],
      },
      'auto',
    );
    expect(result.segments[0]!.words).toEqual([
      { word: 'hi', stime: 0, etime: 0.4, confidence: 0.9 },
      { word: 'there', stime: 0.4, etime: 1, confidence: confidenceFromLogprob(-0.1) },
    ]);
  });

  it('clamps confidences, handles words without segments and refuses other detected languages', () => {
    expect(confidenceFromLogprob(0.3)).toBe(1);
    expect(confidenceFromLogprob(undefined)).toBe(1);
    expect(confidenceFromLogprob(-Infinity)).toBe(1);
    expect(confidenceFromLogprob(-50)).toBe(0);
    const onlyWords = mapVerboseJson({ words: [{ word: 'yes', start: 2, end: 2.5 }] }, 'en');
    expect(onlyWords).toEqual({ language: 'en', segments: [{ stime: 2, etime: 2.5, words: [{ word: 'yes', stime: 2, etime: 2.5, confidence: 1 }] }] });
    expect(() => mapVerboseJson({ language: 'german', segments: [] }, 'auto')).toThrow(/German|german/);
    expect(mapVerboseJson({ language: 'german', segments: [] }, 'fr').language).toBe('fr');
    expect(spreadWordsEvenly('a b', 1, 1, 0.5)).toEqual([
      { word: 'a', stime: 1, etime: 1, confidence: 0.5 },
      { word: 'b', stime: 1, etime: 1, confidence: 0.5 },
    ]);
  });
});
