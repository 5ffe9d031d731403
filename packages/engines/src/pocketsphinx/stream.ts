/**
 * A PocketSphinx stream: the TranscriptionStream of `asr/streaming.ts` backed by one decoder in
 * its own child process (see `child.ts`). Audio is forwarded in whole decoder blocks (100 ms); the
 * child acknowledges every message once processed, which is what backpressure counts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LiveStream } from '../asr/live-stream.ts';
import type { StreamOptions, StreamResult, TranscriptionStream } from '../asr/streaming.ts';
import { EngineError } from '../errors.ts';
import { TailBuffer, lastLines } from '../process.ts';
import { POCKETSPHINX_LIBRARY } from './names.ts';
import type { FromDecoder, ToDecoder } from './protocol.ts';

const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url));
const BYTES_PER_SECOND = 32_000;
/** 100 ms blocks for live audio: partials follow speech closely. */
export const LIVE_BLOCK_SAMPLES = 1600;
const EXIT_GRACE_MS = 2_000;

export interface SphinxStreamOptions extends StreamOptions {
  /** Decoder options (`-hmm`, `-dict`, `-lm`, …), see `sphinxArgs`. */
  args: Record<string, string>;
  /** The shared library's file name or path (default `libpocketsphinx.so.3`). */
  library?: string;
  /** Samples per decoder call (default 1600, 100 ms). */
  blockSamples?: number;
}

let liveDecoders = 0;
/** Decoder processes of streams that have not exited yet (each holds ~100 MB of models). */
export function liveSphinxDecoders(): number {
  return liveDecoders;
}

export class PocketSphinxStream extends LiveStream implements TranscriptionStream {
  private readonly child: ChildProcess;
  private readonly stderr = new TailBuffer(4096);
  protected readonly highWaterMark: number;
  private inFlight = 0;
  private readonly blockBytes: number;
  private unsent: Buffer[] = [];
  private unsentBytes = 0;
  private readonly exited: Promise<void>;

  constructor(options: SphinxStreamOptions) {
    super();
    if ((options.sampleRate ?? 16_000) !== 16_000) {
      throw new EngineError('media_wrong_format', 'PocketSphinx streams take 16 kHz audio only');
    }
    this.highWaterMark = options.highWaterMark ?? 2 * BYTES_PER_SECOND;
    this.child = fork(CHILD, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    this.child.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    liveDecoders++;
    this.exited = new Promise((resolve) =>
      this.child.once('exit', () => {
        liveDecoders--;
        resolve();
      }),
    );
    this.child.on('message', (message: FromDecoder) => this.receive(message));
    this.child.on('error', (error) => this.fail(new EngineError('engine_failed', `PocketSphinx decoder process: ${error.message}`, { cause: error })));
    this.child.on('exit', (code, signal) => {
      if (this.closed) return;
      const how = signal ? `was killed by ${signal}` : `exited with status ${code}`;
      // The decoder's own output goes to `detail` (logs), never into the message.
      const detail = lastLines(this.stderr.toString(), 3);
      this.fail(new EngineError('engine_failed', `The PocketSphinx decoder process ${how}`, detail ? { detail } : undefined));
    });
    const blockSamples = options.blockSamples ?? LIVE_BLOCK_SAMPLES;
    this.blockBytes = blockSamples * 2;
    this.send({ type: 'open', library: options.library ?? POCKETSPHINX_LIBRARY, args: options.args, blockSamples });
  }

  /** Audio written but not yet processed by the decoder, in bytes (what backpressure counts). */
  get backlogBytes(): number {
    return this.inFlight;
  }

  /** The decoder process's id (undefined once it could not start). */
  get decoderPid(): number | undefined {
    return this.child.pid;
  }

  write(pcm: Uint8Array): boolean {
    this.assertWritable();
    if (pcm.byteLength > 0) {
      this.inFlight += pcm.byteLength;
      // Kept (a copy: the caller may reuse its buffer) until a whole decoder block is there.
      this.unsent.push(Buffer.from(pcm));
      this.unsentBytes += pcm.byteLength;
      if (this.unsentBytes >= this.blockBytes) this.sendAudio(false);
    }
    return this.belowHighWater(this.inFlight);
  }

  protected inputEnded(): void {
    this.sendAudio(true);
    this.send({ type: 'end' });
  }

  protected interrupt(failed: boolean): void {
    // The child frees its decoder, then ends when the channel closes; a stuck one is killed.
    if (!failed) this.send({ type: 'abort' });
    this.disconnect();
  }

  protected freed(): Promise<void> {
    return this.exited;
  }

  private receive(message: FromDecoder): void {
    if (this.closed) return;
    switch (message.type) {
      case 'ready':
        return;
      case 'partial':
        this.emit('partial', { text: message.text, words: message.words } satisfies StreamResult);
        return;
      case 'final':
        this.emit('final', { text: message.text, words: message.words, language: 'en' });
        return;
      case 'processed':
        this.inFlight -= message.bytes;
        this.drained(this.inFlight);
        return;
      case 'ended': {
        const ending = this.closeForEnd();
        this.disconnect();
        // Resources are freed (the child called ps_free before answering); resolve once it is gone.
        void this.exited.then(() => ending?.resolve());
        return;
      }
      case 'error':
        this.fail(new EngineError(message.unavailable ? 'engine_unavailable' : 'engine_failed', `PocketSphinx: ${message.message}`));
        return;
    }
  }

  /**
   * Sends the audio kept so far: whole decoder blocks only, or everything at the end. The decoder
   * processes whole blocks anyway, so holding back the rest costs no latency, and live audio
   * written in 20 ms frames makes one message per 100 ms instead of five.
   */
  private sendAudio(everything: boolean): void {
    const bytes = everything ? this.unsentBytes : this.unsentBytes - (this.unsentBytes % this.blockBytes);
    if (bytes === 0) return;
    const joined = this.unsent.length === 1 ? this.unsent[0]! : Buffer.concat(this.unsent, this.unsentBytes);
    const rest = joined.subarray(bytes);
    this.send({ type: 'audio', pcm: joined.subarray(0, bytes) });
    this.unsent = rest.length > 0 ? [rest] : [];
    this.unsentBytes = rest.length;
  }

  private send(message: ToDecoder): void {
    if (this.child.connected) this.child.send(message);
  }

  private disconnect(): void {
    if (this.child.connected) this.child.disconnect();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), EXIT_GRACE_MS);
    timer.unref();
    void this.exited.then(() => clearTimeout(timer));
  }
}

/** Whether the library loads, tried in a short-lived child process. */
export function probeSphinxLibrary(library: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const child = fork(CHILD, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    let loads = false;
    child.on('message', (message: FromDecoder) => {
      loads = message.type === 'ready';
      child.disconnect();
    });
    child.on('error', () => resolve(false));
    child.on('exit', () => resolve(loads));
    child.send({ type: 'probe', library } satisfies ToDecoder);
  });
}
