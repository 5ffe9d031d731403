/**
 * Where a search matched a media: a highlighted snippet (escaped text, only <mark> tags added) and,
 * for a transcript match, the time of the first matching word so the client opens the media there.
 */
import type { Database } from '../db/client.ts';
import { conversationsRepo, searchTerms, tsQueryText, type ConversationRow, type SearchType } from './repo.ts';

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

export async function matchOf(db: Database, row: ConversationRow, text: string, searchType: SearchType | undefined): Promise<SearchMatch | null> {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  const anyTerm = tsQueryText(terms, '|');
  const language = row.language ?? row.requestedLanguage;

  if (searchType === undefined || searchType === 'text') {
    const found = await conversationsRepo.firstMatchingTurn(db, row.id, language, anyTerm);
    if (found) {
      const words = found.turn.words.map((w) => w.word);
      const matching = await conversationsRepo.matchingWords(db, language, words, anyTerm);
      const at = Math.max(
        0,
        words.findIndex((w) => matching.has(w)),
      );
      return { highlight: snippet(words, matching, at), matchTime: found.turn.words[at]?.stime ?? found.turn.stime };
    }
  }
  const title = { text: row.name, whole: true };
  const description = { text: row.description, whole: false };
  const fields = searchType === 'title' ? [title] : searchType === 'description' ? [description] : searchType === 'text' ? [] : [title, description];
  for (const field of fields) {
    const words = wordsOf(field.text);
    const matching = await conversationsRepo.matchingWords(db, language, words, anyTerm);
    const at = words.findIndex((w) => matching.has(w));
    if (at >= 0) return { highlight: snippet(words, matching, field.whole ? null : at), matchTime: null };
  }
  return null;
}
