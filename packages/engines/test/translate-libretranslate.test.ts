/** The LibreTranslate-compatible translator against a local HTTP server speaking its API. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibreTranslateTranslator } from '../src/translate/libretranslate.ts';

const KEY = 'lt-secret-key-42';
const DICTIONARY: Record<string, string> = { 'Good morning everyone.': 'Bonjour à tous.', 'The house is white.': 'La maison est blanche.' };

let server: http.Server;
let endpoint: string;
const bodies: unknown[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && req.url === '/languages') {
      json(200, [
        { code: 'en', name: 'English', targets: ['en', 'fr'] },
        { code: 'fr', name: 'French', targets: ['en', 'fr'] },
      ]);
      return;
    }
    if (req.method !== 'POST' || req.url !== '/translate') {
      json(404, { error: 'Not Found' });
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { q: string; source: string; target: string; format: string; api_key?: string };
      bodies.push(body);
      if (body.api_key !== undefined && body.api_key !== KEY) return json(403, { error: `Invalid API key ${body.api_key}` });
      if (body.q === 'overload') return json(500, { error: 'worker crashed' });
      if (body.q === 'slow') return; // never answers
      if (body.q === 'not json') return res.writeHead(200).end('<html>');
      json(200, { translatedText: DICTIONARY[body.q] ?? `[${body.target}] ${body.q}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('LibreTranslate-compatible translator', () => {
  it('posts q, source, target and format, with the key, and returns translatedText', async () => {
    const translator = createLibreTranslateTranslator({ endpoint: `${endpoint}/`, apiKey: KEY, source: 'en', target: 'fr' });
    expect(await translator.translate('Good morning everyone.')).toBe('Bonjour à tous.');
    expect(bodies.at(-1)).toEqual({ q: 'Good morning everyone.', source: 'en', target: 'fr', format: 'text', api_key: KEY });
    // Overlapping calls each get their own answer.
    expect(await Promise.all(['The house is white.', 'Good morning everyone.'].map((t) => translator.translate(t)))).toEqual(['La maison est blanche.', 'Bonjour à tous.']);
    expect(await translator.translate(' \n ')).toBe('');
    expect(await translator.availability()).toEqual({ ok: true });
  });

  it('sends no key when none is configured, and one line of text', async () => {
    const translator = createLibreTranslateTranslator({ endpoint, source: 'fr', target: 'en' });
    expect(await translator.translate('Bonjour\nà tous')).toBe('[en] Bonjour à tous');
    expect(bodies.at(-1)).toEqual({ q: 'Bonjour à tous', source: 'fr', target: 'en', format: 'text' });
  });

  it('explains failures with stable codes and never echoes the key', async () => {
    const refused = createLibreTranslateTranslator({ endpoint, apiKey: 'wrong-key-7', source: 'en', target: 'fr' });
    const error = (await refused.translate('Hello').catch((e: unknown) => e)) as { code: string; message: string; detail: string; retryable: boolean };
    expect(error).toMatchObject({ code: 'engine_unavailable', message: expect.stringContaining('HTTP 403'), retryable: false });
    expect(`${error.message} ${error.detail}`).not.toContain('wrong-key-7');

    const translator = createLibreTranslateTranslator({ endpoint, source: 'en', target: 'fr', timeoutMs: 300 });
    await expect(translator.translate('overload')).rejects.toMatchObject({ code: 'engine_failed', message: expect.stringContaining('HTTP 500'), retryable: true });
    await expect(translator.translate('slow')).rejects.toMatchObject({ code: 'timeout', retryable: true });
    await expect(translator.translate('not json')).rejects.toMatchObject({ code: 'engine_failed', message: expect.stringContaining('JSON') });
    const controller = new AbortController();
    const pending = translator.translate('slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });

    const nowhere = createLibreTranslateTranslator({ endpoint: 'http://127.0.0.1:9', source: 'en', target: 'fr' });
    await expect(nowhere.translate('Hello')).rejects.toMatchObject({ code: 'engine_failed', message: expect.stringContaining('could not be reached') });
    expect(await nowhere.availability()).toEqual({ ok: false, reason: expect.stringContaining('could not be reached') });
  });

  it('goes through the injected fetch (the outbound-address policy)', async () => {
    const seen: string[] = [];
    const policy: typeof fetch = async (input) => {
      seen.push(String(input));
      throw new TypeError('address not allowed');
    };
    const translator = createLibreTranslateTranslator({ endpoint, source: 'en', target: 'fr', fetch: policy });
    await expect(translator.translate('Hello')).rejects.toMatchObject({ code: 'engine_failed' });
    expect(seen).toEqual([`${endpoint}/translate`]);
  });
});
