/**
 * Machine translation of transcript text between the transcript languages. A `Translator` serves
 * one direction (English → French, say); implementations sit side by side: Apertium, offline,
 * rule-based, gist quality (`apertium.ts`), LibreTranslate-compatible servers
 * (`libretranslate.ts`) and OpenAI-compatible chat servers (`openai-chat.ts`).
 */
import type { EngineAvailability, TranscriptLanguage } from '../asr/types.ts';

export interface TranslateOptions {
  signal?: AbortSignal | undefined;
}

export interface Translator {
  readonly id: string;
  readonly source: TranscriptLanguage;
  readonly target: TranscriptLanguage;
  /** Whether it can run here, with a reason a person can act on when it cannot. */
  availability(): Promise<EngineAvailability>;
  /**
   * Translates one piece of text (a sentence or an utterance; line breaks are read as spaces).
   * Calls may overlap: each resolves with its own text's translation. Rejects with an EngineError.
   */
  translate(text: string, options?: TranslateOptions): Promise<string>;
  /** Frees what it holds (processes, connections). Translating afterwards starts afresh. */
  close(): Promise<void>;
}

/** One line of text, as translators take it: control characters and line breaks become spaces. */
export function singleLine(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
