/**
 * What every TranscriptionStream shares, whatever decodes its audio (ChunkedStream's engines, the
 * PocketSphinx child process): its states (open, ending, closed), the failure that closes it
 * (reported as 'error' and by later calls), the promise end() answers, and backpressure's 'drain'.
 * Subclasses say how input stops (`inputEnded`), what an abort or a failure stops (`interrupt`),
 * and when resources are freed (`freed`).
 */
import { EventEmitter } from 'node:events';
import { EngineError } from '../errors.ts';

type State = 'open' | 'ending' | 'closed';

export abstract class LiveStream extends EventEmitter {
  private state: State = 'open';
  private failure: Error | null = null;
  private ending: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private needDrain = false;

  /** Bytes written and not yet processed above which `write` answers false. */
  protected abstract readonly highWaterMark: number;
  /** end() was called: process what is left, then call `closeForEnd` and resolve its answer. */
  protected abstract inputEnded(): void;
  /** The stream was aborted (`failed` false) or failed: stop the work under way (called once). */
  protected abstract interrupt(failed: boolean): void;
  /** Settles once the stream's resources are freed (what abort() waits for). */
  protected abstract freed(): Promise<void>;

  end(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.state !== 'open') return Promise.reject(new EngineError('aborted', 'The stream was already ended or aborted'));
    this.state = 'ending';
    return new Promise<void>((resolve, reject) => {
      this.ending = { resolve, reject };
      this.inputEnded();
    });
  }

  async abort(): Promise<void> {
    if (this.state !== 'closed') {
      this.state = 'closed';
      this.ending?.reject(new EngineError('aborted', 'The stream was aborted'));
      this.ending = null;
      this.interrupt(false);
    }
    await this.freed();
  }

  protected get closed(): boolean {
    return this.state === 'closed';
  }

  /** Input has ended (end() was called) and the stream is not closed yet. */
  protected get endingInput(): boolean {
    return this.state === 'ending';
  }

  /** Throws unless audio may still be written: the failure that closed the stream, or 'aborted'. */
  protected assertWritable(): void {
    if (this.failure) throw this.failure;
    if (this.state !== 'open') throw new EngineError('aborted', 'The stream has ended: no more audio can be written');
  }

  /** What `write` answers with `backlog` bytes not yet processed: false (and a later 'drain') at the high-water mark. */
  protected belowHighWater(backlog: number): boolean {
    if (backlog < this.highWaterMark) return true;
    this.needDrain = true;
    return false;
  }

  /** Emits 'drain' if a write answered false and the backlog went back under the high-water mark. */
  protected drained(backlog: number): void {
    if (this.needDrain && backlog < this.highWaterMark && !this.closed) {
      this.needDrain = false;
      this.emit('drain');
    }
  }

  /** Closes a stream whose input was all processed; answers end()'s pending promise, to resolve once freed. */
  protected closeForEnd(): { resolve: () => void } | null {
    this.state = 'closed';
    const ending = this.ending;
    this.ending = null;
    return ending;
  }

  /** Fails the stream: 'error', end() rejected, its work stopped. */
  protected fail(error: unknown): void {
    if (this.state === 'closed') return;
    const failure =
      error instanceof EngineError ? error : new EngineError('engine_failed', `The live transcription failed: ${(error as Error)?.message ?? String(error)}`, { cause: error });
    this.state = 'closed';
    this.failure = failure;
    this.interrupt(true);
    this.ending?.reject(failure);
    this.ending = null;
    // Like a Node stream, but a failure nobody listens to must not crash the server: end() and
    // write() report it too.
    if (this.listenerCount('error') > 0) this.emit('error', failure);
  }
}
