/** What the live service (live/service.ts) is built from, besides the engines and the ingests. */
import type { Translator } from '@palabre/engines';

/**
 * The translators of this process, shared by every channel: one per direction, started on first use
 * (live/translators.ts builds it from the configuration: Apertium by default, a LibreTranslate or an
 * OpenAI-compatible server when configured).
 */
export interface TranslatorPool {
  /** The translator from `source` to `target`, or null when this installation cannot translate that way. */
  get(source: string, target: string): Translator | null;
  /** The target languages reachable from `source`. */
  targets(source: string): string[];
  close(): Promise<void>;
}
