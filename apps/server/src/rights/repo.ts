/** Per-user rights on media: members' custom rights and shares with users outside the organization. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { conversationRights, users } from '../db/schema.ts';

export type ConversationRightRow = typeof conversationRights.$inferSelect;
export type RightHolderRow = typeof users.$inferSelect;

export const rightsRepo = {
  /** The per-user right `userId` holds on a media, or null when none is set. */
  async of(db: Database, conversationId: string, userId: string): Promise<number | null> {
    const [row] = await db
      .select({ right: conversationRights.right })
      .from(conversationRights)
      .where(and(eq(conversationRights.conversationId, conversationId), eq(conversationRights.userId, userId)));
    return row ? row.right : null;
  },
  /** Per-user rights `userId` holds on several media. */
  async ofMany(db: Database, conversationIds: string[], userId: string): Promise<Map<string, number>> {
    if (conversationIds.length === 0) return new Map();
    const rows = await db
      .select({ conversationId: conversationRights.conversationId, right: conversationRights.right })
      .from(conversationRights)
      .where(and(inArray(conversationRights.conversationId, conversationIds), eq(conversationRights.userId, userId)));
    return new Map(rows.map((r) => [r.conversationId, r.right]));
  },
  /** Every per-user right set on a media. */
  forConversation: (db: Database, conversationId: string): Promise<ConversationRightRow[]> =>
    db.select().from(conversationRights).where(eq(conversationRights.conversationId, conversationId)),
  /** Sets (inserts or replaces) a user's right on a media; returns the previous one, if any. */
  async set(db: Database, values: { conversationId: string; userId: string; right: number; grantedBy: string }): Promise<number | null> {
    const previous = await rightsRepo.of(db, values.conversationId, values.userId);
    await db
      .insert(conversationRights)
      .values(values)
      .onConflictDoUpdate({
        target: [conversationRights.conversationId, conversationRights.userId],
        set: { right: values.right, grantedBy: values.grantedBy, updatedAt: sql`now()` },
      });
    return previous;
  },
  /** Removes a user's right on a media; returns the removed one, if any. */
  async remove(db: Database, conversationId: string, userId: string): Promise<number | null> {
    const [row] = await db
      .delete(conversationRights)
      .where(and(eq(conversationRights.conversationId, conversationId), eq(conversationRights.userId, userId)))
      .returning({ right: conversationRights.right });
    return row ? row.right : null;
  },
  /** The accounts of these users (those that exist). */
  users: (db: Database, ids: string[]): Promise<RightHolderRow[]> => (ids.length === 0 ? Promise.resolve([]) : db.select().from(users).where(inArray(users.id, ids))),
};
