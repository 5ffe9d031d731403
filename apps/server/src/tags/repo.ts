/** Tag categories, tags, and tags on media. */
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { conversationTags } from '../db/schema.ts';

export const tagsRepo = {
  /** Tag ids on each of these media (media without tags are absent). */
  async onConversations(db: Database, conversationIds: string[]): Promise<Map<string, string[]>> {
    const byConversation = new Map<string, string[]>();
    if (conversationIds.length === 0) return byConversation;
    const rows = await db
      .select({ conversationId: conversationTags.conversationId, tagId: conversationTags.tagId })
      .from(conversationTags)
      .where(inArray(conversationTags.conversationId, conversationIds))
      .orderBy(asc(conversationTags.createdAt), asc(conversationTags.tagId));
    for (const row of rows) {
      const list = byConversation.get(row.conversationId) ?? [];
      list.push(row.tagId);
      byConversation.set(row.conversationId, list);
    }
    return byConversation;
  },
};
