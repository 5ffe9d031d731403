/**
 * Crash recovery: a conversation in a non-terminal status must have a job that moves it on. On
 * start (and every few minutes) the job of each such conversation's current step is enqueued
 * again; the queues' exclusive policy absorbs the send when that job is still queued or running,
 * and the step handlers skip work already done. Likewise a media whose video rendition is still
 * asked for (`files.videoRendition`, whatever its status) gets its `media.video` job again: the
 * request stays until the job records the video or gives up after its retries.
 */
import { isActiveMediaStatus } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { pipelineRepo } from './repo.ts';
import { jobOfStatus } from './state.ts';

export async function resumeStuckConversations(ctx: AppContext): Promise<number> {
  const rows = await pipelineRepo.unfinished(ctx);
  for (const row of rows) {
    if (row.files.videoRendition) await ctx.jobs.send('media.video', { conversationId: row.id });
    if (!isActiveMediaStatus(row.status)) continue;
    if (row.files.originals.length === 0) {
      // A URL import that had not finished downloading: download again.
      const url = (row.files as { sourceUrl?: unknown }).sourceUrl;
      if (row.status === 'pending' && typeof url === 'string') await ctx.jobs.send('media.import-url', { conversationId: row.id, url });
      continue;
    }
    await ctx.jobs.send(jobOfStatus(row.status), { conversationId: row.id });
  }
  if (rows.length > 0) ctx.log.info({ count: rows.length }, 'media processing resumed');
  return rows.length;
}
