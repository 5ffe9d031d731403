/**
 * The live translator pool: Apertium (installed here and in CI by `scripts/ensure-system.sh test`)
 * really translating, one shared translator per direction, processes ended by close(), nothing
 * offered without Apertium; the OpenAI-compatible backend against a local server speaking the chat
 * completions API, through the outbound-address policy's fetch.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apertiumTranslates, type ApertiumTranslator } from '@palabre/engines';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { Logger } from '../../src/context.ts';
import { createTranslatorPool } from '../../src/live/translators.ts';

const APERTIUM = apertiumTranslates('en', 'fr') && apertiumTranslates('fr', 'en');

function recordingLog(): Logger & { lines: Array<{ level: string; obj: unknown; msg: string | undefined }> } {
  const lines: Array<{ level: string; obj: unknown; msg: string | undefined }> = [];
  const at = (level: string) => (obj: object | string, msg?: string) => void lines.push({ level, obj, msg });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

function alive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!APERTIUM)('the translator pool with Apertium (default)', () => {
  const log = recordingLog();
  const pool = createTranslatorPool(loadConfig({}), { log });
  afterAll(() => pool.close());

  it('really translates "my fellow Americans" into French', async () => {
    const translator = pool.get('en', 'fr');
    expect(translator?.id).toBe('apertium');
    const french = await translator!.translate('And so, my fellow Americans, ask not what your country can do for you.');
    expect(french).toMatch(/américains/i);
    expect(french).toMatch(/pays/);
    expect(await pool.get('fr', 'en')!.translate('La maison est blanche.')).toMatch(/house/i);
  });

  it('shares one translator per direction, and says which directions it reaches', () => {
    expect(pool.get('en', 'fr')).toBe(pool.get('en', 'fr'));
    expect(pool.get('en', 'fr')).not.toBe(pool.get('fr', 'en'));
    expect(pool.targets('en')).toEqual(['fr']);
    expect(pool.targets('fr')).toEqual(['en']);
    expect(pool.targets('de')).toEqual([]);
    expect(pool.get('en', 'en')).toBeNull();
    expect(pool.get('en', 'de')).toBeNull();
    expect(pool.get('xx', 'fr')).toBeNull();
    expect(log.lines.filter((line) => line.msg === 'live translator started')).toHaveLength(2);
  });

  it('ends the pipelines on close, and starts afresh afterwards', async () => {
    const own = createTranslatorPool(loadConfig({}), { log: recordingLog() });
    const english = own.get('en', 'fr') as ApertiumTranslator;
    const french = own.get('fr', 'en') as ApertiumTranslator;
    await Promise.all([english.translate('Good morning.'), french.translate('Bonjour.')]);
    const pids = [english.pid!, french.pid!];
    expect(pids.every(alive)).toBe(true);
    await own.close();
    expect(english.pid).toBeUndefined();
    expect(french.pid).toBeUndefined();
    // Every stage of both pipelines got SIGKILL; the last ones are reaped a moment later.
    await expect.poll(() => pids.some(alive), { timeout: 5000 }).toBe(false);
    const again = own.get('en', 'fr');
    expect(again).not.toBe(english);
    expect(await again!.translate('The house is white.')).toMatch(/maison/i);
    await own.close();
  });
});

describe('the translator pool without Apertium', () => {
  it('offers no direction', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'palabre-no-apertium-'));
    try {
      const pool = createTranslatorPool(loadConfig({}), { log: recordingLog(), apertiumModesDir: empty });
      expect(pool.targets('en')).toEqual([]);
      expect(pool.get('en', 'fr')).toBeNull();
      await pool.close();
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe('the translator pool with an OpenAI-compatible server', () => {
  const KEY = 'sk-pool-secret-9';
  let server: http.Server;
  let base: string;
  const seen: Array<{ model: string; temperature: number; user: string; system: string; authorization: string | undefined }> = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== `Bearer ${KEY}`) return json(401, { error: { message: 'Incorrect API key provided' } });
      if (req.method === 'GET' && req.url === '/v1/models') return json(200, { object: 'list', data: [{ id: 'mistral', object: 'model' }] });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return json(404, { error: { message: 'Not found' } });
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; temperature: number; messages: Array<{ role: string; content: string }> };
        const user = body.messages.find((m) => m.role === 'user')!.content;
        const system = body.messages.find((m) => m.role === 'system')!.content;
        seen.push({ model: body.model, temperature: body.temperature, user, system, authorization: req.headers.authorization });
        const content = system.includes('into French') ? `Translation: "[fr] ${user}"` : `[en] ${user}`;
        json(200, { id: 'chatcmpl-1', object: 'chat.completion', model: body.model, choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('translates through the configured server, with the outbound-address policy fetch', async () => {
    const config = loadConfig({ LIVE_TRANSLATOR: 'openai', LIVE_TRANSLATOR_URL: base, LIVE_TRANSLATOR_MODEL: 'mistral', LIVE_TRANSLATOR_API_KEY: KEY });
    const log = recordingLog();
    const pool = createTranslatorPool(config, { log });
    try {
      expect(pool.targets('en')).toEqual(['fr']);
      expect(pool.targets('fr')).toEqual(['en']);
      const translator = pool.get('en', 'fr')!;
      expect(translator.id).toBe('openai');
      expect(pool.get('en', 'fr')).toBe(translator);
      expect(pool.get('en', 'en')).toBeNull();
      expect(await translator.translate('Good morning everyone.')).toBe('[fr] Good morning everyone.');
      expect(await pool.get('fr', 'en')!.translate('Bonjour à tous.')).toBe('[en] Bonjour à tous.');
      expect(seen.at(-2)).toMatchObject({ model: 'mistral', temperature: 0, user: 'Good morning everyone.', authorization: `Bearer ${KEY}` });
      expect(seen.at(-2)!.system).toMatch(/English text into French/);
      expect(JSON.stringify(log.lines)).not.toContain(KEY);
      expect(log.lines.some((line) => line.level === 'warn')).toBe(false);
    } finally {
      await pool.close();
    }
  });

  it('says in the log when the server refuses the key, without the key', async () => {
    const config = loadConfig({ LIVE_TRANSLATOR: 'openai', LIVE_TRANSLATOR_URL: base, LIVE_TRANSLATOR_MODEL: 'mistral', LIVE_TRANSLATOR_API_KEY: 'sk-wrong-3' });
    const log = recordingLog();
    const pool = createTranslatorPool(config, { log });
    const translator = pool.get('en', 'fr')!;
    await expect(translator.translate('Hello')).rejects.toMatchObject({ code: 'engine_unavailable', message: expect.stringContaining('HTTP 401') });
    await expect.poll(() => log.lines.filter((line) => line.level === 'warn')).toHaveLength(1);
    expect(JSON.stringify(log.lines)).toContain('refused the API key');
    expect(JSON.stringify(log.lines)).not.toContain('sk-wrong-3');
    await pool.close();
  });

  it('uses the LibreTranslate backend when configured', () => {
    const config = loadConfig({ LIVE_TRANSLATOR: 'libretranslate', LIVE_TRANSLATOR_URL: 'http://127.0.0.1:9' });
    const pool = createTranslatorPool(config, { log: recordingLog(), fetch: () => Promise.reject(new TypeError('offline')) });
    expect(pool.get('fr', 'en')?.id).toBe('libretranslate');
    expect(pool.targets('en')).toEqual(['fr']);
  });
});
