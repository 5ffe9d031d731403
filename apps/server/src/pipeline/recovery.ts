/**
 * Crash recovery: a conversation in a non-terminal status must have a job that moves it on. On
 * start (and every few minutes) the job of each such conversation's current step is enqueued
 * again; the queues' exclusive policy absorbs the send when that job is still queued or running,
 * and the step handlers skip work already done.
 */
import { inArray } from 'drizzle-orm';
import { ACTIVE_MEDIA_STATUSES, isActiveMediaStatus } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { conversations } from '../db/schema.ts';
import { jobOfStatus } from './state.ts';

export async function resumeStuckConversations(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .select({ id: conversations.id, status: conversations.status, files: conversations.files })
    .from(conversations)
    .where(inArray(conversations.status, [...ACTIVE_MEDIA_STATUSES]));
  for (const row of rows) {
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
