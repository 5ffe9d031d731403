/**
 * Where every ingest (the ingest WebSocket, the RTMP and SRT listeners) hands its audio over: the
 * gate checks a stream key against the sessions and opens the channel's sink; the live service
 * (live/service.ts) implements it. Audio is PCM in `LIVE_AUDIO`'s format.
 */
import type { IngestKind } from '@palabre/shared';

export interface AudioSink {
  readonly sessionId: string;
  readonly channelIndex: number;
  /** Queues PCM (any chunk size). Returns false while the transcriber lags behind: pause reading until 'drain'. */
  write(pcm: Buffer): boolean;
  /** The encoder went away (`finished`) or its stream broke (`failed`): the channel stops streaming. */
  end(reason: 'finished' | 'failed'): Promise<void>;
  /**
   * `drain`: writing may go on. `close`: the channel takes no more audio (the session stopped, or the
   * stream was force-stopped): the ingest disconnects its encoder.
   */
  on(event: 'drain' | 'close', listener: () => void): void;
}

export interface IngestGate {
  /**
   * Opens the stream of the channel whose key this is. Rejects with an AppError: `not_found` (no
   * channel has this key), `session_status` (the session is not started, or has ended), `conflict`
   * (the channel already receives a stream).
   */
  open(streamKey: string, kind: IngestKind): Promise<AudioSink>;
}

/** The RTMP and SRT listeners of the channels of started sessions (live/ingest/encoders.ts). */
export interface EncoderListeners {
  /** Listens for this channel's encoder until `release` (a session started, or this node took it). */
  listen(streamKey: string): Promise<void>;
  release(streamKey: string): Promise<void>;
  /** The addresses to show operators (null: that protocol is off, or the channel is not listening). */
  addresses(streamKey: string): { rtmp: string | null; srt: string | null };
  close(): Promise<void>;
}
