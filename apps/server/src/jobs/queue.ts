/** The job queue as services see it. The implementation (pg-boss) lives in jobs/boss.ts. */
import type { JobName, JobPayload } from '@palabre/shared';

export interface SendOptions {
  /** Wait this long before the job may run. */
  startAfterSeconds?: number;
  /** Do not run the job before this time. */
  startAfter?: Date;
}

export interface JobQueue {
  /**
   * Enqueues a job. When its definition has a deduplication key and a job with the same key is
   * still queued or running, nothing is added (see JobSpec.singletonKey).
   */
  send<N extends JobName>(name: N, payload: JobPayload<N>, options?: SendOptions): Promise<void>;
}
