/** Data access for media (conversations). */
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { conversations, type MediaFiles } from '../db/schema.ts';

/** A media row without its full-text documents (`search`, `titleSearch`) and folded title (`nameFolded`), which only SQL reads. */
export type ConversationRow = Omit<typeof conversations.$inferSelect, 'search' | 'titleSearch' | 'nameFolded'>;
export type NewConversation = typeof conversations.$inferInsert;
/** A media's identity, ownership and state: enough for a right and for "is there a transcript". */
export type MediaFacts = Pick<ConversationRow, 'id' | 'organizationId' | 'ownerId' | 'membersRight' | 'status'> & { hasTranscript: boolean };
/** The columns of a ConversationRow. */
const { search: _searchColumn, titleSearch: _titleSearchColumn, nameFolded: _nameFoldedColumn, ...rowColumns } = getTableColumns(conversations);
export { rowColumns as conversationRowColumns };
const { transcript: _transcriptColumn, ...rowColumnsButTranscript } = rowColumns;

/** A URL import keeps its address next to the files (until the schema has a column for it). */
export type FilesWithSource = MediaFiles & { sourceUrl?: string };
export const sourceUrlOf = (row: Pick<ConversationRow, 'files'>) => (row.files as FilesWithSource).sourceUrl;

export const conversationsRepo = {
  byId: async (db: Database, id: string): Promise<ConversationRow | undefined> => (await db.select(rowColumns).from(conversations).where(eq(conversations.id, id)))[0],
  /** A media's row with its transcript left out (null): megabytes of JSON on long media that a projection without the transcript does not need. */
  byIdWithoutTranscript: async (db: Database, id: string): Promise<ConversationRow | undefined> => {
    const row = (await db.select(rowColumnsButTranscript).from(conversations).where(eq(conversations.id, id)))[0];
    return row && { ...row, transcript: null };
  },
  /** What rights and editing need of a media, without reading its transcript (megabytes on long media). */
  facts: async (db: Database, id: string): Promise<MediaFacts | undefined> =>
    (
      await db
        .select({
          id: conversations.id,
          organizationId: conversations.organizationId,
          ownerId: conversations.ownerId,
          membersRight: conversations.membersRight,
          status: conversations.status,
          hasTranscript: sql<boolean>`${conversations.transcript} is not null`,
        })
        .from(conversations)
        .where(eq(conversations.id, id))
    )[0],
  /** `byIds` without the transcripts: for rights checks over many media. */
  byIdsWithoutTranscript: async (db: Database, ids: string[]): Promise<ConversationRow[]> =>
    ids.length === 0 ? [] : (await db.select(rowColumnsButTranscript).from(conversations).where(inArray(conversations.id, ids))).map((row) => ({ ...row, transcript: null })),
  byIds: (db: Database, ids: string[]): Promise<ConversationRow[]> =>
    ids.length === 0 ? Promise.resolve([]) : db.select(rowColumns).from(conversations).where(inArray(conversations.id, ids)),
  insert: async (db: Database, values: NewConversation): Promise<ConversationRow> => (await db.insert(conversations).values(values).returning(rowColumns))[0]!,
  update: async (db: Database, id: string, values: Partial<NewConversation>): Promise<ConversationRow | undefined> =>
    (
      await db
        .update(conversations)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(conversations.id, id))
        .returning(rowColumns)
    )[0],
  /** URL imports of the user's media that are queued or downloading (pending, nothing downloaded yet), in every organization. */
  importsInProgress: async (db: Database, ownerId: string): Promise<number> => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversations)
      .where(
        and(
          eq(conversations.ownerId, ownerId),
          eq(conversations.source, 'url'),
          eq(conversations.status, 'pending'),
          sql`jsonb_array_length(${conversations.files}->'originals') = 0`,
        ),
      );
    return Number(row?.n ?? 0);
  },
  delete: (db: Database, id: string) => db.delete(conversations).where(eq(conversations.id, id)),
  deleteMany: (db: Database, ids: string[]) => db.delete(conversations).where(inArray(conversations.id, ids)),
  children: (db: Database, parentId: string): Promise<ConversationRow[]> =>
    db.select(rowColumns).from(conversations).where(eq(conversations.parentId, parentId)).orderBy(asc(conversations.createdAt), asc(conversations.id)),
};
