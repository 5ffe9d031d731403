/**
 * A transcript's keywords: statistical keyphrases (no language model), or a model's answer to a
 * prompt asking for a JSON array of keyphrases in the transcript's language. Long transcripts go
 * to the model chunk by chunk (map-reduce); the chunks' lists are merged by rank.
 */
import { completeChat, estimateTokens, extractKeyphrases, mapReduce, type ChatTurn, type TextLanguage } from '@palabre/engines';
import { MAX_KEYWORDS } from '@palabre/shared';
import { fold } from '../exports/model.ts';
import type { UsableAiProfile } from '../ai-profiles/resolve.ts';

/** A model answer that holds no usable list of keyphrases. */
export class KeywordAnswerError extends Error {}

/** A keyword is short text: no line breaks, no commas (the library filter joins keywords with them). */
const MAX_KEYWORD_CHARS = 100;
/** Room left for the model's answer (a list of up to MAX_KEYWORDS short phrases). */
const ANSWER_TOKENS = 600;

export function cleanKeyword(raw: string): string {
  return raw
    .replace(/[\s,]+/gu, ' ')
    .replace(/^[\s"'«»“”‘’.;:!?()[\]{}#*_-]+|[\s"'«»“”‘’.;:!?()[\]{}#*_-]+$/gu, '')
    .slice(0, MAX_KEYWORD_CHARS)
    .trim();
}

/** Cleaned, without repeats (case and accents ignored), at most MAX_KEYWORDS, in the given order. */
export function distinctKeywords(candidates: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const candidate of candidates) {
    const keyword = cleanKeyword(candidate);
    const key = fold(keyword);
    if (!/[\p{L}\p{N}]/u.test(keyword) || seen.has(key)) continue;
    seen.add(key);
    kept.push(keyword);
    if (kept.length === MAX_KEYWORDS) break;
  }
  return kept;
}

/** The keyphrases of a model's answer: the first JSON array of strings in it (inside a code fence or prose too). */
export function parseKeywordAnswer(answer: string): string[] {
  const start = answer.indexOf('[');
  const end = answer.lastIndexOf(']');
  if (start < 0 || end <= start) throw new KeywordAnswerError('The model did not answer a list of keywords');
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.slice(start, end + 1));
  } catch {
    throw new KeywordAnswerError('The model did not answer a list of keywords');
  }
  if (!Array.isArray(parsed)) throw new KeywordAnswerError('The model did not answer a list of keywords');
  const keywords = distinctKeywords(parsed.filter((item): item is string => typeof item === 'string'));
  if (keywords.length === 0) throw new KeywordAnswerError('The model answered no keywords');
  return keywords;
}

/** Merges ranked lists: a keyphrase scores more the higher it ranks and the more lists hold it. */
export function mergeRankedLists(lists: readonly string[][]): string[] {
  const scores = new Map<string, { keyword: string; score: number; first: number }>();
  let order = 0;
  for (const list of lists) {
    list.forEach((keyword, rank) => {
      const key = fold(keyword);
      const entry = scores.get(key) ?? { keyword, score: 0, first: order++ };
      entry.score += 1 - rank / Math.max(list.length, 1);
      scores.set(key, entry);
    });
  }
  return [...scores.values()].sort((a, b) => b.score - a.score || a.first - b.first).map((entry) => entry.keyword);
}

const PROMPTS: Record<TextLanguage, { system: string; user: (part: number, parts: number) => string }> = {
  en: {
    system: 'You find the keywords of transcripts. You answer with a JSON array of strings and nothing else.',
    user: (part, parts) =>
      `List up to ${MAX_KEYWORDS} keyphrases (one to three words each) that best say what this transcript${parts > 1 ? ` excerpt (part ${part + 1} of ${parts})` : ''} is about, most relevant first, in English, written as in the transcript. Answer with a JSON array of strings only, for example ["budget", "public transport"].`,
  },
  fr: {
    system: 'Tu trouves les mots-clés de transcriptions. Tu réponds par un tableau JSON de chaînes, sans rien d’autre.',
    user: (part, parts) =>
      `Donne jusqu’à ${MAX_KEYWORDS} expressions clés (un à trois mots chacune) qui disent le mieux de quoi parle cette transcription${parts > 1 ? ` (extrait ${part + 1} sur ${parts})` : ''}, de la plus pertinente à la moins pertinente, en français, écrites comme dans la transcription. Réponds uniquement par un tableau JSON de chaînes, par exemple ["budget", "transports en commun"].`,
  },
};

/** The messages asking a model for the keyphrases of `text`. */
export function keywordPrompt(text: string, language: TextLanguage, part = 0, parts = 1): ChatTurn[] {
  const prompt = PROMPTS[language];
  return [
    { role: 'system', content: prompt.system },
    { role: 'user', content: `${prompt.user(part, parts)}\n\n---\n${text}` },
  ];
}

export interface KeywordSource {
  /** The transcript's turns, in order. */
  segments: readonly string[];
  language: TextLanguage;
}

/** Statistical keyphrases: no language model. */
export function extractiveKeywords(source: KeywordSource): string[] {
  const text = source.segments.join('\n');
  return distinctKeywords(extractKeyphrases(text, { language: source.language, max: MAX_KEYWORDS }).map((keyphrase) => keyphrase.text));
}

/** A model's keyphrases, asked chunk by chunk when the transcript does not fit its context. */
export async function modelKeywords(source: KeywordSource, profile: UsableAiProfile, signal?: AbortSignal): Promise<string[]> {
  const ask = async (text: string, part: number, parts: number) => {
    const answer = await completeChat(profile.model, keywordPrompt(text, source.language, part, parts), {
      fetch: profile.fetch,
      maxTokens: ANSWER_TOKENS,
      ...(signal ? { signal } : {}),
    });
    return JSON.stringify(parseKeywordAnswer(answer));
  };
  const merged = await mapReduce({
    items: source.segments,
    render: (segments) => segments.join('\n'),
    contextTokens: profile.model.contextTokens,
    promptTokens: keywordPrompt('', source.language, 0, 2).reduce((sum, turn) => sum + estimateTokens(turn.content), 0),
    answerTokens: ANSWER_TOKENS,
    map: ask,
    reduce: async (partials) => JSON.stringify(distinctKeywords(mergeRankedLists(partials.map((partial) => JSON.parse(partial) as string[])))),
  });
  return distinctKeywords(JSON.parse(merged) as string[]);
}
