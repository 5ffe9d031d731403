/** The OpenAI-compatible chat translator against a local HTTP server speaking the chat completions API. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatTranslationPrompt, cleanChatTranslation, createOpenAiChatTranslator } from '../src/translate/openai-chat.ts';

const KEY = 'sk-chat-secret-42';
const MODEL = 'llama3.2:3b';
const DICTIONARY: Record<string, string> = {
  'Good morning everyone.': 'Bonjour à tous.',
  'The house is white.': 'Translation: "La maison est blanche."',
  'We have 3 meetings with Alice.': 'Nous avons 3 réunions avec Alice.',
};

interface ChatBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  temperature: number;
  stream?: boolean;
}

let server: http.Server;
let endpoint: string;
const requests: Array<{ body: ChatBody; authorization: string | undefined }> = [];
/** How many times each text was asked for. */
const asked = new Map<string, number>();
let inFlight = 0;
let mostInFlight = 0;

function completion(content: string) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: MODEL,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 40, completion_tokens: 8, total_tokens: 48 },
  };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
    const authorized = req.headers.authorization === undefined || req.headers.authorization === `Bearer ${KEY}`;
    if (req.method === 'GET' && req.url === '/v1/models') {
      if (!authorized) return json(401, { error: { message: `Incorrect API key provided: ${req.headers.authorization}`, type: 'invalid_request_error' } });
      return json(200, { object: 'list', data: [{ id: MODEL, object: 'model' }] });
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(404, { error: { message: 'Not found' } });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatBody;
      requests.push({ body, authorization: req.headers.authorization });
      if (!authorized) {
        return json(401, { error: { message: `Incorrect API key provided: ${req.headers.authorization?.slice(7)}`, type: 'invalid_request_error', code: 'invalid_api_key' } });
      }
      const text = body.messages.find((m) => m.role === 'user')?.content ?? '';
      const count = (asked.get(text) ?? 0) + 1;
      asked.set(text, count);
      if (text === 'flaky' && count === 1) return json(500, { error: { message: 'model runner crashed' } });
      if (text === 'busy' && count === 1) return json(429, { error: { message: 'rate limited' } }, { 'retry-after': '0' });
      if (text === 'always down') return json(503, { error: { message: 'loading model' } });
      if (text === 'bad request') return json(400, { error: { message: 'context length exceeded' } });
      if (text === 'slow') return; // never answers
      if (text === 'not json') return res.writeHead(200).end('<html>');
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        json(200, completion(DICTIONARY[text] ?? (text === 'flaky' || text === 'busy' ? `ok ${text}` : `[fr] ${text}`)));
      }, 30);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

beforeEach(() => {
  mostInFlight = 0;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('OpenAI-compatible chat translator', () => {
  it('posts the model, a system prompt naming both languages, the text and temperature 0, with the key as a bearer', async () => {
    const translator = createOpenAiChatTranslator({ endpoint: `${endpoint}/`, model: MODEL, apiKey: KEY, source: 'en', target: 'fr' });
    expect(await translator.translate('Good morning\neveryone.')).toBe('Bonjour à tous.');
    const { body, authorization } = requests.at(-1)!;
    expect(authorization).toBe(`Bearer ${KEY}`);
    expect(body).toEqual({
      model: MODEL,
      messages: [
        { role: 'system', content: chatTranslationPrompt('en', 'fr') },
        { role: 'user', content: 'Good morning everyone.' },
      ],
      temperature: 0,
      stream: false,
    });
    expect(body.messages[0]!.content).toMatch(/English text into French/);
    expect(body.messages[0]!.content).toMatch(/translation only/);
    expect(body.messages[0]!.content).toMatch(/names, numbers/);
    // The "Translation:" prefix and the quotes the model added are cut.
    expect(await translator.translate('The house is white.')).toBe('La maison est blanche.');
    expect(await translator.translate(' \n ')).toBe('');
    expect(await translator.availability()).toEqual({ ok: true });
  });

  it('gives each overlapping call its own answer, with at most maxConcurrent requests in flight', async () => {
    const translator = createOpenAiChatTranslator({ endpoint, model: MODEL, source: 'en', target: 'fr', maxConcurrent: 2 });
    const texts = ['one', 'two', 'three', 'four', 'five', 'Good morning everyone.'];
    expect(await Promise.all(texts.map((t) => translator.translate(t)))).toEqual(['[fr] one', '[fr] two', '[fr] three', '[fr] four', '[fr] five', 'Bonjour à tous.']);
    expect(mostInFlight).toBe(2);
    expect(requests.at(-1)!.authorization).toBeUndefined();
  });

  it('tries again after a 500 or a 429, not after a 400', async () => {
    const translator = createOpenAiChatTranslator({ endpoint, model: MODEL, source: 'en', target: 'fr', retryDelayMs: 20 });
    expect(await translator.translate('flaky')).toBe('ok flaky');
    expect(asked.get('flaky')).toBe(2);
    expect(await translator.translate('busy')).toBe('ok busy');
    expect(asked.get('busy')).toBe(2);
    await expect(translator.translate('bad request')).rejects.toMatchObject({ code: 'engine_failed', message: expect.stringContaining('HTTP 400'), retryable: false });
    expect(asked.get('bad request')).toBe(1);
    // Three tries in all (two retries), then the failure.
    await expect(translator.translate('always down')).rejects.toMatchObject({ code: 'engine_failed', message: expect.stringContaining('HTTP 503'), retryable: true });
    expect(asked.get('always down')).toBe(3);
    await expect(translator.translate('not json')).rejects.toMatchObject({ code: 'engine_failed', message: expect.stringContaining('JSON') });
  });

  it('explains a refused key without the key', async () => {
    const translator = createOpenAiChatTranslator({ endpoint, model: MODEL, apiKey: 'sk-wrong-key-7', source: 'en', target: 'fr', retryDelayMs: 20 });
    const before = requests.length;
    const error = (await translator.translate('Hello').catch((e: unknown) => e)) as { code: string; message: string; detail: string; retryable: boolean };
    expect(error).toMatchObject({ code: 'engine_unavailable', message: expect.stringContaining('refused the API key (HTTP 401)'), retryable: false });
    expect(requests.length).toBe(before + 1);
    expect(error.detail).toContain('Incorrect API key');
    expect(`${error.message} ${error.detail} ${String(error)}`).not.toContain('sk-wrong-key-7');
    const available = await translator.availability();
    expect(available).toEqual({ ok: false, reason: expect.stringContaining('HTTP 401') });
    expect(JSON.stringify(available)).not.toContain('sk-wrong-key-7');
  });

  it('gives up on a slow answer with a timeout, and stops on cancel and on close', async () => {
    const translator = createOpenAiChatTranslator({ endpoint, model: MODEL, source: 'en', target: 'fr', timeoutMs: 300 });
    const started = Date.now();
    await expect(translator.translate('slow')).rejects.toMatchObject({ code: 'timeout', message: expect.stringContaining('did not answer within 0.3 s') });
    // Not tried again: the text is late already.
    expect(asked.get('slow')).toBe(1);
    expect(Date.now() - started).toBeLessThan(2000);

    const patient = createOpenAiChatTranslator({ endpoint, model: MODEL, source: 'en', target: 'fr', timeoutMs: 60_000, maxConcurrent: 1 });
    const controller = new AbortController();
    const cancelled = patient.translate('slow', { signal: controller.signal });
    // Waiting for the only slot behind the cancelled one.
    const waiting = patient.translate('slow');
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'aborted' });
    await patient.close();
    await expect(waiting).rejects.toMatchObject({ code: 'aborted' });
    // Usable again after close.
    expect(await patient.translate('Good morning everyone.')).toBe('Bonjour à tous.');
  });

  it('reports an unreachable server and an address without the API base', async () => {
    const nowhere = createOpenAiChatTranslator({ endpoint: 'http://127.0.0.1:9/v1', model: MODEL, source: 'en', target: 'fr', retries: 1, retryDelayMs: 10 });
    await expect(nowhere.translate('Hello')).rejects.toMatchObject({ code: 'engine_failed', message: expect.stringContaining('could not be reached'), retryable: true });
    expect(await nowhere.availability()).toEqual({ ok: false, reason: expect.stringContaining('could not be reached') });
    const noBase = createOpenAiChatTranslator({ endpoint: endpoint.replace(/\/v1$/, ''), model: MODEL, source: 'en', target: 'fr' });
    expect(await noBase.availability()).toEqual({ ok: false, reason: expect.stringContaining('/v1') });
    await expect(noBase.translate('Hello')).rejects.toMatchObject({ code: 'engine_unavailable', message: expect.stringContaining('HTTP 404') });
  });

  it('goes through the injected fetch (the outbound-address policy)', async () => {
    const seen: string[] = [];
    const policy: typeof fetch = async (input, init) => {
      seen.push(`${init?.method ?? 'GET'} ${String(input)} ${init?.redirect}`);
      throw new TypeError('address not allowed');
    };
    const translator = createOpenAiChatTranslator({ endpoint, model: MODEL, source: 'fr', target: 'en', fetch: policy, retries: 0 });
    await expect(translator.translate('Bonjour')).rejects.toMatchObject({ code: 'engine_failed', message: expect.stringContaining('address not allowed') });
    expect(seen).toEqual([`POST ${endpoint}/chat/completions manual`]);
  });
});

describe('cleaning a chat answer', () => {
  it('cuts what models add around the translation', () => {
    expect(cleanChatTranslation('Bonjour à tous.', 'Good morning everyone.', 'fr')).toBe('Bonjour à tous.');
    expect(cleanChatTranslation('  "Bonjour à tous."  ', 'Good morning everyone.', 'fr')).toBe('Bonjour à tous.');
    expect(cleanChatTranslation('« Bonjour à tous. »', 'Good morning everyone.', 'fr')).toBe('Bonjour à tous.');
    expect(cleanChatTranslation('Translation: Bonjour.', 'Hello.', 'fr')).toBe('Bonjour.');
    expect(cleanChatTranslation('French translation: "Bonjour."', 'Hello.', 'fr')).toBe('Bonjour.');
    expect(cleanChatTranslation("Here's the translation: Bonjour.", 'Hello.', 'fr')).toBe('Bonjour.');
    expect(cleanChatTranslation('**Translation:** Bonjour.', 'Hello.', 'fr')).toBe('Bonjour.');
    expect(cleanChatTranslation('Traduction : Bonjour.', 'Hello.', 'fr')).toBe('Bonjour.');
    expect(cleanChatTranslation('English: Hello.', 'Bonjour.', 'en')).toBe('Hello.');
    expect(cleanChatTranslation('<think>\nThe user wants French.\n</think>\n\nBonjour.', 'Hello.', 'fr')).toBe('Bonjour.');
    expect(cleanChatTranslation('Bonjour.\n\n(Note: "Hello" is informal.)', 'Hello.', 'fr')).toBe('Bonjour.');
    expect(cleanChatTranslation('Bonjour\nà tous.', 'Hello everyone.', 'fr')).toBe('Bonjour à tous.');
    expect(cleanChatTranslation("Sure! Here's the French translation:\n\n“Bonjour à tous.”", 'Hello everyone.', 'fr')).toBe('Bonjour à tous.');
  });

  it('keeps quotes the text had, and text that only looks like a label', () => {
    expect(cleanChatTranslation('"Oui", dit-il, "non".', '"Yes", he said, "no".', 'fr')).toBe('"Oui", dit-il, "non".');
    expect(cleanChatTranslation('"Bonjour"', '"Hello"', 'fr')).toBe('"Bonjour"');
    expect(cleanChatTranslation('La traduction est difficile.', 'Translation is hard.', 'fr')).toBe('La traduction est difficile.');
    expect(cleanChatTranslation("L'ordre du jour est le suivant :\n(Note: formal register.)", 'The agenda is as follows:', 'fr')).toBe("L'ordre du jour est le suivant :");
  });
});
