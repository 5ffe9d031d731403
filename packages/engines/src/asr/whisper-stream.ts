/**
 * Live whisper.cpp: whisper decodes whole windows of audio, not a stream, so the stream is cut
 * into utterances by the speech chunker and the utterance in progress is decoded again each time
 * it has grown by `partialIntervalSeconds` (1 s by default). Consecutive decodes go through the
 * stable-prefix policy (`local-agreement.ts`): a partial is the committed words plus the latest
 * decode's tentative ones. At a pause (or at the longest utterance length) the whole utterance is
 * decoded once more and becomes the final, its committed words unchanged. Word times are offset by
 * the utterance's start, so they are seconds since the stream began.
 *
 * An utterance too short to reach a partial decode is announced by a partial equal to its final,
 * so every final with words follows a partial, as with the other engines.
 *
 * Decoding goes through a `WhisperDecoder`: the real one (`createWhisperDecoder`) loads the model
 * with the batch engine's binding and runs whisper.cpp off the event loop (the binding's worker
 * threads), one context per stream; tests inject a scripted one. Decodes of one stream run one at a
 * time; previous finals (their last 200 characters) are given to whisper as its prompt.
 */
import { EngineError } from '../errors.ts';
import { ChunkedStream, type ChunkedStreamOptions } from './chunked-stream.ts';
import { LocalAgreement } from './local-agreement.ts';
import type { Utterance } from './speech-chunker.ts';
import type { StreamResult, StreamWord } from './streaming.ts';
import type { RequestedLanguage, TranscriptLanguage } from './types.ts';

export interface WhisperDecodeRequest {
  /** 16-bit mono samples of the window, at the stream's sample rate. */
  samples: Int16Array;
  sampleRate: number;
  /** Where the window starts, in seconds since the stream began. */
  start: number;
  /** The language to decode; 'auto' until one was detected in the stream. */
  language: RequestedLanguage;
  /** Text said before this window (may be empty). */
  prompt: string;
  signal: AbortSignal;
}

export interface WhisperDecodeResult {
  /** Words with times in seconds from the window's start. */
  words: StreamWord[];
  /** The detected language, when asked to detect it. */
  language?: string | undefined;
}

export interface WhisperDecoder {
  decode(request: WhisperDecodeRequest): Promise<WhisperDecodeResult>;
  /** Frees the model. Never called while a decode is in flight. */
  release(): Promise<void>;
}

export interface WhisperStreamOptions extends ChunkedStreamOptions {
  /** Loads a decoder for this stream (rejects with an EngineError when it cannot). */
  createDecoder: () => Promise<WhisperDecoder>;
  /** New audio between two decodes of the utterance in progress (default 1 s). */
  partialIntervalSeconds?: number;
  /** Called once the stream's decoder is freed (resource accounting). */
  onReleased?: () => void;
}

const PROMPT_CHARS = 200;

export class WhisperStream extends ChunkedStream {
  private readonly createDecoder: () => Promise<WhisperDecoder>;
  private readonly interval: number;
  private readonly onReleased: (() => void) | undefined;
  private decoder: WhisperDecoder | null = null;
  private inFlight: Promise<unknown> = Promise.resolve();
  private readonly agreement = new LocalAgreement();
  /** Audio end (seconds) of the utterance in progress at its last decode. */
  private decodedUpTo = -Infinity;
  private lastPartial = '';
  private announced = false;
  private detected: TranscriptLanguage | null = null;
  private lastDecode: { start: number; samples: number; words: StreamWord[] } | null = null;
  private prompt = '';

  constructor(options: WhisperStreamOptions) {
    super(options);
    this.createDecoder = options.createDecoder;
    this.interval = options.partialIntervalSeconds ?? 1;
    this.onReleased = options.onReleased;
  }

  protected async prepare(): Promise<void> {
    this.decoder = await this.createDecoder();
  }

  protected async grew(utterance: Utterance): Promise<void> {
    if (this.decodedUpTo === -Infinity) this.decodedUpTo = utterance.start;
    if (utterance.end - this.decodedUpTo < this.interval) return;
    this.decodedUpTo = utterance.end;
    const words = await this.decode(utterance);
    if (this.closed) return;
    const { committed, tentative } = this.agreement.update(words);
    this.announce([...committed, ...tentative]);
  }

  protected async ended(utterance: Utterance): Promise<void> {
    // The last partial decode may already cover exactly this audio (speech ended on a decode).
    const last = this.lastDecode;
    const heard = last && last.start === utterance.start && last.samples === utterance.samples.length ? last.words : await this.decode(utterance);
    this.lastDecode = null;
    const words = this.agreement.finish(heard);
    if (this.closed) return;
    if (words.length > 0 && !this.announced) this.announce(words);
    const text = words.map((w) => w.word).join(' ');
    this.emitResult('final', { text, words, language: this.finalLanguage() });
    if (text) this.prompt = `${this.prompt} ${text}`.trim().slice(-PROMPT_CHARS);
    this.decodedUpTo = -Infinity;
    this.lastPartial = '';
    this.announced = false;
  }

  protected async settle(): Promise<void> {
    await this.inFlight.catch(() => undefined);
  }

  protected async release(): Promise<void> {
    await this.inFlight.catch(() => undefined);
    const decoder = this.decoder;
    this.decoder = null;
    try {
      await decoder?.release();
    } finally {
      this.onReleased?.();
    }
  }

  private announce(words: StreamWord[]): void {
    const text = words.map((w) => w.word).join(' ');
    if (!text || text === this.lastPartial) return;
    this.lastPartial = text;
    this.announced = true;
    this.emitResult('partial', { text, words } satisfies StreamResult);
  }

  private async decode(utterance: Utterance): Promise<StreamWord[]> {
    const decoder = this.decoder;
    if (!decoder) throw new EngineError('engine_failed', 'The whisper decoder is not loaded');
    const request: WhisperDecodeRequest = {
      samples: utterance.samples,
      sampleRate: this.sampleRate,
      start: utterance.start,
      language: this.language === 'auto' ? (this.detected ?? 'auto') : this.language,
      prompt: this.prompt,
      signal: this.cancel.signal,
    };
    const job = decoder.decode(request);
    this.inFlight = job;
    const result = await job;
    if (this.language === 'auto' && !this.detected && (result.language === 'en' || result.language === 'fr')) this.detected = result.language;
    const duration = utterance.end - utterance.start;
    const words = result.words.map((w) => ({
      word: w.word,
      start: round3(utterance.start + Math.min(Math.max(0, w.start), duration)),
      end: round3(utterance.start + Math.min(Math.max(0, w.end), duration)),
      confidence: Math.min(1, Math.max(0, w.confidence)),
    }));
    this.lastDecode = { start: utterance.start, samples: utterance.samples.length, words };
    return words;
  }

  private finalLanguage(): TranscriptLanguage {
    return this.language === 'auto' ? (this.detected ?? 'en') : this.language;
  }
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
