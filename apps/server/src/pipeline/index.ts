/** The media pipeline: its jobs (one module per step) and what the rest of the server calls. */
export { pipelineJobs } from './jobs.ts';
export { retryProcessing, type RetrySettings } from './retry.ts';
export { resumeStuckConversations } from './recovery.ts';
