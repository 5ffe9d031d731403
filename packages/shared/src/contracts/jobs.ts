/** Typed jobs: name → payload schema. The server refuses to start when a job has no handler or two. */
import { z } from 'zod';

const zMediaJob = z.object({ conversationId: z.string().uuid() });

export const JOBS = {
  'media.preprocess': zMediaJob,
  'media.transcribe': zMediaJob,
  'media.diarize': zMediaJob,
  'media.punctuate': zMediaJob,
  'media.finalize': zMediaJob,
  'media.import-url': zMediaJob.extend({ url: z.string().url() }),
} as const;
export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]>;
