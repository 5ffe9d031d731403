/**
 * Crash recovery: a conversation in a non-terminal status must have a job that moves it on. On
 * start (and every few minutes) the job of each such conversation's current step is enqueued
 * again; the queues' exclusive policy absorbs the send when that job is still queued or running,
 * and the step handlers skip work already done. Likewise a media whose video rendition is still
 * asked for (`files.videoRendition`, whatever its status) gets its `media.video` job again: the
 * request stays until the job records the video or gives up after its retries.
 *
 * Each media is resumed on its own: one whose job cannot be sent is logged and the others are
 * still resumed (a throw here would also stop the start-up). When the send can never succeed (its
 * payload is refused), the media ends in error with a reason instead of being tried every round.
 */
import { isActiveMediaStatus } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { JobPayloadError } from '../jobs/registry.ts';
import { pipelineRepo } from './repo.ts';
import { failConversation, jobOfStatus, loadConversation, stepOfActiveStatus } from './state.ts';

type UnfinishedMedia = Awaited<ReturnType<typeof pipelineRepo.unfinished>>[number];

/** Sends the jobs of every unfinished media; answers how many media were looked at. */
export async function resumeStuckConversations(ctx: AppContext): Promise<number> {
  const rows = await pipelineRepo.unfinished(ctx);
  let failed = 0;
  for (const row of rows) {
    try {
      await resume(ctx, row);
    } catch (error) {
      failed += 1;
      await notResumed(ctx, row, error);
    }
  }
  if (rows.length > 0) ctx.log.info({ count: rows.length, failed }, 'media processing resumed');
  return rows.length;
}

async function resume(ctx: AppContext, row: UnfinishedMedia): Promise<void> {
  if (row.files.videoRendition) await ctx.jobs.send('media.video', { conversationId: row.id });
  if (!isActiveMediaStatus(row.status)) return;
  if (row.files.originals.length === 0) {
    // A URL import that had not finished downloading: download again.
    const url = (row.files as { sourceUrl?: unknown }).sourceUrl;
    if (row.status === 'pending' && typeof url === 'string') await ctx.jobs.send('media.import-url', { conversationId: row.id, url });
    return;
  }
  await ctx.jobs.send(jobOfStatus(row.status), { conversationId: row.id });
}

/** Logs the media left behind; one whose payload is refused ends in error (a later round would fail alike). */
async function notResumed(ctx: AppContext, row: UnfinishedMedia, error: unknown): Promise<void> {
  ctx.log.error({ err: error, conversationId: row.id, status: row.status }, 'media processing not resumed');
  if (!(error instanceof JobPayloadError) || !isActiveMediaStatus(row.status)) return;
  try {
    const current = await loadConversation(ctx, row.id);
    if (current && isActiveMediaStatus(current.status)) {
      const step = stepOfActiveStatus(current.status);
      await failConversation(ctx, current, step, `the ${step} step could not be started again`);
    }
  } catch (failure) {
    ctx.log.error({ err: failure, conversationId: row.id }, 'media left unresumed not marked failed');
  }
}
