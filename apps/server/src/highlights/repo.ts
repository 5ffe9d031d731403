/** Highlights of a media's transcript, with their tag (and its category's colour) and author's name. */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { highlights, tagCategories, tags, users } from '../db/schema.ts';

export type HighlightRow = typeof highlights.$inferSelect;

/** A highlight with what it shows of its tag and author. */
export interface HighlightRecord {
  row: HighlightRow;
  tag: { id: string; name: string; color: string } | null;
  authorName: string | null;
}

const recordColumns = {
  row: highlights,
  tagId: tags.id,
  tagName: tags.name,
  tagColor: tagCategories.color,
  firstname: users.firstname,
  lastname: users.lastname,
};

type Joined = { row: HighlightRow; tagId: string | null; tagName: string | null; tagColor: string | null; firstname: string | null; lastname: string | null };

const toRecord = (joined: Joined): HighlightRecord => ({
  row: joined.row,
  tag: joined.tagId && joined.tagName !== null && joined.tagColor !== null ? { id: joined.tagId, name: joined.tagName, color: joined.tagColor } : null,
  authorName: joined.firstname === null ? null : `${joined.firstname} ${joined.lastname ?? ''}`.trim(),
});

function selectRecords(db: Database) {
  return db
    .select(recordColumns)
    .from(highlights)
    .leftJoin(tags, eq(tags.id, highlights.tagId))
    .leftJoin(tagCategories, eq(tagCategories.id, tags.categoryId))
    .leftJoin(users, eq(users.id, highlights.authorId));
}

export const highlightsRepo = {
  async ofConversation(db: Database, conversationId: string): Promise<HighlightRecord[]> {
    const rows = await selectRecords(db).where(eq(highlights.conversationId, conversationId)).orderBy(asc(highlights.createdAt), asc(highlights.id));
    return rows.map(toRecord);
  },

  async byId(db: Database, conversationId: string, id: string): Promise<HighlightRecord | undefined> {
    const [row] = await selectRecords(db).where(and(eq(highlights.id, id), eq(highlights.conversationId, conversationId)));
    return row ? toRecord(row) : undefined;
  },

  insert: async (db: Database, values: typeof highlights.$inferInsert): Promise<HighlightRow> => (await db.insert(highlights).values(values).returning())[0]!,

  async update(db: Database, id: string, values: Partial<Pick<HighlightRow, 'tagId' | 'metadata' | 'comment'>>): Promise<void> {
    await db
      .update(highlights)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(highlights.id, id));
  },

  async remove(db: Database, id: string): Promise<void> {
    await db.delete(highlights).where(eq(highlights.id, id));
  },
};
