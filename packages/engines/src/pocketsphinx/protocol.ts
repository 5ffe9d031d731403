/** Messages between a PocketSphinx stream and its decoder child process. */
import type { StreamWord } from '../asr/streaming.ts';

export type { StreamWord };

export type DecoderEvent = { type: 'partial' | 'final'; text: string; words: StreamWord[] };

export type ToDecoder =
  /** Only load the library and answer 'ready' or 'error'. */
  | { type: 'probe'; library: string }
  | { type: 'open'; library: string; args: Record<string, string>; blockSamples: number }
  | { type: 'audio'; pcm: Uint8Array }
  | { type: 'end' }
  | { type: 'abort' };

export type FromDecoder =
  | { type: 'ready' }
  | DecoderEvent
  /** Bytes of audio fully processed since the previous such message. */
  | { type: 'processed'; bytes: number }
  | { type: 'ended' }
  | { type: 'error'; message: string; unavailable: boolean };
