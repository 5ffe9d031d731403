/** The format the page asks of the audio worklet: the ingest's (LIVE_AUDIO), in ~100 ms frames. */
import { LIVE_AUDIO } from '@palabre/shared';
import type { WorkletFormat } from './pcm.ts';

export const WORKLET_FORMAT: WorkletFormat = { sampleRate: LIVE_AUDIO.sampleRate, frameSamples: LIVE_AUDIO.sampleRate / 10 };

/** Seconds of audio in one frame. */
export const FRAME_SECONDS = WORKLET_FORMAT.frameSamples / WORKLET_FORMAT.sampleRate;
