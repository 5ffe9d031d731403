/**
 * Where a search matched a media: a highlighted snippet (escaped text, only <mark> tags added) and,
 * for a transcript match, the time of the first matching word so the client opens the media there.
 */
import type { Database } from '../db/client.ts';
import { firstMatchingTurns, matchingWords, resolveTsQueries, searchTerms, tsQueryText, type MatchingTurn, type SearchType } from './library/repo.ts';
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
