/**
 * The TranscriptionStream of engines that decode whole pieces of speech (whisper.cpp, an
 * OpenAI-compatible server): written audio is queued, cut into utterances by the speech chunker,
 * and each engine says what it does as an utterance grows and when it ends. This class holds what
 * they share: the byte queue and its backpressure, the stream's states, failures as 'error', and
 * the freeing of resources exactly once.
 *
 * Audio is consumed 100 ms at a time by one asynchronous loop; an engine's hooks are awaited, so
 * audio counts as processed only once the decoding it triggered is done: that is what `write`'s
 * backpressure measures.
 */
import { EventEmitter } from 'node:events';
import { EngineError } from '../errors.ts';
import { Pcm16Decoder } from '../media/pcm.ts';
import { SpeechChunker, type SpeechChunkerOptions, type Utterance, type UtteranceEndReason } from './speech-chunker.ts';
import type { StreamOptions, TranscriptionStream } from './streaming.ts';
import type { RequestedLanguage } from './types.ts';

const BYTES_PER_SAMPLE = 2;
const SLICE_SECONDS = 0.1;

export interface ChunkedStreamOptions extends StreamOptions {
  chunker?: SpeechChunkerOptions;
}

type State = 'open' | 'ending' | 'closed';

export abstract class ChunkedStream extends EventEmitter implements TranscriptionStream {
  protected readonly language: RequestedLanguage;
  protected readonly sampleRate: number;
  /** Aborted when the stream is aborted or fails: in-flight work should stop. */
  protected readonly cancel = new AbortController();
  private readonly chunker: SpeechChunker;
  private readonly pcm = new Pcm16Decoder();
  private readonly highWaterMark: number;
  private readonly sliceBytes: number;
  private readonly queue: Uint8Array[] = [];
  private queued = 0;
  private needDrain = false;
  private state: State = 'open';
  private failure: Error | null = null;
  private pumping = false;
  private ending: { resolve: () => void; reject: (error: Error) => void } | null = null;
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
    if (this.failure) throw this.failure;
    if (this.state !== 'open') throw new EngineError('aborted', 'The stream has ended: no more audio can be written');
    for (let offset = 0; offset < pcm.byteLength; offset += this.sliceBytes) {
      // A copy: the caller may reuse its buffer once write returns.
      const slice = new Uint8Array(pcm.subarray(offset, offset + this.sliceBytes));
      this.queue.push(slice);
      this.queued += slice.byteLength;
    }
    void this.pump();
    if (this.queued < this.highWaterMark) return true;
    this.needDrain = true;
    return false;
  }

  end(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.state !== 'open') return Promise.reject(new EngineError('aborted', 'The stream was already ended or aborted'));
    this.state = 'ending';
    const done = new Promise<void>((resolve, reject) => (this.ending = { resolve, reject }));
    void this.pump();
    return done;
  }

  async abort(): Promise<void> {
    if (this.state !== 'closed') {
      this.state = 'closed';
      this.ending?.reject(new EngineError('aborted', 'The stream was aborted'));
      this.ending = null;
      this.cancel.abort();
    }
    await this.releaseOnce();
  }

  /** Emits a result unless the stream was aborted or failed meanwhile. */
  protected emitResult(event: 'partial' | 'final', result: object): void {
    if (this.state !== 'closed') this.emit(event, result);
  }

  protected get closed(): boolean {
    return this.state === 'closed';
  }

  /** Fails the stream: 'error', end() rejected, resources freed. */
  protected fail(error: unknown): void {
    if (this.state === 'closed') return;
    const failure =
      error instanceof EngineError ? error : new EngineError('engine_failed', `The live transcription failed: ${(error as Error)?.message ?? String(error)}`, { cause: error });
    this.state = 'closed';
    this.failure = failure;
    this.cancel.abort();
    this.ending?.reject(failure);
    this.ending = null;
    void this.releaseOnce();
    // Like a Node stream, but a failure nobody listens to must not crash the server: end() and
    // write() report it too.
    if (this.listenerCount('error') > 0) this.emit('error', failure);
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
      while (this.state !== 'closed') {
        const slice = this.queue.shift();
        if (!slice) break;
        for (const event of this.chunker.push(this.pcm.decode(slice))) {
          if (event.type === 'end') await this.ended(event.utterance, event.reason);
          if (this.closed) return;
        }
        const current = this.chunker.current();
        if (current) await this.grew(current);
        this.queued -= slice.byteLength;
        if (this.needDrain && this.queued < this.highWaterMark && !this.closed) {
          this.needDrain = false;
          this.emit('drain');
        }
      }
      if (this.state === 'ending' && this.queue.length === 0) await this.finish();
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
    this.state = 'closed';
    await this.releaseOnce();
    const ending = this.ending;
    this.ending = null;
    ending?.resolve();
  }
}
