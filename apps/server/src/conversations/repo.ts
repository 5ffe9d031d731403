/** Data access for media (conversations). */
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Turn } from '@palabre/shared';
import type { Database } from '../db/client.ts';
import { LIBRARY_COUNT_AHEAD, RIGHT } from '@palabre/shared';
import type { ApiKeyCap } from '../policy.ts';
import { conversationKeywords, conversationRights, conversations, conversationTags, favorites, memberships, organizations, type MediaFiles } from '../db/schema.ts';
import { foldedArray } from '../keywords/repo.ts';

/** A media row without its full-text documents (`search`, `titleSearch`) and folded title (`nameFolded`), which only SQL reads. */
export type ConversationRow = Omit<typeof conversations.$inferSelect, 'search' | 'titleSearch' | 'nameFolded'>;
export type NewConversation = typeof conversations.$inferInsert;
/** A media's identity, ownership and state: enough for a right and for "is there a transcript". */
export type MediaFacts = Pick<ConversationRow, 'id' | 'organizationId' | 'ownerId' | 'membersRight' | 'status'> & { hasTranscript: boolean };
const { search: _searchColumn, titleSearch: _titleSearchColumn, nameFolded: _nameFoldedColumn, ...rowColumns } = getTableColumns(conversations);
const { transcript: _transcriptColumn, ...rowColumnsButTranscript } = rowColumns;

/** A URL import keeps its address next to the files (until the schema has a column for it). */
export type FilesWithSource = MediaFiles & { sourceUrl?: string };
export const sourceUrlOf = (row: Pick<ConversationRow, 'files'>) => (row.files as FilesWithSource).sourceUrl;

export type SortField = 'last_update' | 'created' | 'name';
/** Which part of a media a search looks in: its title, its description or its transcript; all of them when absent. */
export type SearchType = 'title' | 'description' | 'text';

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
  /** How many media past the page the count goes (LIBRARY_COUNT_AHEAD). */
  countAhead?: number | undefined;
}

/**
 * Which media a listing looks at: an organization's, the viewer's favorites, or those shared with
 * the viewer (a per-user right); the last two across organizations unless one is named. Every
 * listing keeps only what the viewer may read.
 */
export type ListScope =
  | {
      kind: 'organization';
      organizationId: string;
      /** The viewer's right on every media of the organization when the policy gives one whatever the media (organizationWideRight). */
      wideRight?: number | null | undefined;
    }
  | { kind: 'favorites'; organizationId?: string | undefined }
  | { kind: 'shared'; organizationId?: string | undefined };

/** A transcript's first turn matching a search, and its position (0-based). */
export interface MatchingTurn {
  index: number;
  turn: Turn;
}

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

/**
 * The search of a listing. A page lists the media found in their title first, then in their
 * description, then those found only in their transcript (`part` 0, 1, 2), each group in the
 * listing's sort: no ts_rank, which read the full-text document of every match.
 */
export interface ListSearch {
  terms: string[];
  /** Every media the search finds. */
  match: SQL;
  /** Where a found media was found: 0 title, 1 description, 2 transcript only. */
  part: SQL;
  /** Those found in the title or the description (few: the index of the small title document finds them). */
  heading: SQL | null;
  /** Those found only in the transcript (possibly most of the library). */
  transcript: SQL | null;
}

/** The search of a listing, when it has one with at least one word. */
export function searchOf(options: Pick<ListOptions, 'text' | 'searchType'>): ListSearch | null {
  const terms = searchTerms(options.text ?? '');
  if (terms.length === 0) return null;
  // The weights of the full-text documents: title A, description B, transcript C.
  const query = (weight = '') => tsQuery(tsQueryText(terms, '&', weight));
  const inTitle = sql`${conversations.titleSearch} @@ ${query('A')}`;
  if (options.searchType === 'title') return { terms, match: inTitle, part: sql`0`, heading: inTitle, transcript: null };
  if (options.searchType === 'description') {
    const inDescription = sql`${conversations.titleSearch} @@ ${query('B')}`;
    return { terms, match: inDescription, part: sql`1`, heading: inDescription, transcript: null };
  }
  if (options.searchType === 'text') {
    const inTranscript = sql`${conversations.search} @@ ${query('C')}`;
    return { terms, match: inTranscript, part: sql`2`, heading: null, transcript: inTranscript };
  }
  const anywhere = sql`${conversations.search} @@ ${query()}`;
  const inHeading = sql`${conversations.titleSearch} @@ ${query()}`;
  return {
    terms,
    match: anywhere,
    part: sql`CASE WHEN ${inTitle} THEN 0 WHEN ${inHeading} THEN 1 ELSE 2 END`,
    heading: inHeading,
    transcript: sql`${anywhere} AND NOT (${inHeading})`,
  };
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

/** The filters of a listing other than its search. */
function filterConditions(options: ListOptions): SQL[] {
  const conditions: SQL[] = [];
  const name = options.name?.trim();
  if (name) conditions.push(sql`${conversations.nameFolded} LIKE ('%' || palabre_fold(${likeEscape(name)}) || '%')`);
  // One EXISTS per tag: the planner then estimates each from the tag's statistics and may check the
  // media in the listing's order, stopping at the page, instead of grouping every tagged media first.
  for (const tag of new Set(options.tags ?? [])) {
    conditions.push(sql`EXISTS (SELECT 1 FROM ${conversationTags} WHERE ${conversationTags.conversationId} = ${conversations.id} AND ${conversationTags.tagId} = ${tag})`);
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
  /**
   * A page of the media of `scope` the viewer may read, filtered, searched and sorted, with the
   * viewer's right on each, and their count up to LIBRARY_COUNT_AHEAD past the page (`countExact`
   * false beyond). The page's ids are found first, reading only what the filters, the rights and the
   * order need; then the rows of those ids alone.
   */
  async listReadable(
    db: Database,
    viewerId: string,
    scope: ListScope,
    options: ListOptions,
    cap: ApiKeyCap | null = null,
  ): Promise<{ count: number; countExact: boolean; rows: ListedRow[] }> {
    const search = searchOf(options);
    // An organization's administrator reads all of it with one right: nothing to join or decide per
    // media, and the planner knows how many media a page skips (it cannot estimate the right's CASE).
    const wideRight = scope.kind === 'organization' ? (scope.wideRight ?? null) : null;
    const right = wideRight === null ? rightSql(viewerId, cap) : sql<number>`${sql.raw(String(wideRight))}`.mapWith(Number);
    const readable = and(scopeCondition(scope), ...(wideRight === null ? [sql`(${right} & 1) = 1`] : wideRight & RIGHT.READ ? [] : [sql`FALSE`]))!;
    const filtered = and(readable, ...filterConditions(options))!;
    const from = <T extends Record<string, unknown>>(fields: T, where: SQL) => {
      let query = db
        .select(fields as unknown as typeof rowColumns)
        .from(conversations)
        .$dynamic();
      if (wideRight === null) {
        query = query
          .innerJoin(organizations, eq(organizations.id, conversations.organizationId))
          .leftJoin(memberships, and(eq(memberships.organizationId, conversations.organizationId), eq(memberships.userId, viewerId)))
          .leftJoin(conversationRights, and(eq(conversationRights.conversationId, conversations.id), eq(conversationRights.userId, viewerId)));
      }
      if (scope.kind === 'favorites') query = query.innerJoin(favorites, and(eq(favorites.conversationId, conversations.id), eq(favorites.userId, viewerId)));
      return query.where(where);
    };
    const column = SORT_COLUMNS[options.sortField];
    // Ties in the sort's direction too: an index on (organization, column, id) then gives the whole order.
    const direction = options.descending ? desc : asc;
    const order = [direction(column), direction(conversations.id)];
    const offset = options.page * options.size;
    const countLimit = offset + (options.countAhead ?? LIBRARY_COUNT_AHEAD);

    const sortDirection = sql.raw(options.descending ? 'DESC' : 'ASC');
    const ranked = (fields: { part: SQL }, where: SQL) => from({ id: conversations.id, part: fields.part.as('part'), sortKey: sql`${column}`.as('sort_key') }, where);
    const idsOf = (result: unknown) => (result as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
    const inOrder = (where: SQL, limit: number) =>
      from({ id: conversations.id }, where)
        .orderBy(...order)
        .limit(limit);

    // First the count, up to LIBRARY_COUNT_AHEAD past the page: it also tells how to find the page,
    // whatever the planner's estimates (a prefix or a tag it cannot estimate, found in few media).
    const [counted] = await db.select({ n: count() }).from(
      from({ one: sql`1`.as('one') }, and(filtered, search?.match ?? sql`TRUE`)!)
        .limit(countLimit + 1)
        .as('listed'),
    );
    const total = Number(counted!.n);
    let ids: string[];
    if (total <= countLimit) {
      // Few matches: all of them, gathered (a materialized CTE has no LIMIT to walk an index with), then sorted.
      const found = ranked({ part: search?.part ?? sql`0` }, and(filtered, search?.match ?? sql`TRUE`)!);
      ids = idsOf(
        await db.execute(
          sql`WITH found AS MATERIALIZED (${found}) SELECT id FROM found ORDER BY part, sort_key ${sortDirection}, id ${sortDirection} LIMIT ${options.size} OFFSET ${offset}`,
        ),
      );
    } else if (!search) {
      // Many: read in the listing's order (an index) up to the page.
      ids = (await inOrder(filtered, options.size).offset(offset)).map((r) => (r as unknown as { id: string }).id);
    } else {
      // Many: the heading's matches gathered whole, the transcript's read in order up to the end of the page.
      const branches: SQL[] = [];
      if (search.heading) branches.push(sql`(SELECT id, part, sort_key FROM heading)`);
      if (search.transcript)
        branches.push(
          sql`(${ranked({ part: sql`2` }, and(filtered, search.transcript)!)
            .orderBy(...order)
            .limit(offset + options.size)})`,
        );
      const heading = search.heading ? sql`WITH heading AS MATERIALIZED (${ranked({ part: search.part }, and(filtered, search.heading)!)}) ` : sql``;
      ids = idsOf(
        await db.execute(
          sql`${heading}SELECT id FROM (${sql.join(branches, sql` UNION ALL `)}) AS found ORDER BY part, sort_key ${sortDirection}, id ${sortDirection} LIMIT ${options.size} OFFSET ${offset}`,
        ),
      );
    }
    // A list carries no transcripts (a search's highlights read the matching turn alone).
    const found =
      ids.length === 0 ? [] : ((await from({ ...rowColumns, transcript: sql<null>`NULL`, right }, and(readable, inArray(conversations.id, ids))!)) as unknown as ListedRow[]);
    const byId = new Map(found.map((row) => [row.id, row]));
    return { count: Math.min(total, countLimit), countExact: total <= countLimit, rows: ids.flatMap((id) => byId.get(id) ?? []) };
  },

  /**
   * The first turn of each of these media's transcripts whose text matches any of the terms, read in
   * the media's language, with its position (0-based); media without a matching turn are left out.
   */
  async firstMatchingTurns(db: Database, ids: string[], anyTerm: string): Promise<Map<string, MatchingTurn>> {
    if (ids.length === 0) return new Map();
    // Per media, one scan of the turns in their order (the planner knows it is ordered by ordinality):
    // it stops at the first matching turn instead of looking at the whole transcript.
    const result = await db.execute(sql`
      SELECT c.id, t.index, t.turn
      FROM ${conversations} c
      CROSS JOIN LATERAL (
        SELECT t.i - 1 AS index, t.turn
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(c.transcript->'text') = 'array' THEN c.transcript->'text' ELSE '[]'::jsonb END) WITH ORDINALITY AS t(turn, i)
        WHERE to_tsvector(palabre_ts_config(coalesce(c.language, c.requested_language)), palabre_fold(t.turn->>'segment')) @@ ${tsQuery(anyTerm)}
        ORDER BY t.i
        LIMIT 1
      ) t
      WHERE c.id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
    const rows = (result as unknown as { rows: Array<{ id: string; index: number | string; turn: Turn | string }> }).rows;
    return new Map(rows.map((r) => [r.id, { index: Number(r.index), turn: typeof r.turn === 'string' ? (JSON.parse(r.turn) as Turn) : r.turn }]));
  },

  /** Which of these words match any of the terms, each group read in its language. */
  async matchingWords(
    db: Database,
    groups: Array<{ language: string | null; words: string[] }>,
    anyTerm: string,
  ): Promise<{ has(language: string | null, word: string): boolean }> {
    const key = (language: string | null, word: string) => `${language ?? ''}\u0000${word}`;
    const pairs = new Map<string, { l: string | null; w: string }>();
    for (const { language, words } of groups) for (const word of words) pairs.set(key(language, word), { l: language, w: word });
    const found = new Set<string>();
    if (pairs.size > 0) {
      const result = await db.execute(sql`
        SELECT x.l, x.w FROM jsonb_to_recordset(${JSON.stringify([...pairs.values()])}::jsonb) AS x(l text, w text)
        WHERE to_tsvector(palabre_ts_config(x.l), palabre_fold(x.w)) @@ ${tsQuery(anyTerm)}`);
      for (const r of (result as unknown as { rows: Array<{ l: string | null; w: string }> }).rows) found.add(key(r.l, r.w));
    }
    return { has: (language, word) => found.has(key(language, word)) };
  },
};
