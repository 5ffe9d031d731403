/** Retrying a media whose processing failed: a clean slate, then preprocessing again. */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { conversations } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { deleteKeys, derivedKeys, withoutDerived } from './files.ts';
import { initialSteps, jobOfStatus, loadConversation } from './state.ts';

/** What a retry may change: the language asked for and the transcriber profile (checked by the caller). */
export type RetrySettings = Partial<Pick<typeof conversations.$inferInsert, 'requestedLanguage' | 'transcriberProfileId'>>;

/**
 * Resets a media in 'error' (derived files removed, progress, steps, log and transcript cleared,
 * originals kept), applies the new settings and enqueues preprocessing. Authorization and checking
 * the settings are the caller's (the route's) business.
 * Throws AppError not_found (no such media) or conflict (it is not in error).
 */
export async function retryProcessing(ctx: AppContext, conversationId: string, settings: RetrySettings = {}): Promise<void> {
  const row = await loadConversation(ctx, conversationId);
  if (!row) throw new AppError('not_found', 'Media not found');
  if (row.status !== 'error') throw new AppError('conflict', 'Only a media whose processing failed can be retried');
  await deleteKeys(ctx, derivedKeys(row.id, row.files.originals.length));
  // Originals (and anything else the ingest recorded, e.g. the source URL) stay; derived files go.
  const files = withoutDerived(row.files);
  const [reset] = await ctx.db
    .update(conversations)
    .set({
      status: 'pending',
      progress: 0,
      processing: { steps: initialSteps() },
      transcript: null,
      files,
      ...settings,
      updatedAt: new Date(),
    })
    .where(eq(conversations.id, row.id))
    .returning({ id: conversations.id });
  if (!reset) throw new AppError('not_found', 'Media not found');
  await ctx.jobs.send(jobOfStatus('pending'), { conversationId: row.id });
  ctx.events.conversationChanged(row.organizationId, { conversationId: row.id, kind: 'progress', status: 'pending', progress: 0 });
}
