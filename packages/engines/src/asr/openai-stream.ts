/**
 * Live transcription through an OpenAI-compatible server, which only transcribes whole files: the
 * stream is cut into utterances by the speech chunker and each utterance is sent as a WAV to
 * `/audio/transcriptions` with the batch engine's request code (`postTranscription` in
 * `openai.ts`, so the server's outbound-address policy applies through its injected fetch). There
 * are finals only.
 *
 * Up to `maxConcurrent` requests are in flight (default 2); an utterance that ends while all are
 * busy waits for one to finish, which holds back the stream's audio (backpressure). Answers may
 * come back in any order; finals are emitted in utterance order. A request that fails with a 5xx,
 * 429, a timeout or a network error is tried again after 0.25 s, 0.5 s, 1 s… (`retries`, default
 * 3); any other failure, or the last retry's, ends the stream with 'error'.
 */
import { pause } from '../deadline.ts';
import { EngineRequestError, type EngineError } from '../errors.ts';
import { encodeWav } from '../media/wav.ts';
import { ChunkedStream, type ChunkedStreamOptions } from './chunked-stream.ts';
import type { Utterance } from './speech-chunker.ts';
import type { StreamWord } from './streaming.ts';
import type { EngineResult, RequestedLanguage, TranscriptLanguage } from './types.ts';

/** Transcribes one WAV (times from its start); rejects with an EngineRequestError when retrying may help. */
export type UtteranceTranscriber = (file: Blob, language: RequestedLanguage, signal: AbortSignal, timeoutMs: number) => Promise<EngineResult>;

export interface OpenAiStreamOptions extends ChunkedStreamOptions {
  transcribe: UtteranceTranscriber;
  /** Requests in flight at once (default 2). */
  maxConcurrent?: number;
  /** Tries after the first for retryable failures (default 3). */
  retries?: number;
  /** First retry delay, doubled each time (default 250 ms). */
  retryDelayMs?: number;
  /** Time limit of one request (default 30 s). */
  requestTimeoutMs?: number;
  /** Called once the stream has no request in flight and is over (resource accounting). */
  onReleased?: () => void;
}

type Final = { text: string; words: StreamWord[]; language: TranscriptLanguage };

export class OpenAiStream extends ChunkedStream {
  private readonly transcribeFile: UtteranceTranscriber;
  private readonly maxConcurrent: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly requestTimeoutMs: number;
  private readonly onReleased: (() => void) | undefined;
  private readonly requests = new Set<Promise<void>>();
  /** Answers waiting for an earlier utterance's. */
  private readonly ready = new Map<number, Final>();
  private nextSequence = 0;
  private nextToEmit = 0;
  /** Where the previous final ended: times only go forward. */
  private lastEnd = 0;

  constructor(options: OpenAiStreamOptions) {
    super(options);
    this.transcribeFile = options.transcribe;
    this.maxConcurrent = Math.max(1, options.maxConcurrent ?? 2);
    this.retries = Math.max(0, options.retries ?? 3);
    this.retryDelayMs = options.retryDelayMs ?? 250;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.onReleased = options.onReleased;
  }

  protected async prepare(): Promise<void> {}

  protected async grew(): Promise<void> {}

  protected async ended(utterance: Utterance): Promise<void> {
    while (this.requests.size >= this.maxConcurrent && !this.closed) await Promise.race(this.requests);
    if (this.closed) return;
    const sequence = this.nextSequence++;
    const request = this.transcribe(utterance)
      .then((final) => {
        this.ready.set(sequence, final);
        this.emitInOrder();
      })
      .catch((error: unknown) => this.fail(error))
      .finally(() => this.requests.delete(request));
    this.requests.add(request);
  }

  protected async settle(): Promise<void> {
    while (this.requests.size > 0) await Promise.all(this.requests);
  }

  protected async release(): Promise<void> {
    // After an abort or a failure, `cancel` has stopped the requests in flight.
    await Promise.all(this.requests);
    this.onReleased?.();
  }

  private emitInOrder(): void {
    for (let final = this.ready.get(this.nextToEmit); final; final = this.ready.get(this.nextToEmit)) {
      this.ready.delete(this.nextToEmit++);
      const words = final.words.map((w) => {
        const start = Math.max(w.start, this.lastEnd);
        const end = Math.max(w.end, start);
        this.lastEnd = end;
        return { ...w, start, end };
      });
      this.emitResult('final', { ...final, words });
    }
  }

  private async transcribe(utterance: Utterance): Promise<Final> {
    const file = new Blob([encodeWav(utterance.samples, this.sampleRate)], { type: 'audio/wav' });
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await this.transcribeFile(file, this.language, this.cancel.signal, this.requestTimeoutMs);
        const duration = utterance.end - utterance.start;
        const at = (t: number) => round3(utterance.start + Math.min(Math.max(0, t), duration));
        const words = result.segments.flatMap((s) => s.words.map((w) => ({ word: w.word, start: at(w.stime), end: at(w.etime), confidence: w.confidence })));
        return { text: words.map((w) => w.word).join(' '), words, language: result.language };
      } catch (error) {
        const retryable = error instanceof EngineRequestError && error.retryable;
        if (!retryable || attempt >= this.retries || this.closed) throw error as EngineError;
        await pause(this.retryDelayMs * 2 ** attempt, this.cancel.signal);
      }
    }
  }
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
