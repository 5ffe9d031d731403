/**
 * The media pipeline's job definitions: one job per step (its type requires a handler for every
 * step of PIPELINE_STEPS), the URL import that comes before them, and the video rendition beside them.
 */
import { PIPELINE_STEPS, type PipelineStep } from '@palabre/shared';
import { importFromUrl } from '../conversations/url-import.ts';
import { burnJob } from '../subtitles/burn.ts';
import { defineJob, RETRY_TWICE, type JobDefinition, type JobHandler, type JobMedia } from '../jobs/registry.ts';
import { diarize } from './diarize.ts';
import { finalize } from './finalize.ts';
import { preprocess } from './preprocess.ts';
import { punctuate } from './punctuate.ts';
import { STEP_JOBS, type StepJobName } from './state.ts';
import { transcribe } from './transcribe.ts';
import { makeVideo } from './video.ts';

const STEP_HANDLERS: Record<PipelineStep, JobHandler<StepJobName>> = {
  preprocessing: preprocess,
  transcription: transcribe,
  diarization: diarize,
  punctuation: punctuate,
  postprocessing: finalize,
};

/**
 * How long a step's job may run before pg-boss counts it as lost and delivers it again. Too short
 * and a slow but healthy run is started twice; too long and a run lost with its worker holds the
 * media until then. So the limit grows with the media's duration, with generous margins:
 * - transcription: 12 seconds per second of audio, a wide margin for slow engines on small machines
 *   (PocketSphinx runs at about 0.6× real time on two cores, see docs/PERFORMANCE.md; large whisper
 *   models on a CPU are many times slower), plus 15 minutes to start the engine and load its model,
 *   and never under 30 minutes;
 * - the other steps (conversion, diarization, punctuation, post-processing) run faster than real
 *   time: twice the duration, and never under 15 minutes;
 * - a media whose duration is not known yet (before preprocessing has measured it) counts as one hour.
 *
 * Whatever these give, what is sent is capped just under 24 hours (MAX_JOB_EXPIRY_SECONDS, pg-boss's
 * limit, applied by expiryOf): a transcription of more than about 1 h 58 min, a video rendition of
 * more than 6 h or a step of more than 12 h gets the cap. One attempt then has that much time;
 * the keep-alive still notices a dead worker within a minute (jobs/keepalive.ts), and a transcription
 * cut short resumes at its next channel (transcribe.ts).
 */
const JOB_EXPIRY = {
  unknownDurationSeconds: 3600,
  transcription: { secondsPerAudioSecond: 12, startupSeconds: 15 * 60, minimumSeconds: 30 * 60 },
  otherSteps: { secondsPerAudioSecond: 2, minimumSeconds: 15 * 60 },
  /**
   * The video rendition: about a quarter of the duration for 720p on two idle cores (docs/burn.md),
   * but it shares them with transcriptions: four times the duration, and never under 15 minutes.
   */
  videoRendition: { secondsPerAudioSecond: 4, minimumSeconds: 15 * 60 },
} as const;

export function stepExpiry(step: PipelineStep, media: JobMedia): number {
  const seconds = media.durationSeconds ?? JOB_EXPIRY.unknownDurationSeconds;
  if (step === 'transcription') {
    const { secondsPerAudioSecond, startupSeconds, minimumSeconds } = JOB_EXPIRY.transcription;
    return Math.max(minimumSeconds, Math.ceil(seconds * secondsPerAudioSecond + startupSeconds));
  }
  const { secondsPerAudioSecond, minimumSeconds } = JOB_EXPIRY.otherSteps;
  return Math.max(minimumSeconds, Math.ceil(seconds * secondsPerAudioSecond));
}

export function videoRenditionExpiry(media: JobMedia): number {
  const { secondsPerAudioSecond, minimumSeconds } = JOB_EXPIRY.videoRendition;
  return Math.max(minimumSeconds, Math.ceil((media.durationSeconds ?? JOB_EXPIRY.unknownDurationSeconds) * secondsPerAudioSecond));
}

/** A download may last up to MEDIA_IMPORT_TIMEOUT_SECONDS (one hour by default); then some margin. */
const URL_IMPORT_EXPIRY_SECONDS = 2 * 60 * 60;

/**
 * A step's job: CPU-bound work on the media-step workers, one live job per media (so that crash
 * recovery and re-deliveries may send it again safely), retried twice, expiring with the media's length.
 */
function stepJob(step: PipelineStep): JobDefinition<StepJobName> {
  return defineJob(STEP_JOBS[step], {
    handler: STEP_HANDLERS[step],
    concurrency: 'mediaSteps',
    singletonKey: ({ conversationId }) => conversationId,
    retry: RETRY_TWICE,
    expireInSeconds: (media) => stepExpiry(step, media),
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- definitions of different jobs
export const pipelineJobs: ReadonlyArray<JobDefinition<any>> = [
  ...PIPELINE_STEPS.map(stepJob),
  // Downloading belongs to the ingest code; its outcome is recorded on the media by importFromUrl.
  // One download per media: crash recovery sends it again while it may still be running.
  defineJob('media.import-url', {
    handler: async (ctx, payload) => {
      await importFromUrl(ctx, payload.conversationId, payload.url);
    },
    concurrency: 'urlImports',
    singletonKey: ({ conversationId }) => conversationId,
    retry: RETRY_TWICE,
    expireInSeconds: URL_IMPORT_EXPIRY_SECONDS,
  }),
  // The video rendition preprocessing asks for: beside the pipeline, on its own single worker, so
  // that it never delays a transcript. One per media (crash recovery sends it again).
  defineJob('media.video', {
    handler: makeVideo,
    concurrency: 'videoRenditions',
    singletonKey: ({ conversationId }) => conversationId,
    retry: RETRY_TWICE,
    expireInSeconds: videoRenditionExpiry,
  }),
  // Burning a subtitle version into the media's video, asked from the subtitle routes.
  burnJob,
];
