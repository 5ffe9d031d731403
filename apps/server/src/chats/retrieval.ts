/**
 * Which turns of a transcript a question is answered from. Each turn is labelled with a short id
 * ("[T12 03:41 Alice] …") the model cites. When the whole transcript fits the budget it is sent whole;
 * otherwise the turns most relevant to the question (BM25 over the turns' words, the language's stop
 * words left out) are picked with their neighbours until the budget is full, then sent in time order.
 */
import { STOP_WORDS, chunkByTokens, estimateTokens, type TextLanguage } from '@palabre/engines';
import type { Transcript } from '@palabre/shared';

/** One turn as the model sees it. */
export interface LabelledTurn {
  /** "T12": the turn's place in the transcript, from 1. */
  id: string;
  turnId: string;
  start: number;
  end: number;
  speaker: string;
  text: string;
  /** "[T12 03:41 Alice] text" */
  line: string;
  tokens: number;
}

/** 221 s → "03:41"; an hour or more → "1:03:41". */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** The transcript's turns with text, labelled by their place (T1, T2…). */
export function labelTurns(transcript: Transcript): LabelledTurn[] {
  const names = new Map(transcript.speakers.map((s) => [s.speaker_id, s.speaker_name]));
  const labelled: LabelledTurn[] = [];
  transcript.text.forEach((turn, index) => {
    const text = turn.segment.trim();
    if (text === '') return;
    const id = `T${index + 1}`;
    const speaker = names.get(turn.speaker_id) ?? turn.speaker_id;
    const line = `[${id} ${clock(turn.stime)} ${speaker}] ${text}`;
    labelled.push({ id, turnId: turn.turn_id, start: turn.stime, end: turn.etime, speaker, text, line, tokens: estimateTokens(line) + 1 });
  });
  return labelled;
}

const fold = (word: string) => word.normalize('NFD').replace(/\p{M}+/gu, '');

/**
 * Lower-case words without accents; stop words (checked as written, "aujourd'hui", "été") and
 * one-letter words left out; elided words cut at their apostrophe ("l'été" → "été").
 */
export function terms(text: string, language: TextLanguage): string[] {
  const stop = STOP_WORDS[language];
  const words =
    text
      .toLowerCase()
      .replaceAll('’', "'")
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu) ?? [];
  return words
    .flatMap((word) => (stop.has(word) ? [] : word.split("'")))
    .filter((word) => word.length > 1 && !stop.has(word))
    .map(fold);
}

const K1 = 1.2;
const B = 0.75;

/** BM25 score of each document for the query's terms (0 when none of them is in it). */
export function bm25(documents: readonly string[][], query: readonly string[]): number[] {
  const n = documents.length;
  if (n === 0) return [];
  const averageLength = documents.reduce((sum, doc) => sum + doc.length, 0) / n || 1;
  const frequencies = documents.map((doc) => {
    const counts = new Map<string, number>();
    for (const term of doc) counts.set(term, (counts.get(term) ?? 0) + 1);
    return counts;
  });
  const unique = [...new Set(query)];
  const idf = new Map(
    unique.map((term) => {
      const containing = frequencies.reduce((count, f) => count + (f.has(term) ? 1 : 0), 0);
      return [term, Math.log(1 + (n - containing + 0.5) / (containing + 0.5))];
    }),
  );
  return frequencies.map((counts, i) => {
    const length = documents[i]!.length;
    let score = 0;
    for (const term of unique) {
      const f = counts.get(term) ?? 0;
      if (f === 0) continue;
      score += idf.get(term)! * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * length) / averageLength)));
    }
    return score;
  });
}

/**
 * The turns to send for a question within `budget` tokens, in time order: all of them when they fit,
 * else the best-scored turns each with the turn before and after it; when no turn shares a word with
 * the question, the transcript from its start.
 */
export function selectTurns(turns: readonly LabelledTurn[], question: string, language: TextLanguage, budget: number): LabelledTurn[] {
  if (budget <= 0 || turns.length === 0) return [];
  const groups = chunkByTokens(turns, (turn) => turn.tokens, budget);
  const total = turns.reduce((sum, turn) => sum + turn.tokens, 0);
  if (groups.length <= 1 && total <= budget) return [...turns];

  const scores = bm25(
    turns.map((turn) => terms(`${turn.speaker} ${turn.text}`, language)),
    terms(question, language),
  );
  const ranked = scores
    .map((score, index) => ({ score, index }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const picked = new Set<number>();
  let used = 0;
  const take = (index: number): boolean => {
    if (index < 0 || index >= turns.length || picked.has(index)) return true;
    if (used + turns[index]!.tokens > budget) return false;
    picked.add(index);
    used += turns[index]!.tokens;
    return true;
  };
  if (ranked.length === 0) {
    // A question sharing no word with the transcript ("what is this about?"): its beginning.
    return groups[0]!.filter((turn) => turn.tokens <= budget);
  }
  for (const { index } of ranked) {
    if (!take(index)) continue;
    take(index - 1);
    take(index + 1);
  }
  return [...picked].sort((a, b) => a - b).map((index) => turns[index]!);
}

const CITATION_GROUP = /\[([^\]\n]{1,200})\]/g;
const CITATION_ID = /\bT(\d{1,6})\b/g;

/** The turn ids an answer cites ("[T12]", "[T3, T4]", "[T7 01:02]"), in order of first appearance. */
export function citedIds(answer: string): string[] {
  const ids: string[] = [];
  for (const group of answer.matchAll(CITATION_GROUP)) {
    for (const match of group[1]!.matchAll(CITATION_ID)) {
      const id = `T${Number(match[1])}`;
      if (!ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}

const EXCERPT_MAX = 200;

/** A turn's text cut to at most 200 characters, at a word boundary when there is one. */
export function excerptOf(text: string): string {
  if (text.length <= EXCERPT_MAX) return text;
  const cut = text.slice(0, EXCERPT_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
