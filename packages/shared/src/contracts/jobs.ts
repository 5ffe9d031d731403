/**
 * Typed jobs: name → payload schema. The server gives each exactly one definition (its handler and
 * how it is queued: workers, deduplication key, retries, expiry) and refuses to start when a job
 * has none or two.
 */
import { z } from 'zod';
import { REPORT_KINDS } from './ai.ts';

const zMediaJob = z.object({ conversationId: z.string().uuid() });

export const JOBS = {
  'media.preprocess': zMediaJob,
  'media.transcribe': zMediaJob,
  'media.diarize': zMediaJob,
  'media.punctuate': zMediaJob,
  'media.finalize': zMediaJob,
  'media.import-url': zMediaJob.extend({ url: z.string().url() }),
  /** Make the web-playable video rendition preprocessing asked for (after it, beside the transcription). */
  'media.video': zMediaJob,
  /** Burn a subtitle version's screens (as they were when asked) into the media's video. */
  'subtitles.burn': zMediaJob.extend({ subtitleId: z.string().uuid(), burnId: z.string().uuid() }),
  /** Start a session at its planned time (when it is still planned then, with auto start on). */
  'session.auto-start': z.object({ sessionId: z.string().uuid(), at: z.string().datetime() }),
  /** Stop a session at its planned end (when it is still planned then, with auto stop on). */
  'session.auto-stop': z.object({ sessionId: z.string().uuid(), at: z.string().datetime() }),
  /**
   * Save a stopped session to the library: its channels' finals (and recordings when kept) become a
   * media; with live transcription off, the recordings are transcribed like an upload.
   */
  'session.save': z.object({ sessionId: z.string().uuid() }),
  /** Generate one report of a media (one job per media and kind): with its AI profile, else extractively. */
  'report.generate': zMediaJob.extend({ kind: z.enum(REPORT_KINDS), reportId: z.string().uuid() }),
  /** Extract a media's keywords (one job per media). */
  'keywords.extract': zMediaJob,
  /** One attempt of a webhook delivery (the next attempt is a job of its own, sent after a failure). */
  'webhook.deliver': z.object({ deliveryId: z.string().uuid(), attempt: z.number().int().min(1) }),
} as const;
export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]>;
