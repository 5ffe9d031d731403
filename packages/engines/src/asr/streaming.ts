/**
 * The streaming interface every engine type offers for live sessions: open a stream, write raw
 * PCM (16-bit little-endian mono) as it arrives, receive partial results (the words of the
 * utterance in progress, which may still change) and final results (an utterance the engine will
 * not revise), then end it. Times are seconds since the stream began. The contract every
 * implementation honours is checked by `test/streaming-contract.ts`.
 */
import type { RequestedLanguage, TranscriptLanguage, TranscriptionEngine } from './types.ts';

export interface StreamWord {
  word: string;
  /** Seconds since the stream began. */
  start: number;
  end: number;
  /** In [0, 1]; provisional (often 1) in partial results. */
  confidence: number;
}

export interface StreamResult {
  /** The words joined by spaces; empty when the engine heard no word after all. */
  text: string;
  words: StreamWord[];
}

export interface StreamOptions {
  language: RequestedLanguage;
  /** Sample rate of the PCM written (default and, for PocketSphinx, only value: 16000). */
  sampleRate?: number;
  /**
   * Audio the engine may hold unprocessed before `write` returns false, in bytes (default: two
   * seconds of audio). Like a Node Writable's highWaterMark.
   */
  highWaterMark?: number;
}

export interface TranscriptionStreamEvents {
  /** The utterance in progress so far; each one replaces the previous partial. */
  partial: [result: StreamResult];
  /** An utterance is over: replaces the partial (an empty final withdraws it). */
  final: [result: StreamResult & { language: TranscriptLanguage }];
  /** Written audio was processed: writing may go on. */
  drain: [];
  /** The engine failed; the stream is closed and its resources freed. */
  error: [error: Error];
}

export interface TranscriptionStream {
  /**
   * Queues PCM (any chunk size, even odd byte counts). Returns false when the engine lags behind
   * by more than the high-water mark: stop writing until 'drain' (audio written anyway is kept).
   * Throws once the stream has ended, been aborted or failed.
   */
  write(pcm: Uint8Array): boolean;
  /** No more audio: resolves after the last final event, once the engine's resources are freed. */
  end(): Promise<void>;
  /** Stops at once, without further events, and frees the engine's resources. Idempotent. */
  abort(): Promise<void>;
  on<E extends keyof TranscriptionStreamEvents>(event: E, listener: (...args: TranscriptionStreamEvents[E]) => void): this;
  off<E extends keyof TranscriptionStreamEvents>(event: E, listener: (...args: TranscriptionStreamEvents[E]) => void): this;
  once<E extends keyof TranscriptionStreamEvents>(event: E, listener: (...args: TranscriptionStreamEvents[E]) => void): this;
}

/** An engine that can transcribe live audio. */
export interface StreamingEngine {
  readonly id: string;
  /** Opens a stream; failures to start (missing library or model) arrive as 'error' and reject end(). */
  openStream(options: StreamOptions): TranscriptionStream;
}

/**
 * What the engine factory hands out: batch transcription and live streams, which every engine type
 * has (PocketSphinx decodes live; whisper.cpp re-decodes the utterance in progress; an
 * OpenAI-compatible server transcribes each utterance, finals only). See docs/engines.md.
 */
export type SpeechEngine = TranscriptionEngine & StreamingEngine;
