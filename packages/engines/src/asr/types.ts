/**
 * Engine adapter interfaces. A transcriber profile names an engine type plus its settings; the
 * pipeline only ever sees these interfaces. Times are in seconds from the start of the media.
 */

export type EngineType = 'pocketsphinx' | 'whisper' | 'openai';
export type RequestedLanguage = 'en' | 'fr' | 'auto';
export type TranscriptLanguage = 'en' | 'fr';

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

// -------------------------------------------------------------------------------------------
// Streaming (live sessions) — declared now so engines and the session code agree; no
// implementation yet.
// -------------------------------------------------------------------------------------------

export interface StreamingOptions {
  language: RequestedLanguage;
  /** PCM written to the stream is 16-bit little-endian mono at this rate (default 16000). */
  sampleRate?: number;
  signal?: AbortSignal;
}

/** A hypothesis that may still change (the words of the utterance in progress). */
export interface PartialEvent {
  text: string;
  words: EngineWord[];
}

/** An utterance the engine will not revise any more. */
export interface FinalEvent {
  language: TranscriptLanguage;
  segment: EngineSegment;
}

export interface StreamingSession {
  /** Raw s16le mono PCM at the negotiated sample rate. */
  write(pcmChunk: Buffer): void;
  /** No more audio: the engine flushes its last final event, then emits 'close'. */
  end(): void;
  on(event: 'partial', listener: (event: PartialEvent) => void): this;
  on(event: 'final', listener: (event: FinalEvent) => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
  on(event: 'close', listener: () => void): this;
}

export interface StreamingEngine {
  readonly id: string;
  readonly type: EngineType;
  availability(options?: { language?: RequestedLanguage }): Promise<EngineAvailability>;
  open(options: StreamingOptions): StreamingSession;
}
