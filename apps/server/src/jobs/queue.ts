/** The job queue as services see it. The implementation (pg-boss) lives in jobs/boss.ts. */
import type { JobName, JobPayload } from '@palabre/shared';

export interface JobQueue {
  /** Enqueues a job; a job with the same singleton key that is still queued or running is not added twice. */
  send<N extends JobName>(name: N, payload: JobPayload<N>, options?: { singletonKey?: string; startAfterSeconds?: number }): Promise<void>;
}
