/**
 * The TranscriptionStream of engines that decode whole pieces of speech (whisper.cpp, an
 * OpenAI-compatible server): written audio is queued, cut into utterances by the speech chunker,
 * and each engine says what it does as an utterance grows and when it ends. This class holds what
 * they share: the byte queue, its backpressure and the freeing of resources exactly once (the
 * stream's states and failures as 'error' are LiveStream's, shared with PocketSphinx).
 *
 * Audio is consumed 100 ms at a time by one asynchronous loop; an engine's hooks are awaited, so
 * audio counts as processed only once the decoding it triggered is done: that is what `write`'s
 * backpressure measures.
 */
import { EngineError } from '../errors.ts';
import { Pcm16Decoder } from '../media/pcm.ts';
import { LiveStream } from './live-stream.ts';
import { SpeechChunker, type SpeechChunkerOptions, type Utterance, type UtteranceEndReason } from './speech-chunker.ts';
import type { StreamOptions, TranscriptionStream } from './streaming.ts';
import type { RequestedLanguage } from './types.ts';

const BYTES_PER_SAMPLE = 2;
const SLICE_SECONDS = 0.1;

export interface ChunkedStreamOptions extends StreamOptions {
  chunker?: SpeechChunkerOptions;
}

export abstract class ChunkedStream extends LiveStream implements TranscriptionStream {
  protected readonly language: RequestedLanguage;
  protected readonly sampleRate: number;
  /** Aborted when the stream is aborted or fails: in-flight work should stop. */
  protected readonly cancel = new AbortController();
  private readonly chunker: SpeechChunker;
  private readonly pcm = new Pcm16Decoder();
  protected readonly highWaterMark: number;
  private readonly sliceBytes: number;
  private readonly queue: Uint8Array[] = [];
  private queued = 0;
  private pumping = false;
  private readonly prepared: Promise<void>;
  private released: Promise<void> | null = null;

  constructor(options: ChunkedStreamOptions) {
    super();
    this.language = options.language;
    this.sampleRate = options.sampleRate ?? 16_000;
    if (!Number.isInteger(this.sampleRate) || this.sampleRate < 8000 || this.sampleRate > 48_000) {
      throw new EngineError('media_wrong_format', 'Live audio must be sampled at 8 to 48 kHz');
    }
    this.highWaterMark = options.highWaterMark ?? 2 * this.sampleRate * BYTES_PER_SAMPLE;
    this.sliceBytes = Math.round(SLICE_SECONDS * this.sampleRate) * BYTES_PER_SAMPLE;
    this.chunker = new SpeechChunker({ ...options.chunker, sampleRate: this.sampleRate });
    // Subclasses finish their constructors before preparing starts.
    this.prepared = Promise.resolve().then(() => this.prepare());
    this.prepared.catch((error: unknown) => this.fail(error));
  }

  /** Acquires the engine's resources (a loaded model…); failures end the stream with 'error'. */
  protected abstract prepare(): Promise<void>;
  /** The utterance in progress received more audio. */
  protected abstract grew(utterance: Utterance): Promise<void>;
  /** An utterance is over. */
  protected abstract ended(utterance: Utterance, reason: UtteranceEndReason): Promise<void>;
  /** End of the stream: waits for the work still in flight (every final is emitted after it). */
  protected abstract settle(): Promise<void>;
  /** Frees the engine's resources; called once, after a stream ends, fails or is aborted. */
  protected abstract release(): Promise<void>;

  write(pcm: Uint8Array): boolean {
    this.assertWritable();
    for (let offset = 0; offset < pcm.byteLength; offset += this.sliceBytes) {
      // A copy: the caller may reuse its buffer once write returns.
      const slice = new Uint8Array(pcm.subarray(offset, offset + this.sliceBytes));
      this.queue.push(slice);
      this.queued += slice.byteLength;
    }
    void this.pump();
    return this.belowHighWater(this.queued);
  }

  /** Emits a result unless the stream was aborted or failed meanwhile. */
  protected emitResult(event: 'partial' | 'final', result: object): void {
    if (!this.closed) this.emit(event, result);
  }

  protected inputEnded(): void {
    void this.pump();
  }

  protected interrupt(): void {
    this.cancel.abort();
    void this.releaseOnce();
  }

  protected freed(): Promise<void> {
    return this.releaseOnce();
  }

  private releaseOnce(): Promise<void> {
    this.released ??= this.prepared
      .catch(() => undefined)
      .then(() => this.release())
      .catch(() => undefined);
    return this.released;
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      await this.prepared;
      while (!this.closed) {
        const slice = this.queue.shift();
        if (!slice) break;
        for (const event of this.chunker.push(this.pcm.decode(slice))) {
          if (event.type === 'end') await this.ended(event.utterance, event.reason);
          if (this.closed) return;
        }
        const current = this.chunker.current();
        if (current) await this.grew(current);
        this.queued -= slice.byteLength;
        this.drained(this.queued);
      }
      if (this.endingInput && this.queue.length === 0) await this.finish();
    } catch (error) {
      this.fail(error);
    } finally {
      this.pumping = false;
    }
  }

  private async finish(): Promise<void> {
    for (const event of this.chunker.flush()) {
      if (event.type === 'end') await this.ended(event.utterance, event.reason);
      if (this.closed) return;
    }
    await this.settle();
    if (this.closed) return;
    const ending = this.closeForEnd();
    await this.releaseOnce();
    ending?.resolve();
  }
}
