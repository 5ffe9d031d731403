/**
 * Live streams through an OpenAI-compatible server: a local HTTP server speaks the protocol
 * (multipart request, verbose_json answer). For the streaming contract it hears each utterance's
 * WAV as a piece of jfk-en.wav (`wordsHeard`, which also proves the WAV carries the stream's exact
 * samples); other models script answers out of order, failures and silence to check ordering,
 * bounded concurrency, retries and errors.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiEngine, liveOpenAiStreams } from '../src/asr/openai.ts';
import type { StreamResult, TranscriptionStream } from '../src/asr/streaming.ts';
import { parseWavHeader } from '../src/media/wav.ts';
import { wordsHeard } from './support/jfk-timeline.ts';
import { parseMultipart } from './support/multipart.ts';
import { syntheticSpeechBytes } from './support/synthetic-speech.ts';
import { describeStreamingContract, jfkSamples } from './support/streaming-contract.ts';

const KEY = 'sk-live-secret-789';

let server: http.Server;
let endpoint: string;
let inFlight = 0;
let maxInFlight = 0;
const attempts = new Map<string, number>();
const received: Array<{ model: string; language: string | undefined; seconds: number; auth: string | undefined }> = [];

const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
    json(res, 404, { error: 'not found' });
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const parts = parseMultipart(Buffer.concat(chunks), req.headers['content-type'] ?? '');
  const field = (name: string) => parts.find((p) => p.name === name)?.data.toString('utf8');
  const model = field('model') ?? '';
  const file = parts.find((p) => p.name === 'file')?.data;
  if (!file || field('response_format') !== 'verbose_json') {
    json(res, 400, { error: 'bad request' });
    return;
  }
  const wav = parseWavHeader(file, file.length);
  const seconds = wav.durationSeconds;
  received.push({ model, language: field('language'), seconds, auth: req.headers.authorization });
  const tries = (attempts.get(model) ?? 0) + 1;
  attempts.set(model, tries);

  switch (model) {
    case 'jfk': {
      const samples = new Int16Array(file.buffer.slice(file.byteOffset + wav.dataOffset, file.byteOffset + wav.dataOffset + wav.dataBytes));
      const words = wordsHeard(samples).map((w) => ({ word: ` ${w.word}`, start: w.start, end: w.end }));
      const segments = words.length ? [{ start: words[0]!.start, end: words.at(-1)!.end, text: words.map((w) => w.word).join(''), avg_logprob: -0.1 }] : [];
      json(res, 200, { language: 'english', duration: seconds, text: segments[0]?.text ?? '', segments, words });
      return;
    }
    case 'numbered': {
      // Utterances are told apart by their length; the shorter (earlier) ones are answered last.
      const tenths = Math.round(seconds * 10);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, (25 - tenths) * 60)));
      json(res, 200, { language: 'en', segments: [{ start: 0.1, end: seconds, text: ` length${tenths}` }] });
      return;
    }
    case 'flaky':
      if (tries <= 2) {
        json(res, tries === 1 ? 503 : 500, { error: { message: 'overloaded' } });
        return;
      }
      json(res, 200, { language: 'fr', segments: [{ start: 0.1, end: 0.5, text: ' bonjour' }] });
      return;
    case 'down':
      json(res, 503, { error: { message: 'down for maintenance' } });
      return;
    case 'refused':
      json(res, 401, { error: { message: `Incorrect API key provided: ${req.headers.authorization?.slice(7)}` } });
      return;
    case 'mute':
      return; // never answers
  }
  json(res, 404, { error: { message: 'model not found' } });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    answer(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describeStreamingContract('openai', {
  open: (options) => createOpenAiEngine({ endpoint, model: 'jfk', apiKey: KEY }).openStream(options),
  maxWer: 0.05,
  partials: false,
  liveResources: liveOpenAiStreams,
});

const speech = syntheticSpeechBytes;

/** Four utterances of growing length (1, 1.2, 1.4 and 1.6 s of speech). */
const FOUR_UTTERANCES: Array<[number, number]> = [
  [0.5, 1.5],
  [2.5, 3.7],
  [4.7, 6.1],
  [7.1, 8.7],
];

function finalsOf(stream: TranscriptionStream) {
  const finals: Array<StreamResult & { language: string }> = [];
  stream.on('final', (final) => finals.push(final));
  stream.on('partial', () => {
    throw new Error('no partials expected');
  });
  return finals;
}

describe('OpenAI-compatible live stream', () => {
  it('sends each utterance as a WAV and emits finals in utterance order when answers come back out of order', async () => {
    const before = received.length;
    maxInFlight = 0;
    const stream = createOpenAiEngine({ endpoint, model: 'numbered', stream: { maxConcurrent: 3 } }).openStream({ language: 'en' });
    const finals = finalsOf(stream);
    stream.write(speech(10, FOUR_UTTERANCES));
    await stream.end();
    const requests = received.slice(before);
    expect(requests).toHaveLength(4);
    for (const r of requests) expect(r.language).toBe('en');
    // Each request is one utterance: its speech plus 0.3 s before and 0.2 s after.
    expect(requests.map((r) => Math.round(r.seconds * 10)).sort()).toEqual([15, 17, 19, 21]);
    // Answers arrived last-first; finals are still in utterance order, at their utterance's time.
    expect(finals.map((f) => f.text)).toEqual(['length15', 'length17', 'length19', 'length21']);
    expect(finals.map((f) => f.words[0]!.start)).toEqual([0.3, 2.3, 4.5, 6.9]);
    expect(maxInFlight).toBeLessThanOrEqual(3);
    expect(maxInFlight).toBeGreaterThan(1);
  });

  it('keeps at most maxConcurrent requests in flight', async () => {
    maxInFlight = 0;
    const stream = createOpenAiEngine({ endpoint, model: 'numbered', stream: { maxConcurrent: 1 } }).openStream({ language: 'auto' });
    const finals = finalsOf(stream);
    stream.write(speech(10, FOUR_UTTERANCES));
    await stream.end();
    expect(finals).toHaveLength(4);
    expect(maxInFlight).toBe(1);
  });

  it('retries 5xx answers with backoff, then goes on', async () => {
    attempts.delete('flaky');
    const stream = createOpenAiEngine({ endpoint, model: 'flaky', stream: { retryDelayMs: 20 } }).openStream({ language: 'auto' });
    const finals = finalsOf(stream);
    stream.write(speech(2.5, [[0.5, 1.5]]));
    await stream.end();
    expect(attempts.get('flaky')).toBe(3);
    expect(finals).toEqual([{ text: 'bonjour', language: 'fr', words: [expect.objectContaining({ word: 'bonjour' })] }]);
  });

  it('ends with an error once retries are exhausted', async () => {
    attempts.delete('down');
    const stream = createOpenAiEngine({ endpoint, model: 'down', stream: { retries: 2, retryDelayMs: 10 } }).openStream({ language: 'en' });
    const errors: Error[] = [];
    stream.on('error', (error) => errors.push(error));
    stream.write(speech(2.5, [[0.5, 1.5]]));
    await expect(stream.end()).rejects.toMatchObject({ code: 'engine_failed', message: expect.stringContaining('HTTP 503') });
    expect(attempts.get('down')).toBe(3);
    expect(errors).toHaveLength(1);
    expect(() => stream.write(Buffer.alloc(2))).toThrow(/HTTP 503/);
  });

  it('does not retry a refused key, and never echoes it', async () => {
    attempts.delete('refused');
    const stream = createOpenAiEngine({ endpoint, model: 'refused', apiKey: KEY }).openStream({ language: 'en' });
    const error = new Promise<Error & { detail?: string }>((resolve) => stream.on('error', resolve));
    stream.write(speech(2.5, [[0.5, 1.5]]));
    stream.end().catch(() => undefined);
    const failure = await error;
    expect(failure).toMatchObject({ code: 'engine_unavailable', message: expect.stringContaining('HTTP 401') });
    expect(`${failure.message} ${failure.detail}`).not.toContain(KEY);
    expect(attempts.get('refused')).toBe(1);
  });

  it('times out a server that does not answer, retrying first', async () => {
    attempts.delete('mute');
    const stream = createOpenAiEngine({ endpoint, model: 'mute', stream: { requestTimeoutMs: 1500, retries: 1, retryDelayMs: 10 } }).openStream({ language: 'en' });
    stream.write(speech(2.5, [[0.5, 1.5]]));
    await expect(stream.end()).rejects.toMatchObject({ code: 'timeout' });
    expect(attempts.get('mute')).toBe(2);
  });

  it('reports a server that cannot be reached, and needs an endpoint', async () => {
    const stream = createOpenAiEngine({ endpoint: 'http://127.0.0.1:9', stream: { retries: 1, retryDelayMs: 10 } }).openStream({ language: 'en' });
    stream.write(speech(2.5, [[0.5, 1.5]]));
    await expect(stream.end()).rejects.toMatchObject({ code: 'engine_failed', message: expect.stringContaining('could not be reached') });
    expect(() => createOpenAiEngine({}).openStream({ language: 'en' })).toThrow(expect.objectContaining({ code: 'engine_unavailable' }));
  });

  it('applies the injected fetch (the outbound-address policy) to live requests', async () => {
    const seen: string[] = [];
    const policy: typeof fetch = async (input) => {
      seen.push(String(input));
      throw new TypeError('address not allowed by the outbound policy');
    };
    const stream = createOpenAiEngine({ endpoint, model: 'numbered', fetch: policy, stream: { retries: 0 } }).openStream({ language: 'en' });
    stream.write(speech(2.5, [[0.5, 1.5]]));
    await expect(stream.end()).rejects.toMatchObject({ code: 'engine_failed' });
    expect(seen).toEqual([`${endpoint}/v1/audio/transcriptions`]);
  });

  it('sends the language asked for and the key', async () => {
    const before = received.length;
    const stream = createOpenAiEngine({ endpoint, model: 'numbered', apiKey: KEY }).openStream({ language: 'fr' });
    const finals = finalsOf(stream);
    const pcm = jfkSamples();
    stream.write(pcm.subarray(0, 3 * 32_000));
    await stream.end();
    expect(finals.length).toBeGreaterThan(0);
    expect(received.slice(before).every((r) => r.auth === `Bearer ${KEY}` && r.language === 'fr')).toBe(true);
  });
});
