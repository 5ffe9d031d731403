/** The job queue as services see it. The implementation (pg-boss) lives in jobs/boss.ts. */
import type { JobName, JobPayload } from '@palabre/shared';

export interface SendOptions {
  /** Defaults to the payload's conversationId: one queued-or-running job per conversation and step. */
  singletonKey?: string;
  startAfterSeconds?: number;
  /** How long one attempt may run before it is considered lost and delivered again. */
  expireInSeconds?: number;
}

export interface JobQueue {
  /** Enqueues a job; a job with the same singleton key that is still queued or running is not added twice. */
  send<N extends JobName>(name: N, payload: JobPayload<N>, options?: SendOptions): Promise<void>;
}
