/** The media pipeline's jobs, one module per step, and what the rest of the server calls. */
import { defineJob, type JobDefinition } from '../jobs/registry.ts';
import { diarize } from './diarize.ts';
import { finalize } from './finalize.ts';
import { importFromUrl } from '../conversations/url-import.ts';
import { preprocess } from './preprocess.ts';
import { punctuate } from './punctuate.ts';
import { transcribe } from './transcribe.ts';

export { retryProcessing, type RetrySettings } from './retry.ts';
export { resumeStuckConversations } from './recovery.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- definitions of different jobs
export const pipelineJobs: ReadonlyArray<JobDefinition<any>> = [
  defineJob('media.preprocess', preprocess),
  defineJob('media.transcribe', transcribe),
  defineJob('media.diarize', diarize),
  defineJob('media.punctuate', punctuate),
  defineJob('media.finalize', finalize),
  // Downloading belongs to the ingest code; its outcome is recorded on the media by importFromUrl.
  defineJob('media.import-url', async (ctx, payload) => {
    await importFromUrl(ctx, payload.conversationId, payload.url);
  }),
];
