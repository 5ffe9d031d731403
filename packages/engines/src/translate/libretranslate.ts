/**
 * Translation through a LibreTranslate-compatible server (LibreTranslate, or anything speaking its
 * API): `POST {endpoint}/translate` with JSON `{ q, source, target, format: 'text', api_key? }`,
 * answered `{ translatedText }`; errors are `{ error }` with 400 (bad request), 403 (key refused or
 * needed), 429 (rate limit) or 500. Requests go through the injected fetch, which carries the
 * server's outbound-address policy; redirects are not followed (the key must not travel on).
 * Messages never contain the key.
 */
import type { EngineAvailability, TranscriptLanguage } from '../asr/types.ts';
import { requestDeadline } from '../deadline.ts';
import { EngineError, EngineRequestError } from '../errors.ts';
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

function describeFailure(status: number, where: string): { code: 'engine_unavailable' | 'engine_failed'; message: string; retryable: boolean } {
  if (status >= 300 && status < 400) return { code: 'engine_unavailable', message: `${where} answered with a redirect (HTTP ${status}), which is not followed`, retryable: false };
  if (status === 403 || status === 401) return { code: 'engine_unavailable', message: `${where} refused the API key (HTTP ${status})`, retryable: false };
  if (status === 404) return { code: 'engine_unavailable', message: `${where} has no /translate endpoint (HTTP 404)`, retryable: false };
  if (status === 429) return { code: 'engine_failed', message: `${where} is rate limiting requests (HTTP 429)`, retryable: true };
  if (status >= 500) return { code: 'engine_failed', message: `${where} failed (HTTP ${status})`, retryable: true };
  return { code: 'engine_failed', message: `${where} rejected the request (HTTP ${status})`, retryable: false };
}

export function createLibreTranslateTranslator(config: LibreTranslateConfig): Translator {
  const base = config.endpoint.trim().replace(/\/+$/, '');
  const where = `the translation server at ${base}`;
  const doFetch = config.fetch ?? globalThis.fetch;
  const scrub = (text: string) => (config.apiKey ? text.split(config.apiKey).join('***') : text).slice(0, 2000);

  async function translate(text: string, options: TranslateOptions = {}): Promise<string> {
    const q = singleLine(text);
    if (!q) return '';
    const timeoutMs = config.timeoutMs ?? 30_000;
    const deadline = requestDeadline(timeoutMs, options.signal);
    try {
      const body = { q, source: config.source, target: config.target, format: 'text', ...(config.apiKey ? { api_key: config.apiKey } : {}) };
      const response = await doFetch(`${base}/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: deadline.signal,
      });
      const answer = await response.text();
      if (!response.ok) {
        const failure = describeFailure(response.status || 302, where);
        throw new EngineRequestError(failure.code, failure.message, { retryable: failure.retryable, detail: scrub(answer) });
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(answer);
      } catch {
        throw new EngineRequestError('engine_failed', `${where} did not answer JSON`, { retryable: false, detail: scrub(answer) });
      }
      const translated = (parsed as { translatedText?: unknown } | null)?.translatedText;
      if (typeof translated !== 'string') throw new EngineRequestError('engine_failed', `${where} gave no translatedText`, { retryable: false, detail: scrub(answer) });
      return translated.trim();
    } catch (error) {
      if (error instanceof EngineError) throw error;
      if (options.signal?.aborted) throw new EngineError('aborted', 'The translation was cancelled', { cause: error });
      if (deadline.timedOut()) throw new EngineRequestError('timeout', `${where} did not answer within ${Math.round(timeoutMs / 1000)} s`, { retryable: true, cause: error });
      throw new EngineRequestError('engine_failed', `${where} could not be reached: ${scrub((error as Error).message)}`, { retryable: true, cause: error });
    } finally {
      deadline.done();
    }
  }

  async function availability(): Promise<EngineAvailability> {
    if (!base) return { ok: false, reason: 'No endpoint is configured for this LibreTranslate-compatible translator' };
    const deadline = requestDeadline(5000);
    try {
      const response = await doFetch(`${base}/languages`, { redirect: 'manual', signal: deadline.signal });
      const answer = await response.text();
      if (!response.ok) return { ok: false, reason: describeFailure(response.status || 302, where).message };
      const languages = JSON.parse(answer) as Array<{ code?: string; targets?: string[] }>;
      const source = Array.isArray(languages) ? languages.find((l) => l.code === config.source) : undefined;
      if (!source) return { ok: false, reason: `${where} does not translate from "${config.source}"` };
      if (Array.isArray(source.targets) && !source.targets.includes(config.target)) return { ok: false, reason: `${where} does not translate ${config.source} → ${config.target}` };
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: `${where} is not reachable (${scrub((error as Error).message)})` };
    } finally {
      deadline.done();
    }
  }

  return { id: 'libretranslate', source: config.source, target: config.target, availability, translate, close: async () => {} };
}
