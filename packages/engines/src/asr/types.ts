/**
 * Engine adapter interfaces. A transcriber profile names an engine type plus its settings; the
 * pipeline only ever sees these interfaces. Times are in seconds from the start of the media.
 * Engine types and language codes are the API's (`@palabre/shared`).
 */
import type { EngineType, MediaLanguage, TranscriptLanguage } from '@palabre/shared';

export type { EngineType, TranscriptLanguage };
/** The language asked for a media: a transcript language, or 'auto'. */
export type RequestedLanguage = MediaLanguage;

export interface EngineWord {
  word: string;
  stime: number;
  etime: number;
  /** In [0, 1]; 1 when the engine gives none. */
  confidence: number;
}

export interface EngineSegment {
  stime: number;
  etime: number;
  words: EngineWord[];
}

export interface EngineResult {
  /** The language transcribed (the detected one when 'auto' was asked). */
  language: TranscriptLanguage;
  segments: EngineSegment[];
}

export interface TranscribeInput {
  /** 16 kHz mono 16-bit PCM WAV, as produced by toEnginePcmArgs. */
  wavPath: string;
  language: RequestedLanguage;
  signal?: AbortSignal | undefined;
  /** Called with increasing fractions in [0, 1]. */
  onProgress?: ((fraction: number) => void) | undefined;
}

export type EngineAvailability = { ok: true } | { ok: false; reason: string };

/** Batch transcription of a whole file. */
export interface TranscriptionEngine {
  /** The profile's id, or the engine type when used unconfigured. */
  readonly id: string;
  readonly type: EngineType;
  /** Languages this engine, as configured, can transcribe. */
  readonly languages: readonly TranscriptLanguage[];
  /**
   * Whether the engine can run here (binary and model files present, server reachable…), with a
   * reason a person can act on when it cannot. With a language, also whether that one is covered.
   */
  availability(options?: { language?: RequestedLanguage }): Promise<EngineAvailability>;
  /** Rejects with an EngineError (codes: engine_unavailable, language_unsupported, engine_failed, aborted, …). */
  transcribe(input: TranscribeInput): Promise<EngineResult>;
}
