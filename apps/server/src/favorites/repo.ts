/** Media users starred. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { favorites } from '../db/schema.ts';

export const favoritesRepo = {
  /** Ids of every media the user starred, most recent first. */
  async idsOf(db: Database, userId: string): Promise<string[]> {
    const rows = await db.select({ id: favorites.conversationId }).from(favorites).where(eq(favorites.userId, userId)).orderBy(favorites.createdAt);
    return rows.map((r) => r.id).reverse();
  },
  /** Which of these media the user starred. */
  async among(db: Database, userId: string, conversationIds: string[]): Promise<Set<string>> {
    if (conversationIds.length === 0) return new Set();
    const rows = await db
      .select({ id: favorites.conversationId })
      .from(favorites)
      .where(and(eq(favorites.userId, userId), inArray(favorites.conversationId, conversationIds)));
    return new Set(rows.map((r) => r.id));
  },
  add: (db: Database, userId: string, conversationId: string) => db.insert(favorites).values({ userId, conversationId }).onConflictDoNothing(),
  remove: (db: Database, userId: string, conversationId: string) => db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.conversationId, conversationId))),
};
