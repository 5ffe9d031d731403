/** Every job's definition: the server's registry refuses to start without exactly one per job of `JOBS`. */
import type { JobDefinition } from './jobs/registry.ts';
import { keywordsJob } from './keywords/job.ts';
import { liveJobs } from './live/save.ts';
import { pipelineJobs } from './pipeline/index.ts';
import { reportJobs } from './reports/job.ts';
import { sessionJobs } from './sessions/schedule.ts';
import { webhookJobs } from './webhooks/deliver.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- definitions of different jobs
export const jobDefinitions: ReadonlyArray<JobDefinition<any>> = [...pipelineJobs, ...sessionJobs, ...liveJobs, ...reportJobs, keywordsJob, ...webhookJobs];
