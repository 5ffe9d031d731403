/**
 * The translators of this process (`TranslatorPool`, live/types.ts): one per direction, created on
 * the first `get`, shared by every channel, closed by `close()`. The backend comes from the
 * configuration (LIVE_TRANSLATOR):
 *  - `apertium` (default): offline, Debian's Apertium; a direction is offered only when its
 *    language pairs and programs are installed (English ↔ French through Spanish), so an
 *    installation without Apertium offers none;
 *  - `libretranslate`: a LibreTranslate-compatible server (LIVE_TRANSLATOR_URL, optional key);
 *  - `openai`: an OpenAI-compatible chat server (LIVE_TRANSLATOR_URL, LIVE_TRANSLATOR_MODEL,
 *    optional key).
 * Servers are reached through the outbound-address policy's fetch; their directions are those
 * between the transcript languages, and a server that cannot serve one is said in the log when
 * its translator starts (its translations then fail, and the captions go on without them).
 */
import { TRANSCRIPT_LANGUAGES, type TranscriptLanguage } from '@palabre/shared';
import { apertiumTranslates, createApertiumTranslator, createLibreTranslateTranslator, createOpenAiChatTranslator, type Translator } from '@palabre/engines';
import type { Config } from '../config.ts';
import type { Logger } from '../context.ts';
import { outboundFetch, outboundPolicy } from '../net/outbound.ts';
import type { TranslatorPool } from './types.ts';

/** A translation answer (one caption) stays far below this. */
export const MAX_TRANSLATION_RESPONSE_BYTES = 1024 * 1024;

export interface TranslatorPoolDeps {
  /** The fetch for translation servers (default: `translatorFetch(config)`). */
  fetch?: typeof globalThis.fetch;
  log: Logger;
  /** Where Apertium's mode files are (default: Debian's folder). */
  apertiumModesDir?: string;
}

/**
 * The fetch every request to the configured translation server goes through: its address is
 * checked and pinned, redirects are not followed, answers are bounded. The address comes from the
 * server's own configuration, an administrator's choice (like a global transcriber profile's
 * endpoint), so it may be a private one (a model server on the same machine or network).
 */
export function translatorFetch(config: Pick<Config, 'outboundAllowedRanges'>): typeof globalThis.fetch {
  return outboundFetch(outboundPolicy(config, { anyAddress: true }), { maxResponseBytes: MAX_TRANSLATION_RESPONSE_BYTES });
}

function isTranscriptLanguage(code: string): code is TranscriptLanguage {
  return (TRANSCRIPT_LANGUAGES as readonly string[]).includes(code);
}

export function createTranslatorPool(config: Pick<Config, 'liveTranslator' | 'outboundAllowedRanges'>, deps: TranslatorPoolDeps): TranslatorPool {
  const settings = config.liveTranslator;
  const { log } = deps;
  let serverFetch = deps.fetch;
  const translators = new Map<string, Translator>();
  /** Whether each direction is installed (Apertium), checked once. */
  const installed = new Map<string, boolean>();

  function reachable(source: string, target: string): boolean {
    if (!isTranscriptLanguage(source) || !isTranscriptLanguage(target) || source === target) return false;
    if (settings.backend !== 'apertium') return true;
    const direction = `${source}-${target}`;
    let ok = installed.get(direction);
    if (ok === undefined) {
      ok = apertiumTranslates(source, target, deps.apertiumModesDir);
      installed.set(direction, ok);
    }
    return ok;
  }

  function create(source: TranscriptLanguage, target: TranscriptLanguage): Translator {
    if (settings.backend === 'apertium') return createApertiumTranslator({ source, target, ...(deps.apertiumModesDir ? { modesDir: deps.apertiumModesDir } : {}) });
    serverFetch ??= translatorFetch(config);
    if (settings.backend === 'libretranslate') return createLibreTranslateTranslator({ endpoint: settings.url, apiKey: settings.apiKey, source, target, fetch: serverFetch });
    return createOpenAiChatTranslator({ endpoint: settings.url, model: settings.model, apiKey: settings.apiKey, source, target, fetch: serverFetch });
  }

  return {
    get(source, target) {
      if (!reachable(source, target)) return null;
      const direction = `${source}-${target}`;
      const existing = translators.get(direction);
      if (existing) return existing;
      const translator = create(source as TranscriptLanguage, target as TranscriptLanguage);
      translators.set(direction, translator);
      log.info({ translator: translator.id, source, target }, 'live translator started');
      if (settings.backend !== 'apertium') {
        void translator.availability().then((availability) => {
          if (!availability.ok) log.warn({ translator: translator.id, source, target, reason: availability.reason }, 'the live translator cannot translate');
        });
      }
      return translator;
    },

    targets(source) {
      return TRANSCRIPT_LANGUAGES.filter((target) => reachable(source, target));
    },

    async close() {
      const open = [...translators.values()];
      translators.clear();
      const results = await Promise.allSettled(open.map((translator) => translator.close()));
      for (const result of results) {
        if (result.status === 'rejected') log.warn({ err: result.reason as unknown }, 'a live translator failed to close');
      }
    },
  };
}
