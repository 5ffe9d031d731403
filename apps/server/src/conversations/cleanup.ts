/** Removing a media's files from storage once its row is gone (one media, or every media of an organization). */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { conversations } from '../db/schema.ts';
import { derivedKeys, mediaKeys } from '../pipeline/files.ts';
import type { ConversationRow } from './repo.ts';

type FilesOf = Pick<ConversationRow, 'id' | 'files' | 'channels'>;

/** Every storage key a media row points at. */
export function storageKeys(row: Pick<ConversationRow, 'files'>): string[] {
  const f = row.files;
  // The video may be the original itself: each key once.
  return [...new Set([...f.originals.map((o) => o.key), ...(f.pcm ?? []), ...(f.web ? [f.web.key] : []), ...(f.peaks ? [f.peaks] : []), ...(f.video ? [f.video.key] : [])])];
}

export async function deleteFiles(ctx: AppContext, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => ctx.storage.delete(key).catch((error: unknown) => ctx.log.warn({ err: error, key }, 'could not delete a media file'))));
}

/**
 * Deletes the row's files once the row is gone (then no job picks them up again), derived ones
 * included (a failed media may have some left).
 */
export async function removeMediaFiles(ctx: AppContext, row: FilesOf): Promise<void> {
  await deleteFiles(ctx, [...new Set([...storageKeys(row), ...derivedKeys(row.id, Math.max(row.files.originals.length, row.channels.length))])]);
  // Whatever else is stored under the media's folder (unfinished writes included).
  await ctx.storage.deletePrefix(`${mediaKeys.folder(row.id)}/`);
}

/** What must be removed from storage when the organization goes (read before deleting its rows). */
export async function organizationMediaFiles(ctx: AppContext, organizationId: string): Promise<FilesOf[]> {
  return ctx.db
    .select({ id: conversations.id, files: conversations.files, channels: conversations.channels })
    .from(conversations)
    .where(eq(conversations.organizationId, organizationId));
}

/** Removes the files of media whose rows were deleted; a failure is logged, the sweeper finishes it. */
export async function removeManyMediaFiles(ctx: AppContext, rows: readonly FilesOf[]): Promise<void> {
  for (const row of rows) {
    await removeMediaFiles(ctx, row).catch((error: unknown) => ctx.log.warn({ err: error, conversationId: row.id }, 'could not delete the files of a media'));
  }
}
