/**
 * Waveform peaks JSON served by GET /conversations/{id}/media?mediatype=json and computed by
 * packages/engines/src/media/peaks.ts (see there for the format).
 */
import { z } from 'zod';

export const zWaveformPeaks = z.object({
  version: z.literal(1),
  sampleRate: z.number(),
  /** Pairs per second actually used: sampleRate / samplesPerPeak. */
  peaksPerSecond: z.number(),
  samplesPerPeak: z.number(),
  /** Number of min/max pairs (data.length / 2). */
  length: z.number(),
  /** Seconds of audio the peaks cover. */
  duration: z.number(),
  /** Interleaved min/max pairs in [-1, 1]. */
  data: z.array(z.number()),
});

export type WaveformPeaks = z.infer<typeof zWaveformPeaks>;
