/** Data access for media (conversations). */
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { ApiKeyCap } from '../policy.ts';
import { conversationKeywords, conversationRights, conversations, conversationTags, favorites, memberships, organizations, type MediaFiles } from '../db/schema.ts';
import { foldedArray } from '../keywords/repo.ts';

/** A media row without its full-text document (`search`) and folded title (`nameFolded`), which only SQL reads. */
export type ConversationRow = Omit<typeof conversations.$inferSelect, 'search' | 'nameFolded'>;
export type NewConversation = typeof conversations.$inferInsert;
/** A media's identity, ownership and state: enough for a right and for "is there a transcript". */
export type MediaFacts = Pick<ConversationRow, 'id' | 'organizationId' | 'ownerId' | 'membersRight' | 'status'> & { hasTranscript: boolean };
const { search: _searchColumn, nameFolded: _nameFoldedColumn, ...rowColumns } = getTableColumns(conversations);
const { transcript: _transcriptColumn, ...rowColumnsButTranscript } = rowColumns;

/** A URL import keeps its address next to the files (until the schema has a column for it). */
export type FilesWithSource = MediaFiles & { sourceUrl?: string };
export const sourceUrlOf = (row: Pick<ConversationRow, 'files'>) => (row.files as FilesWithSource).sourceUrl;

export type SortField = 'last_update' | 'created' | 'name';
/** Which part of the full-text document a search looks in (tsvector weights); all of it when absent. */
export type SearchType = 'title' | 'description' | 'text';
const WEIGHT: Record<SearchType, string> = { title: 'A', description: 'B', text: 'C' };

export interface ListOptions {
  page: number;
  size: number;
  sortField: SortField;
  descending: boolean;
  /** Full-text search (prefix on the last term), ranked. */
  text?: string | undefined;
  searchType?: SearchType | undefined;
  /** Title filter: the title contains it (case and accents ignored). */
  name?: string | undefined;
  /** Tag ids the media must all carry. */
  tags?: string[] | undefined;
  /** Only media without any tag. */
  noTags?: boolean | undefined;
  /** Keywords the media's extracted keywords must all include (compared folded). */
  keywords?: string[] | undefined;
}

/**
 * Which media a listing looks at: an organization's, the viewer's favorites, or those shared with
 * the viewer (a per-user right); the last two across organizations unless one is named. Every
 * listing keeps only what the viewer may read.
 */
export type ListScope =
  { kind: 'organization'; organizationId: string } | { kind: 'favorites'; organizationId?: string | undefined } | { kind: 'shared'; organizationId?: string | undefined };

/** A listed media with the viewer's right on it. */
export type ListedRow = ConversationRow & { right: number };

/** The words of a search, letters and digits only: nothing of the tsquery syntax gets through. */
export function searchTerms(text: string): string[] {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12)
    .map((term) => term.slice(0, 64));
}

/** A to_tsquery text: terms joined by `joiner`, the last one a prefix, each restricted to `weight`. */
export function tsQueryText(terms: string[], joiner: '&' | '|', weight = ''): string {
  return terms.map((term, i) => `${term}:${i === terms.length - 1 ? '*' : ''}${weight}`.replace(/:$/, '')).join(` ${joiner} `);
}

/**
 * The query in every language a media can be indexed in (english, french, simple), ORed: one
 * constant tsquery, so the GIN index serves it whatever each media's language. Accents folded as
 * the documents are.
 */
export function tsQuery(text: string): SQL {
  return sql`(to_tsquery('english', palabre_fold(${text})) || to_tsquery('french', palabre_fold(${text})) || to_tsquery('simple', palabre_fold(${text})))`;
}

/** The search of a listing, when it has one with at least one word. */
export function searchOf(options: Pick<ListOptions, 'text' | 'searchType'>): { terms: string[]; query: SQL } | null {
  const terms = searchTerms(options.text ?? '');
  if (terms.length === 0) return null;
  return { terms, query: tsQuery(tsQueryText(terms, '&', options.searchType ? WEIGHT[options.searchType] : '')) };
}

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const SORT_COLUMNS = { last_update: conversations.updatedAt, created: conversations.createdAt, name: conversations.name } as const;

/**
 * The viewer's right on a media, in SQL, over `conversations` joined with its organization, the
 * viewer's membership and the viewer's per-user right: the rule of `conversationRight` in policy.ts
 * (a test compares them), with an API key's cap when the viewer came with one: an organization key
 * sees only its organization's media, and no key more than its rights.
 */
export function rightSql(viewerId: string, cap: Pick<ApiKeyCap, 'organizationId' | 'level' | 'rights'> | null = null): SQL<number> {
  if (!cap) {
    return sql<number>`(CASE
    WHEN ${conversations.ownerId} = ${viewerId} THEN 31
    WHEN ${organizations.ownerId} = ${viewerId} OR ${memberships.role} >= 3 THEN 31
    WHEN ${conversationRights.right} IS NOT NULL THEN ${conversationRights.right} & 31
    WHEN ${memberships.role} >= 1 THEN ${conversations.membersRight} & 31
    ELSE 0 END)`.mapWith(Number);
  }
  // The same rule on the level the key leaves (organizationLevel), then the key's scope and rights.
  const level = sql`LEAST(CASE WHEN ${organizations.ownerId} = ${viewerId} THEN 6 ELSE COALESCE(${memberships.role}, 0) END, ${cap.level}::int)`;
  const inScope = cap.organizationId === null ? sql`TRUE` : sql`${conversations.organizationId} = ${cap.organizationId} AND ${level} >= 1`;
  return sql<number>`(CASE WHEN NOT (${inScope}) THEN 0
    WHEN ${conversations.ownerId} = ${viewerId} THEN 31 & ${cap.rights}::int
    WHEN ${level} >= 3 THEN 31 & ${cap.rights}::int
    WHEN ${conversationRights.right} IS NOT NULL THEN ${conversationRights.right} & ${cap.rights}::int
    WHEN ${level} >= 1 THEN ${conversations.membersRight} & ${cap.rights}::int
    ELSE 0 END)`.mapWith(Number);
}

function scopeCondition(scope: ListScope): SQL {
  const conditions: SQL[] = [isNull(conversations.parentId)];
  if (scope.organizationId) conditions.push(eq(conversations.organizationId, scope.organizationId));
  if (scope.kind === 'shared') conditions.push(sql`(${conversationRights.right} & 1) = 1`);
  return and(...conditions)!;
}

function filterConditions(options: ListOptions, search: { query: SQL } | null): SQL[] {
  const conditions: SQL[] = [];
  if (search) conditions.push(sql`${conversations.search} @@ ${search.query}`);
  const name = options.name?.trim();
  if (name) conditions.push(sql`${conversations.nameFolded} LIKE ('%' || palabre_fold(${likeEscape(name)}) || '%')`);
  const tags = options.tags ?? [];
  if (tags.length > 0) {
    conditions.push(
      inArray(
        conversations.id,
        sql`(SELECT ${conversationTags.conversationId} FROM ${conversationTags} WHERE ${inArray(conversationTags.tagId, tags)} GROUP BY ${conversationTags.conversationId} HAVING count(*) = ${tags.length})`,
      ),
    );
  }
  if (options.noTags) conditions.push(sql`NOT EXISTS (SELECT 1 FROM ${conversationTags} WHERE ${conversationTags.conversationId} = ${conversations.id})`);
  const keywords = options.keywords ?? [];
  if (keywords.length > 0) {
    // Containment of folded arrays: the GIN index of the keywords answers it.
    conditions.push(
      inArray(
        conversations.id,
        sql`(SELECT ${conversationKeywords.conversationId} FROM ${conversationKeywords} WHERE ${conversationKeywords.keywordsFolded} @> ${foldedArray(keywords)})`,
      ),
    );
  }
  return conditions;
}

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
  delete: (db: Database, id: string) => db.delete(conversations).where(eq(conversations.id, id)),
  deleteMany: (db: Database, ids: string[]) => db.delete(conversations).where(inArray(conversations.id, ids)),
  children: (db: Database, parentId: string): Promise<ConversationRow[]> =>
    db.select(rowColumns).from(conversations).where(eq(conversations.parentId, parentId)).orderBy(asc(conversations.createdAt), asc(conversations.id)),
  /** A page of the media of `scope` the viewer may read, filtered, searched (ranked) and sorted, with the viewer's right on each. */
  async listReadable(db: Database, viewerId: string, scope: ListScope, options: ListOptions, cap: ApiKeyCap | null = null): Promise<{ count: number; rows: ListedRow[] }> {
    const search = searchOf(options);
    const right = rightSql(viewerId, cap);
    const where = and(scopeCondition(scope), sql`(${right} & 1) = 1`, ...filterConditions(options, search))!;
    const column = SORT_COLUMNS[options.sortField];
    // A search ranks first (title above description above transcript: the weights); the sort orders ties.
    const order: SQL[] = [...(search ? [sql`ts_rank(${conversations.search}, ${search.query}) DESC`] : []), options.descending ? desc(column) : asc(column), asc(conversations.id)];
    const base = (fields: Record<string, unknown>) => {
      let query = db
        .select(fields as typeof rowColumns)
        .from(conversations)
        .innerJoin(organizations, eq(organizations.id, conversations.organizationId))
        .leftJoin(memberships, and(eq(memberships.organizationId, conversations.organizationId), eq(memberships.userId, viewerId)))
        .leftJoin(conversationRights, and(eq(conversationRights.conversationId, conversations.id), eq(conversationRights.userId, viewerId)))
        .$dynamic();
      if (scope.kind === 'favorites') query = query.innerJoin(favorites, and(eq(favorites.conversationId, conversations.id), eq(favorites.userId, viewerId)));
      return query.where(where);
    };
    const [total, rows] = await Promise.all([
      base({ n: count() }),
      // Transcripts are read only when a search needs them to say where it matched.
      base({ ...rowColumns, transcript: search ? conversations.transcript : sql<null>`NULL`, right })
        .orderBy(...order)
        .limit(options.size)
        .offset(options.page * options.size),
    ]);
    return { count: Number((total[0] as unknown as { n: number }).n), rows: rows as unknown as ListedRow[] };
  },

  /** Where a media's transcript first matches any of the terms: turn and word positions (0-based). */
  async firstTranscriptMatch(db: Database, id: string, anyTerm: string): Promise<{ turn: number; word: number } | null> {
    const result = await db.execute(sql`
      SELECT t.i - 1 AS turn, w.j - 1 AS word
      FROM ${conversations} c,
        jsonb_array_elements(CASE WHEN jsonb_typeof(c.transcript->'text') = 'array' THEN c.transcript->'text' ELSE '[]'::jsonb END) WITH ORDINALITY AS t(turn, i),
        jsonb_array_elements(CASE WHEN jsonb_typeof(t.turn->'words') = 'array' THEN t.turn->'words' ELSE '[]'::jsonb END) WITH ORDINALITY AS w(word, j)
      WHERE c.id = ${id}
        -- A turn's segment is its words joined by spaces: only the words of matching turns are looked at.
        AND to_tsvector(palabre_ts_config(coalesce(c.language, c.requested_language)), palabre_fold(t.turn->>'segment')) @@ ${tsQuery(anyTerm)}
        AND to_tsvector(palabre_ts_config(coalesce(c.language, c.requested_language)), palabre_fold(w.word->>'word')) @@ ${tsQuery(anyTerm)}
      ORDER BY t.i, w.j
      LIMIT 1`);
    const found = (result as unknown as { rows: Array<{ turn: number | string; word: number | string }> }).rows[0];
    return found ? { turn: Number(found.turn), word: Number(found.word) } : null;
  },

  /** Which of these words match any of the terms, read in the given media language. */
  async matchingWords(db: Database, language: string | null, words: string[], anyTerm: string): Promise<Set<string>> {
    if (words.length === 0) return new Set();
    const result = await db.execute(sql`
      SELECT w FROM jsonb_array_elements_text(${JSON.stringify([...new Set(words)])}::jsonb) AS w
      WHERE to_tsvector(palabre_ts_config(${language}), palabre_fold(w)) @@ ${tsQuery(anyTerm)}`);
    return new Set((result as unknown as { rows: Array<{ w: string }> }).rows.map((r) => r.w));
  },
};
