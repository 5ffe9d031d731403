/**
 * The media library's SQL. The media lists: an organization's media, the viewer's favorites and what is shared with them,
 * filtered, searched, sorted and paged, with the viewer's right on each (docs/PERFORMANCE.md, "Media
 * library", says how it stays fast at a million media).
 *
 * A listing counts its media up to LIBRARY_COUNT_AHEAD past the page, then finds the page's ids,
 * then reads the rows of those ids. The count also decides how the ids are found: few matches (the
 * count is exact) are gathered whole and sorted; many are read in the listing's order (an index) up
 * to the page. So the planner's estimates of a filter it knows little of (a prefix, a tag) never
 * decide between reading a handful of rows and walking the whole organization.
 *
 * Also the queries behind a search's highlights (conversations/search.ts): the first matching turn of
 * each listed transcript, and which words match.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LIBRARY_COUNT_AHEAD, RIGHT, type Turn } from '@palabre/shared';
import type { Database } from '../../db/client.ts';
import { conversationKeywords, conversationRights, conversations, conversationTags, favorites, memberships, organizations } from '../../db/schema.ts';
import { foldedArray } from '../../keywords/repo.ts';
import type { ApiKeyCap } from '../../policy.ts';
import { conversationRowColumns, type ConversationRow } from '../repo.ts';

export type SortField = 'last_update' | 'created' | 'name';
/** Which part of a media a search looks in: its title, its description or its transcript; all of them when absent. */
export type SearchType = 'title' | 'description' | 'text';

export interface ListOptions {
  page: number;
  size: number;
  sortField: SortField;
  descending: boolean;
  /** Full-text search (prefix on the last term): title and description matches first, then transcript ones. */
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
 * Each to_tsquery text in every language a media can be indexed in (english, french, simple), accents
 * folded as the documents are, as one tsquery: the distinct queries ORed (the three are often the
 * same, and a GIN index looks each one up). One statement for all of them; the listing's statements
 * then carry the result as a constant, which the planner estimates and the GIN index serves.
 */
export async function resolveTsQueries(db: Database, texts: string[]): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT to_tsquery('english', f)::text AS english, to_tsquery('french', f)::text AS french, to_tsquery('simple', f)::text AS simple
    FROM jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) WITH ORDINALITY AS t(q, i), palabre_fold(t.q) AS f
    ORDER BY t.i`);
  const rows = (result as unknown as { rows: Array<Record<'english' | 'french' | 'simple', string>> }).rows;
  return rows.map((row) => {
    const distinct = [...new Set([row.english, row.french, row.simple])].filter((query) => query !== '');
    return distinct.length <= 1 ? (distinct[0] ?? '') : distinct.map((query) => `(${query})`).join(' | ');
  });
}

const tsquery = (text: string) => sql`${text}::tsquery`;

/**
 * The search of a listing. A page lists the media found in their title or description first
 * (`part` 0), then those found only in their transcript (1), each group in the listing's sort: no
 * ts_rank, which read the full-text document of every match.
 */
export interface ListSearch {
  terms: string[];
  /** Every media the search finds. */
  match: SQL;
  /** Where a found media was found: 0 title or description, 1 transcript only. */
  part: SQL;
  /** Those found in the title or the description (the small `title_search` document and its index). */
  heading: SQL | null;
  /** Those found only in the transcript. */
  transcript: SQL | null;
}

/** The search of a listing, when it has one with at least one word. */
export async function listSearch(db: Database, options: Pick<ListOptions, 'text' | 'searchType'>): Promise<ListSearch | null> {
  const terms = searchTerms(options.text ?? '');
  if (terms.length === 0) return null;
  // The weights of the full-text documents: title A, description B, transcript C.
  const weight = { title: 'A', description: 'B', text: 'C' }[options.searchType ?? 'text'];
  const [query] = await resolveTsQueries(db, [tsQueryText(terms, '&', options.searchType ? weight : '')]);
  const q = tsquery(query!);
  if (options.searchType === 'title' || options.searchType === 'description') {
    const inHeading = sql`${conversations.titleSearch} @@ ${q}`;
    return { terms, match: inHeading, part: sql`0`, heading: inHeading, transcript: null };
  }
  if (options.searchType === 'text') {
    const inTranscript = sql`${conversations.search} @@ ${q}`;
    return { terms, match: inTranscript, part: sql`1`, heading: null, transcript: inTranscript };
  }
  const anywhere = sql`${conversations.search} @@ ${q}`;
  const inHeading = sql`${conversations.titleSearch} @@ ${q}`;
  return { terms, match: anywhere, part: sql`CASE WHEN ${inHeading} THEN 0 ELSE 1 END`, heading: inHeading, transcript: sql`${anywhere} AND NOT (${inHeading})` };
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
  // One EXISTS per tag: the planner estimates each from the tag's statistics, and a page read in
  // order stops at the page instead of grouping every tagged media first.
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

/**
 * A page of the media of `scope` the viewer may read, filtered, searched and sorted, with the viewer's
 * right on each, and their count up to `countAhead` past the page (`countExact` false beyond).
 */
export async function listReadable(
  db: Database,
  viewerId: string,
  scope: ListScope,
  options: ListOptions,
  cap: ApiKeyCap | null = null,
): Promise<{ count: number; countExact: boolean; rows: ListedRow[] }> {
  const search = await listSearch(db, options);
  // An organization's administrator reads all of it with one right: nothing to join or decide per
  // media, and the planner knows how many media a page skips (it cannot estimate the right's CASE).
  const wideRight = scope.kind === 'organization' ? (scope.wideRight ?? null) : null;
  const right = wideRight === null ? rightSql(viewerId, cap) : sql<number>`${sql.raw(String(wideRight))}`.mapWith(Number);
  const readable = and(scopeCondition(scope), wideRight === null ? sql`(${right} & 1) = 1` : sql.raw(wideRight & RIGHT.READ ? 'TRUE' : 'FALSE'))!;
  const filtered = and(readable, ...filterConditions(options))!;
  const from = <T extends Record<string, unknown>>(fields: T, where: SQL) => {
    let query = db
      .select(fields as unknown as typeof conversationRowColumns)
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
  const offset = options.page * options.size;
  const end = offset + options.size;
  const countLimit = offset + (options.countAhead ?? LIBRARY_COUNT_AHEAD);
  /** How many media `where` finds, up to one past `countLimit`. */
  const countUpTo = async (where: SQL) => {
    const [counted] = await db.select({ n: count() }).from(
      from({ one: sql`1`.as('one') }, where)
        .limit(countLimit + 1)
        .as('counted'),
    );
    return Number(counted!.n);
  };

  const column = SORT_COLUMNS[options.sortField];
  // Ties in the sort's direction too: an index on (organization, column, id) then gives the whole order.
  const direction = options.descending ? desc : asc;
  const order = [direction(column), direction(conversations.id)];
  const directionSql = sql.raw(options.descending ? 'DESC' : 'ASC');
  const ranked = (part: SQL, where: SQL) => from({ id: conversations.id, part: part.as('part'), sortKey: sql`${column}`.as('sort_key') }, where);
  /** The page of the union of `branches` (id, part, sort_key), by part, then in the listing's order. */
  const pageOf = async (branches: SQL[], materialized: Array<[string, SQLWrapper]> = []) => {
    const ctes =
      materialized.length === 0
        ? sql``
        : sql`WITH ${sql.join(
            materialized.map(([name, query]) => sql`${sql.raw(name)} AS MATERIALIZED (${query})`),
            sql`, `,
          )} `;
    const result = await db.execute(
      sql`${ctes}SELECT id FROM (${sql.join(branches, sql` UNION ALL `)}) AS found ORDER BY part, sort_key ${directionSql}, id ${directionSql} LIMIT ${options.size} OFFSET ${offset}`,
    );
    return (result as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
  };
  /** The first `limit` media `where` finds, read in the listing's order. */
  const inOrder = (part: SQL, where: SQL, limit: number) =>
    sql`(${ranked(part, where)
      .orderBy(...order)
      .limit(limit)})`;

  const total = await countUpTo(and(filtered, search?.match)!);
  let ids: string[];
  if (total <= countLimit) {
    // Few: all of them, gathered (a materialized CTE has no LIMIT to walk an index with), then sorted.
    ids = await pageOf([sql`(SELECT * FROM found)`], [['found', ranked(search?.part ?? sql`0`, and(filtered, search?.match)!)]]);
  } else if (!search?.heading || !search.transcript) {
    // Many (at least countAhead past the page): read in order up to the page.
    ids = await pageOf([inOrder(search?.part ?? sql`0`, and(filtered, search?.match)!, end)]);
  } else if ((await countUpTo(and(filtered, search.heading)!)) > countLimit) {
    // Many in the title or description alone: the page is among them.
    ids = await pageOf([inOrder(sql`0`, and(filtered, search.heading)!, end)]);
  } else {
    // Few in the title or description, gathered; then those of the transcript in order.
    ids = await pageOf([sql`(SELECT * FROM heading)`, inOrder(sql`1`, and(filtered, search.transcript)!, end)], [['heading', ranked(sql`0`, and(filtered, search.heading)!)]]);
  }

  // A list carries no transcripts (a search's highlights read the matching turn alone).
  const rows =
    ids.length === 0
      ? []
      : ((await from({ ...conversationRowColumns, transcript: sql<null>`NULL`, right }, and(readable, inArray(conversations.id, ids))!)) as unknown as ListedRow[]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { count: Math.min(total, countLimit), countExact: total <= countLimit, rows: ids.flatMap((id) => byId.get(id) ?? []) };
}

/** A transcript's first turn matching a search, and its position (0-based). */
export interface MatchingTurn {
  index: number;
  turn: Turn;
}

/**
 * The first turn of each of these media's transcripts whose text matches `query`, read in the media's
 * language; media without a matching turn are left out.
 */
export async function firstMatchingTurns(db: Database, ids: string[], query: string): Promise<Map<string, MatchingTurn>> {
  // Per media, one scan of the turns in their order (the planner knows it is ordered by ordinality):
  // it stops at the first matching turn instead of looking at the whole transcript.
  const result = await db.execute(sql`
    SELECT c.id, t.index, t.turn
    FROM ${conversations} c
    CROSS JOIN LATERAL (
      SELECT t.i - 1 AS index, t.turn
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(c.transcript->'text') = 'array' THEN c.transcript->'text' ELSE '[]'::jsonb END) WITH ORDINALITY AS t(turn, i)
      WHERE to_tsvector(palabre_ts_config(coalesce(c.language, c.requested_language)), palabre_fold(t.turn->>'segment')) @@ ${query}::tsquery
      ORDER BY t.i
      LIMIT 1
    ) t
    WHERE c.id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const rows = (result as unknown as { rows: Array<{ id: string; index: number | string; turn: Turn | string }> }).rows;
  return new Map(rows.map((r) => [r.id, { index: Number(r.index), turn: typeof r.turn === 'string' ? (JSON.parse(r.turn) as Turn) : r.turn }]));
}

/** Which of these words match `query`, each group read in its language. */
export async function matchingWords(
  db: Database,
  groups: Array<{ language: string | null; words: string[] }>,
  query: string,
): Promise<(language: string | null, word: string) => boolean> {
  const key = (language: string | null, word: string) => `${language ?? ''}\u0000${word}`;
  const pairs = new Map<string, { l: string | null; w: string }>();
  for (const { language, words } of groups) for (const word of words) pairs.set(key(language, word), { l: language, w: word });
  const found = new Set<string>();
  if (pairs.size > 0) {
    const result = await db.execute(sql`
      SELECT x.l, x.w FROM jsonb_to_recordset(${JSON.stringify([...pairs.values()])}::jsonb) AS x(l text, w text)
      WHERE to_tsvector(palabre_ts_config(x.l), palabre_fold(x.w)) @@ ${query}::tsquery`);
    for (const r of (result as unknown as { rows: Array<{ l: string | null; w: string }> }).rows) found.add(key(r.l, r.w));
  }
  return (language, word) => found.has(key(language, word));
}
