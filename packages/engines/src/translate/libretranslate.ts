/**
 * Translation through a LibreTranslate-compatible server (LibreTranslate, or anything speaking its
 * API): `POST {endpoint}/translate` with JSON `{ q, source, target, format: 'text', api_key? }`,
 * answered `{ translatedText }`; errors are `{ error }` with 400 (bad request), 403 (key refused or
 * needed), 429 (rate limit) or 500. Requests go through the injected fetch, which carries the
 * server's outbound-address policy; redirects are not followed (the key must not travel on).
 * Messages never contain the key.
 */
import type { EngineAvailability, TranscriptLanguage } from '../asr/types.ts';
import { EngineError, EngineRequestError } from '../errors.ts';
import { aboutServer, requestJson, scrubSecret, type HttpEngineServer } from '../http-json.ts';
import { singleLine, type TranslateOptions, type Translator } from './translator.ts';

export interface LibreTranslateConfig {
  endpoint: string;
  apiKey?: string | undefined;
  source: TranscriptLanguage;
  target: TranscriptLanguage;
  /** Time limit of one request (default 30 s). */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

export function createLibreTranslateTranslator(config: LibreTranslateConfig): Translator {
  const base = config.endpoint.trim().replace(/\/+$/, '');
  const server: HttpEngineServer = {
    where: `the translation server at ${base}`,
    apiKey: config.apiKey,
    fetch: config.fetch ?? globalThis.fetch,
    notFound: 'has no /translate endpoint',
  };
  const cancelled = () => new EngineError('aborted', 'The translation was cancelled');

  async function translate(text: string, options: TranslateOptions = {}): Promise<string> {
    const q = singleLine(text);
    if (!q) return '';
    const body = { q, source: config.source, target: config.target, format: 'text', ...(config.apiKey ? { api_key: config.apiKey } : {}) };
    const answer = await requestJson(server, {
      url: `${base}/translate`,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      timeoutMs: config.timeoutMs ?? 30_000,
      signal: options.signal,
      aborted: cancelled,
    });
    const translated = (answer as { translatedText?: unknown } | null)?.translatedText;
    if (typeof translated !== 'string') {
      throw new EngineRequestError('engine_failed', aboutServer(server, 'gave no translatedText'), {
        retryable: false,
        detail: scrubSecret(JSON.stringify(answer), config.apiKey),
      });
    }
    return translated.trim();
  }

  async function availability(): Promise<EngineAvailability> {
    if (!base) return { ok: false, reason: 'No endpoint is configured for this LibreTranslate-compatible translator' };
    let languages: unknown;
    try {
      languages = await requestJson(server, { url: `${base}/languages`, timeoutMs: 5000, aborted: cancelled });
    } catch (error) {
      return { ok: false, reason: (error as Error).message };
    }
    const source = Array.isArray(languages) ? (languages as Array<{ code?: string; targets?: string[] }>).find((l) => l.code === config.source) : undefined;
    if (!source) return { ok: false, reason: aboutServer(server, `does not translate from "${config.source}"`) };
    if (Array.isArray(source.targets) && !source.targets.includes(config.target))
      return { ok: false, reason: aboutServer(server, `does not translate ${config.source} → ${config.target}`) };
    return { ok: true };
  }

  return { id: 'libretranslate', source: config.source, target: config.target, availability, translate, close: async () => {} };
}
