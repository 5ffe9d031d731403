/**
 * Where a search matched a media: a highlighted snippet (escaped text, only <mark> tags added) and,
 * for a transcript match, the time of the first matching word so the client opens the media there.
 */
import { sql } from 'drizzle-orm';
import type { Turn } from '@palabre/shared';
import type { Database } from '../db/client.ts';
import { conversations } from '../db/schema.ts';
import { resolveTsQueries, searchTerms, tsQueryText, type SearchType } from './listing.ts';
import type { ConversationRow } from './repo.ts';

export interface SearchMatch {
  highlight: string;
  /** Start time (seconds) of the first transcript word matching a term; null for a title or description match. */
  matchTime: number | null;
}

const BEFORE = 8;
const AFTER = 16;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Words around position `at` (all of them when `at` is null), escaped, matching ones marked. */
function snippet(words: string[], matching: Set<string>, at: number | null): string {
  const from = at === null ? 0 : Math.max(0, at - BEFORE);
  const to = at === null ? words.length : Math.min(words.length, at + AFTER + 1);
  const body = words
    .slice(from, to)
    .map((word) => (matching.has(word) ? `<mark>${escapeHtml(word)}</mark>` : escapeHtml(word)))
    .join(' ');
  return `${from > 0 ? '… ' : ''}${body}${to < words.length ? ' …' : ''}`;
}

const wordsOf = (text: string) => text.split(/\s+/u).filter(Boolean);

/** A transcript's first turn matching a search, and its position (0-based). */
interface MatchingTurn {
  index: number;
  turn: Turn;
}

/**
 * The first turn of each of these media's transcripts whose text matches `query`, read in the media's
 * language; media without a matching turn are left out.
 */
async function firstMatchingTurns(db: Database, ids: string[], query: string): Promise<Map<string, MatchingTurn>> {
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
async function matchingWords(
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

type Field = { words: string[]; whole: boolean };

/**
 * Where a search matched each listed media, for the whole page at once: the first matching turn of
 * each transcript, then which of the words to show match the terms (in each media's language).
 */
export async function matchesOf(db: Database, rows: ConversationRow[], text: string, searchType: SearchType | undefined): Promise<Array<SearchMatch | null>> {
  const terms = searchTerms(text);
  if (terms.length === 0 || rows.length === 0) return rows.map(() => null);
  // Any of the terms (the listing found media with all of them, possibly across fields).
  const [query] = await resolveTsQueries(db, [tsQueryText(terms, '|')]);
  const inTranscript = searchType === undefined || searchType === 'text';
  const turns = inTranscript
    ? await firstMatchingTurns(
        db,
        rows.map((row) => row.id),
        query!,
      )
    : new Map<string, MatchingTurn>();

  // What each media may show: the matching turn, else its title, else its description (as the search looks in them).
  const shown = rows.map((row) => {
    const title = { words: wordsOf(row.name), whole: true };
    const description = { words: wordsOf(row.description), whole: false };
    const fields: Field[] = searchType === 'title' ? [title] : searchType === 'description' ? [description] : searchType === 'text' ? [] : [title, description];
    return { language: row.language ?? row.requestedLanguage, turn: turns.get(row.id), fields };
  });
  const isMatching = await matchingWords(
    db,
    shown.flatMap(({ language, turn, fields }) => (turn ? [turn.turn.words.map((w) => w.word)] : fields.map((f) => f.words)).map((words) => ({ language, words }))),
    query!,
  );
  return shown.map(({ language, turn, fields }) => {
    const matches = (word: string) => isMatching(language, word);
    const marked = (words: string[]) => new Set(words.filter(matches));
    if (turn) {
      const words = turn.turn.words.map((w) => w.word);
      const at = Math.max(0, words.findIndex(matches));
      return { highlight: snippet(words, marked(words), at), matchTime: turn.turn.words[at]?.stime ?? turn.turn.stime };
    }
    for (const field of fields) {
      const at = field.words.findIndex(matches);
      if (at >= 0) return { highlight: snippet(field.words, marked(field.words), field.whole ? null : at), matchTime: null };
    }
    return null;
  });
}
