/** Data access for media (conversations). */
import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { conversations, type MediaFiles } from '../db/schema.ts';

export type ConversationRow = typeof conversations.$inferSelect;
export type NewConversation = typeof conversations.$inferInsert;

/** A URL import keeps its address next to the files (until the schema has a column for it). */
export type FilesWithSource = MediaFiles & { sourceUrl?: string };
export const sourceUrlOf = (row: Pick<ConversationRow, 'files'>) => (row.files as FilesWithSource).sourceUrl;

export type SortField = 'last_update' | 'created' | 'name';
const SORT_COLUMNS = { last_update: conversations.updatedAt, created: conversations.createdAt, name: conversations.name } as const;

/** Media of an organization a caller may read: all of them for admins, else their own or those open to members. */
function readableIn(organizationId: string, viewer: { userId: string; seesAll: boolean }): SQL {
  const inOrg = and(eq(conversations.organizationId, organizationId), isNull(conversations.parentId))!;
  if (viewer.seesAll) return inOrg;
  return and(inOrg, or(eq(conversations.ownerId, viewer.userId), sql`(${conversations.membersRight} & 1) = 1`))!;
}

export const conversationsRepo = {
  byId: async (db: Database, id: string) => (await db.select().from(conversations).where(eq(conversations.id, id)))[0],
  insert: async (db: Database, values: NewConversation) => (await db.insert(conversations).values(values).returning())[0]!,
  update: async (db: Database, id: string, values: Partial<NewConversation>) =>
    (await db.update(conversations).set({ ...values, updatedAt: new Date() }).where(eq(conversations.id, id)).returning())[0],
  delete: (db: Database, id: string) => db.delete(conversations).where(eq(conversations.id, id)),
  children: (db: Database, parentId: string) =>
    db.select().from(conversations).where(eq(conversations.parentId, parentId)).orderBy(asc(conversations.createdAt), asc(conversations.id)),
  async listReadable(
    db: Database,
    organizationId: string,
    viewer: { userId: string; seesAll: boolean },
    options: { page: number; size: number; sortField: SortField; descending: boolean },
  ): Promise<{ count: number; rows: ConversationRow[] }> {
    const where = readableIn(organizationId, viewer);
    const column = SORT_COLUMNS[options.sortField];
    const [total, rows] = await Promise.all([
      db.select({ n: count() }).from(conversations).where(where),
      db
        .select()
        .from(conversations)
        .where(where)
        .orderBy(options.descending ? desc(column) : asc(column), asc(conversations.id))
        .limit(options.size)
        .offset(options.page * options.size),
    ]);
    return { count: Number(total[0]!.n), rows };
  },
};
