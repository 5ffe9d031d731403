/** A user's conversations with a media's transcript and their messages. */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { chatMessages, chats } from '../db/schema.ts';

export type ChatRow = typeof chats.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

export const chatsRepo = {
  /** The user's chats on a media, the most recently active first. */
  list: (db: Database, conversationId: string, userId: string): Promise<ChatRow[]> =>
    db
      .select()
      .from(chats)
      .where(and(eq(chats.conversationId, conversationId), eq(chats.userId, userId)))
      .orderBy(desc(chats.updatedAt), desc(chats.createdAt), desc(chats.id)),

  async count(db: Database, conversationId: string, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(chats)
      .where(and(eq(chats.conversationId, conversationId), eq(chats.userId, userId)));
    return row?.n ?? 0;
  },

  /** One of the user's chats on this media (anyone else's is absent). */
  async mine(db: Database, conversationId: string, userId: string, chatId: string): Promise<ChatRow | undefined> {
    const [row] = await db
      .select()
      .from(chats)
      .where(and(eq(chats.id, chatId), eq(chats.conversationId, conversationId), eq(chats.userId, userId)));
    return row;
  },

  insert: async (db: Database, values: typeof chats.$inferInsert): Promise<ChatRow> => (await db.insert(chats).values(values).returning())[0]!,

  async update(db: Database, chatId: string, values: Partial<Pick<ChatRow, 'title'>> = {}): Promise<ChatRow> {
    const [row] = await db
      .update(chats)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(chats.id, chatId))
      .returning();
    return row!;
  },

  async remove(db: Database, chatId: string): Promise<void> {
    await db.delete(chats).where(eq(chats.id, chatId));
  },

  messages: (db: Database, chatId: string): Promise<ChatMessageRow[]> =>
    db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId)).orderBy(asc(chatMessages.createdAt), desc(chatMessages.role)),

  async messageCount(db: Database, chatId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.chatId, chatId));
    return row?.n ?? 0;
  },

  insertMessage: async (db: Database, values: typeof chatMessages.$inferInsert): Promise<ChatMessageRow> => (await db.insert(chatMessages).values(values).returning())[0]!,
};
