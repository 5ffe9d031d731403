/**
 * The media pipeline: its jobs (one module per step) and what the server's start-up calls. Services
 * import retry.ts itself: the jobs below use services (burning subtitles reads them), and going
 * through this file would make an import cycle.
 */
export { pipelineJobs } from './jobs.ts';
export { retryProcessing, type RetrySettings } from './retry.ts';
export { resumeStuckConversations } from './recovery.ts';
