/**
 * Videos with a subtitle version burned in (docs/burn.md). Asking freezes the version's screens as
 * SubRip in a subtitle_burns row and enqueues `subtitles.burn`; the job draws them onto the media's
 * video with ffmpeg, storing its progress on the row and pushing it to the media's room. One burn
 * per version runs at a time; a version keeps only its newest finished video. The read right on
 * the media suffices for all of it, as for exports.
 */
import fsp from 'node:fs/promises';
import { burnSubtitles, isEngineError, PERMANENT_ENGINE_ERROR_CODES, subtitlesFilterAvailable, type EngineErrorCode } from '@palabre/engines';
import type { BurnError, BurnState, BurnStatus } from '@palabre/shared';
import { toSrt } from '@palabre/shared/subtitles';
import type { AppContext } from '../context.ts';
import { emit } from '../conversations/effects.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { tooManyRequests } from '../http/budget.ts';
import { throttledProgress, type ProgressWriter } from '../jobs/progress.ts';
import { defineJob, RETRY_TWICE, type JobDelivery, type JobMedia } from '../jobs/registry.ts';
import { deleteKeys, mediaKeys, putFile, workFolder } from '../pipeline/files.ts';
import { burnsRepo, type BurnRow } from './repo.ts';
import { screensOf, versionFor } from './service.ts';

/** Progress is stored and pushed when it moved this much, or at least this often while it moves. */
const PROGRESS_STEP = 0.02;
const PROGRESS_INTERVAL_MS = 1000;

export function presentBurn(row: BurnRow | undefined): BurnStatus {
  if (!row) return { state: null, progress: null, finishedAt: null, error: null };
  const progress = row.state === 'queued' ? 0 : row.state === 'running' ? row.progress : row.state === 'done' ? 1 : null;
  return { state: row.state, progress, finishedAt: row.state === 'done' && row.finishedAt ? row.finishedAt.toISOString() : null, error: row.error };
}

function notify(ctx: AppContext, organizationId: string, burn: Pick<BurnRow, 'conversationId' | 'subtitleId'>, burnState: BurnState, progress?: number): void {
  emit(ctx, organizationId, { conversationId: burn.conversationId, kind: 'burn', subtitleId: burn.subtitleId, burnState, ...(progress === undefined ? {} : { progress }) });
}

/** The media's facts a burn needs; a media without a video cannot have one. */
async function videoMedia(ctx: AppContext, conversationId: string) {
  const media = await burnsRepo.media(ctx.db, conversationId);
  if (!media) throw notFound('Conversation');
  if (!media.video) throw new AppError('not_a_video', 'This media has no video to burn the subtitles into');
  return media;
}

/** Whether this server's ffmpeg can burn subtitles, asked once per process. */
let capability: Promise<boolean> | undefined;
const canBurn = () => (capability ??= subtitlesFilterAvailable());

/**
 * Starts a burn of the version's screens as they are now (open edits included), or answers the
 * burn already queued or running for it.
 */
export async function requestBurn(ctx: AppContext, actor: Actor, id: string, subtitleId: string): Promise<BurnStatus> {
  const { version, screens } = await screensOf(ctx, actor, id, subtitleId);
  const media = await videoMedia(ctx, id);
  if (!(await canBurn())) throw new AppError('export_unavailable', 'Burning subtitles needs ffmpeg with libass, which this server lacks');
  if (screens.length === 0) throw new AppError('conflict', 'This version has no screens to burn into the video');
  const { row, created } = await burnsRepo.request(ctx.db, { conversationId: id, subtitleId: version.id, screensSrt: toSrt(screens), requestedBy: actor.user.id });
  // The read right suffices and a burn takes a media-step worker for minutes: one user has at most
  // BURNS_PER_USER queued or running. Counted once recorded, so that requests at once cannot all
  // slip under the cap (one too many may be refused, never one too many let through).
  if (created && (await burnsRepo.activeOf(ctx.db, actor.user.id)) > ctx.config.heavyWork.burnsPerUser) {
    await burnsRepo.remove(ctx.db, row.id);
    throw tooManyRequests(`You already have ${ctx.config.heavyWork.burnsPerUser} burns queued or running; try again when one of them is done`);
  }
  if (created) {
    await ctx.jobs.send('subtitles.burn', { conversationId: id, subtitleId: version.id, burnId: row.id });
    notify(ctx, media.organizationId, row, 'queued', 0);
  }
  return presentBurn(row);
}

export async function burnStatus(ctx: AppContext, actor: Actor, id: string, subtitleId: string): Promise<BurnStatus> {
  const { version } = await versionFor(ctx, actor, id, subtitleId, false);
  return presentBurn(await burnsRepo.latest(ctx.db, id, version.id));
}

/** The newest finished video of the version, to stream (404 until there is one). */
export async function burnedVideo(ctx: AppContext, actor: Actor, id: string, subtitleId: string): Promise<{ key: string; size: number; filename: string }> {
  const { version } = await versionFor(ctx, actor, id, subtitleId, false);
  const media = await burnsRepo.media(ctx.db, id);
  const done = await burnsRepo.latestDone(ctx.db, id, version.id);
  const stat = done?.storageKey ? await ctx.storage.stat(done.storageKey) : null;
  if (!media || !done?.storageKey || !stat) throw notFound('Burned video');
  return { key: done.storageKey, size: stat.size, filename: `${media.name} - ${version.name}.mp4` };
}

/** Stores and pushes a running burn's progress, throttled; `onGone` when the burn was deleted meanwhile. */
function progressWriter(ctx: AppContext, organizationId: string, burn: BurnRow, onGone: () => void): ProgressWriter {
  return throttledProgress({
    step: PROGRESS_STEP,
    intervalMs: PROGRESS_INTERVAL_MS,
    startedAt: Date.now(),
    store: async (progress) => {
      if (!(await burnsRepo.progress(ctx.db, burn.id, progress))) onGone();
    },
    push: (progress) => notify(ctx, organizationId, burn, 'running', progress),
    onStoreError: (error) => ctx.log.warn({ err: error, burnId: burn.id }, 'burn progress not stored'),
  });
}

const PERMANENT: ReadonlySet<EngineErrorCode> = new Set(PERMANENT_ENGINE_ERROR_CODES);

/** Ends a burn in failure with a stable code (ffmpeg's message goes to the log only). */
async function failBurn(ctx: AppContext, organizationId: string, burn: BurnRow, code: BurnError): Promise<void> {
  if (await burnsRepo.fail(ctx.db, burn.id, code)) notify(ctx, organizationId, burn, 'failed');
}

/** The `subtitles.burn` job. */
export async function runBurn(ctx: AppContext, payload: { conversationId: string; subtitleId: string; burnId: string }, delivery: JobDelivery): Promise<void> {
  const burn = await burnsRepo.claim(ctx.db, payload.burnId);
  if (!burn) {
    ctx.log.info({ burnId: payload.burnId, job: delivery.id }, 'burn skipped: done, failed or deleted');
    return;
  }
  const media = await burnsRepo.media(ctx.db, burn.conversationId);
  if (!media) return;
  notify(ctx, media.organizationId, burn, 'running', 0);
  const video = media.video;
  if (!video || !(await ctx.storage.stat(video.key))) {
    await failBurn(ctx, media.organizationId, burn, 'video_missing');
    return;
  }

  const work = await workFolder(ctx, burn.conversationId);
  // Stops ffmpeg when the burn is deleted (with its version) while it runs.
  const gone = new AbortController();
  const progress = progressWriter(ctx, media.organizationId, burn, () => gone.abort());
  try {
    const srt = work.file('screens.srt');
    await fsp.writeFile(srt, burn.screensSrt);
    const output = work.file('burned.mp4');
    await ctx.storage.withLocalFile(video.key, (file) =>
      burnSubtitles(file, srt, output, {
        signal: AbortSignal.any([delivery.signal, gone.signal]),
        durationSeconds: media.duration,
        onProgress: progress.report,
      }),
    );
    await progress.flush();
    const key = mediaKeys.burn(burn.conversationId, burn.id);
    await putFile(ctx, key, output);
    if (!(await burnsRepo.finish(ctx.db, burn.id, key))) {
      await deleteKeys(ctx, [key]);
      return;
    }
    // Only the newest finished video of a version is kept.
    await deleteKeys(ctx, await burnsRepo.deleteOthers(ctx.db, burn.subtitleId, burn.id));
    notify(ctx, media.organizationId, burn, 'done', 1);
  } catch (error) {
    await progress.flush();
    if (gone.signal.aborted) return;
    // The process is stopping: the job is delivered again later.
    if (delivery.signal.aborted) throw error;
    const permanent = isEngineError(error) && PERMANENT.has(error.code);
    if (!permanent && delivery.retryCount < delivery.retryLimit) {
      ctx.log.warn({ err: error, burnId: burn.id, attempt: delivery.retryCount + 1 }, 'burn failed, will be retried');
      throw error;
    }
    ctx.log.error({ err: error, burnId: burn.id }, 'burn failed');
    await failBurn(ctx, media.organizationId, burn, 'burn_failed');
  } finally {
    await work.dispose();
  }
}

/**
 * How long one attempt may run: encoding at `veryfast` runs near real time on two cores for 1080p,
 * faster below; six times the duration leaves room for a loaded machine, never under 15 minutes
 * (and never over the queue's cap, MAX_JOB_EXPIRY_SECONDS, reached from a 4-hour media on).
 */
export function burnExpiry(media: JobMedia): number {
  return Math.max(15 * 60, Math.ceil((media.durationSeconds ?? 3600) * 6));
}

/** CPU-bound like the media steps, on their workers; a burn is sent once, re-sends are absorbed. */
export const burnJob = defineJob('subtitles.burn', {
  handler: runBurn,
  concurrency: 'mediaSteps',
  singletonKey: ({ burnId }) => burnId,
  retry: RETRY_TWICE,
  expireInSeconds: burnExpiry,
});
