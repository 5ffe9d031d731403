/**
 * Queries of the media pipeline outside its state machine (state.ts): the media crash recovery
 * looks at, and the video rendition's request and result in `files`.
 */
import { ACTIVE_MEDIA_STATUSES } from '@palabre/shared';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { conversations, type MediaFiles } from '../db/schema.ts';

export const pipelineRepo = {
  /** Media still processing, and media whose video rendition is still asked for (whatever their status). */
  async unfinished(ctx: AppContext) {
    return ctx.db
      .select({ id: conversations.id, status: conversations.status, files: conversations.files })
      .from(conversations)
      .where(or(inArray(conversations.status, [...ACTIVE_MEDIA_STATUSES]), isNotNull(sql`${conversations.files} -> 'videoRendition'`)));
  },

  /**
   * Records the video in place of the rendition request, in one update that merges into `files`
   * (concurrent changes to its other fields are kept); false when the request no longer stands.
   */
  async recordVideo(ctx: AppContext, conversationId: string, requestId: string, video: NonNullable<MediaFiles['video']>): Promise<boolean> {
    const [updated] = await ctx.db
      .update(conversations)
      .set({ files: sql`(${conversations.files} - 'videoRendition') || ${JSON.stringify({ video })}::jsonb` })
      .where(holding(conversationId, requestId))
      .returning({ id: conversations.id });
    return updated !== undefined;
  },

  /** Gives the rendition request up (the media keeps no video); false when it no longer stands. */
  async dropVideoRequest(ctx: AppContext, conversationId: string, requestId: string): Promise<boolean> {
    const [updated] = await ctx.db
      .update(conversations)
      .set({ files: sql`${conversations.files} - 'videoRendition'` })
      .where(holding(conversationId, requestId))
      .returning({ id: conversations.id });
    return updated !== undefined;
  },
};

/** The media's row while it still holds this rendition request. */
function holding(conversationId: string, requestId: string) {
  return and(eq(conversations.id, conversationId), sql`${conversations.files} -> 'videoRendition' ->> 'id' = ${requestId}`);
}
