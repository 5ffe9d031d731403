import { splitSentences } from './sentences.ts';
import type { TextLanguage } from './stopwords.ts';
import { tokenize, type Token } from './terms.ts';

export interface Keyphrase {
  text: string;
  /** Relevance in (0, 1]: higher is more relevant. */
  score: number;
}

export interface KeyphraseOptions {
  language: TextLanguage;
  /** How many keyphrases at most (default 10). */
  max?: number;
}

const MAX_WORDS = 3;
const WINDOW = 2;

interface TermStats {
  count: number;
  /** Occurrences capitalised other than at the start of a sentence. */
  capitalised: number;
  acronyms: number;
  sentences: number[];
  left: Map<string, number>;
  right: Map<string, number>;
  stopWord: boolean;
}

interface Candidate {
  count: number;
  terms: string[];
  forms: Map<string, number>;
  firstSeen: number;
}

const ACRONYM = /^\p{Lu}[\p{Lu}\p{N}]+$/u;
const CAPITALISED = /^\p{Lu}/u;

function statsOf(terms: Map<string, TermStats>, token: Token): TermStats {
  let stats = terms.get(token.term);
  if (!stats) {
    stats = { count: 0, capitalised: 0, acronyms: 0, sentences: [], left: new Map(), right: new Map(), stopWord: token.stopWord };
    terms.set(token.term, stats);
  }
  return stats;
}

function increment<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Words between punctuation marks: candidates never cross a comma or a bracket. */
function segments(tokens: readonly Token[]): Token[][] {
  const result: Token[][] = [];
  for (const token of tokens) {
    if (token.afterBreak || result.length === 0) result.push([]);
    result.at(-1)!.push(token);
  }
  return result;
}

/** The displayed form: a word capitalised only because it starts the sentence is lower-cased. */
function displayForm(sentence: string, tokens: readonly Token[], sentenceStart: boolean, terms: Map<string, TermStats>): string {
  const first = tokens[0]!;
  let text = sentence.slice(first.start, tokens.at(-1)!.end).replace(/\s+/gu, ' ');
  const stats = terms.get(first.term);
  if (sentenceStart && stats && stats.capitalised === 0 && stats.acronyms === 0 && !ACRONYM.test(first.text)) {
    text = text.charAt(0).toLowerCase() + text.slice(1);
  }
  return text;
}

/**
 * Statistical keyphrases in the manner of YAKE (Campos et al., 2020): each word gets features of
 * casing, position, frequency, relatedness to its context and spread over sentences; candidates of 1–3
 * words that neither start nor end with a stop word are scored from their words (lower is better), then
 * returned most relevant first with a descending relevance, one per folded form (case, accents, plurals).
 */
export function extractKeyphrases(text: string, options: KeyphraseOptions): Keyphrase[] {
  const { language } = options;
  const max = options.max ?? 10;
  const sentences = splitSentences(text, language);
  const terms = new Map<string, TermStats>();
  const pairs = new Map<string, number>();
  const tokenized = sentences.map((sentence) => tokenize(sentence, language));

  tokenized.forEach((tokens, index) => {
    for (const segment of segments(tokens)) {
      segment.forEach((token, position) => {
        const stats = statsOf(terms, token);
        stats.count++;
        if (ACRONYM.test(token.text)) stats.acronyms++;
        else if (CAPITALISED.test(token.text) && !(token === tokens[0])) stats.capitalised++;
        if (stats.sentences.at(-1) !== index) stats.sentences.push(index);
        for (let back = 1; back <= WINDOW && position - back >= 0; back++) {
          const other = segment[position - back]!;
          increment(stats.left, other.term);
          increment(statsOf(terms, other).right, token.term);
        }
        if (position > 0) increment(pairs, `${segment[position - 1]!.term} ${token.term}`);
      });
    }
  });

  const content = [...terms.values()].filter((stats) => !stats.stopWord);
  if (content.length === 0) return [];
  const counts = content.map((stats) => stats.count);
  const mean = counts.reduce((sum, count) => sum + count, 0) / counts.length;
  const deviation = Math.sqrt(counts.reduce((sum, count) => sum + (count - mean) ** 2, 0) / counts.length);
  const maxCount = Math.max(...counts);

  const weights = new Map<string, number>();
  for (const [term, stats] of terms) {
    if (stats.stopWord) continue;
    const casing = Math.max(stats.capitalised, stats.acronyms) / (1 + Math.log(stats.count));
    const position = Math.log(Math.log(3 + median(stats.sentences)));
    const frequency = stats.count / (mean + deviation);
    const spread = (map: Map<string, number>) => {
      let total = 0;
      for (const value of map.values()) total += value;
      return total === 0 ? 0 : map.size / total;
    };
    const relatedness = 1 + (spread(stats.left) + spread(stats.right)) * (stats.count / maxCount);
    const sentencesShare = stats.sentences.length / sentences.length;
    weights.set(term, (relatedness * position) / (casing + frequency / relatedness + sentencesShare / relatedness));
  }

  const candidates = new Map<string, Candidate>();
  let seen = 0;
  tokenized.forEach((tokens, index) => {
    for (const segment of segments(tokens)) {
      for (let from = 0; from < segment.length; from++) {
        const first = segment[from]!;
        if (first.stopWord || first.numeric) continue;
        for (let length = 1; length <= MAX_WORDS && from + length <= segment.length; length++) {
          const words = segment.slice(from, from + length);
          const last = words.at(-1)!;
          if (last.stopWord || last.numeric) continue;
          const key = words.map((word) => word.term).join(' ');
          let candidate = candidates.get(key);
          if (!candidate) {
            candidate = { count: 0, terms: words.map((word) => word.term), forms: new Map(), firstSeen: seen++ };
            candidates.set(key, candidate);
          }
          candidate.count++;
          increment(candidate.forms, displayForm(sentences[index]!, words, tokens[0] === first, terms));
        }
      }
    }
  });

  const scored = [...candidates.values()].map((candidate) => {
    let product = 1;
    let sum = 0;
    candidate.terms.forEach((term, position) => {
      const weight = weights.get(term);
      if (weight !== undefined) {
        product *= weight;
        sum += weight;
        return;
      }
      // A stop word inside the phrase: the likelier the bigrams around it, the less it costs.
      const previous = candidate.terms[position - 1]!;
      const next = candidate.terms[position + 1]!;
      const before = (pairs.get(`${previous} ${term}`) ?? 0) / (terms.get(previous)?.count ?? 1);
      const after = (pairs.get(`${term} ${next}`) ?? 0) / (terms.get(next)?.count ?? 1);
      const probability = before * after;
      product *= 1 + (1 - probability);
      sum -= 1 - probability;
    });
    const score = product / (candidate.count * (1 + sum));
    let text = '';
    let best = 0;
    for (const [form, count] of candidate.forms) {
      if (count > best) {
        best = count;
        text = form;
      }
    }
    return { text, score, firstSeen: candidate.firstSeen };
  });
  scored.sort((a, b) => a.score - b.score || a.firstSeen - b.firstSeen);
  return scored.slice(0, max).map(({ text, score }) => ({ text, score: 1 / (1 + Math.max(0, score)) }));
}
