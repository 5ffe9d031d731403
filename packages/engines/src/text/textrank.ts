import type { TextLanguage } from './stopwords.ts';
import { tokenize } from './terms.ts';

const DAMPING = 0.85;
/** Convergence: the scores (summing to 1) moved less than this in total. */
const TOLERANCE = 1e-8;
const MAX_ITERATIONS = 500;

export interface SummaryOptions {
  language: TextLanguage;
  /** The summary's length limit, in words (as split on spaces). */
  maxWords: number;
}

interface SentenceTerms {
  /** Distinct content terms (stop words removed, accents and plurals folded), ascending term ids. */
  ids: number[];
  /** Content words, repeats included. */
  length: number;
}

function sentenceTerms(sentences: readonly string[], language: TextLanguage): SentenceTerms[] {
  const idOf = new Map<string, number>();
  return sentences.map((sentence) => {
    const ids = new Set<number>();
    let length = 0;
    for (const token of tokenize(sentence, language)) {
      if (token.stopWord) continue;
      length++;
      let id = idOf.get(token.term);
      if (id === undefined) {
        id = idOf.size;
        idOf.set(token.term, id);
      }
      ids.add(id);
    }
    return { ids: [...ids].sort((a, b) => a - b), length };
  });
}

/** A symmetric weighted graph in compressed rows: the links of node i are at offsets[i] .. offsets[i + 1]. */
interface Graph {
  offsets: Uint32Array;
  targets: Uint32Array;
  weights: Float64Array;
  /** Sum of the weights of each node's links. */
  strength: Float64Array;
}

/** A growable list of (from, to, weight) links. */
class LinkList {
  from = new Uint32Array(1024);
  to = new Uint32Array(1024);
  weight = new Float64Array(1024);
  size = 0;

  push(from: number, to: number, weight: number): void {
    if (this.size === this.from.length) {
      const grow = <T extends Uint32Array | Float64Array>(array: T): T => {
        const bigger = new (array.constructor as new (length: number) => T)(array.length * 2);
        bigger.set(array);
        return bigger;
      };
      this.from = grow(this.from);
      this.to = grow(this.to);
      this.weight = grow(this.weight);
    }
    this.from[this.size] = from;
    this.to[this.size] = to;
    this.weight[this.size++] = weight;
  }
}

/**
 * The similarity graph of TextRank (Mihalcea & Tarau, 2004): shared content words over the sum of the
 * log lengths, computed sparsely through an inverted index (only pairs sharing a word are visited).
 */
function similarityGraph(terms: readonly SentenceTerms[]): Graph {
  const count = terms.length;
  const postings = new Map<number, number[]>();
  terms.forEach((sentence, index) => {
    for (const id of sentence.ids) {
      let list = postings.get(id);
      if (!list) postings.set(id, (list = []));
      list.push(index);
    }
  });
  const links = new LinkList();
  // Shared-word counts with the later sentences, reset through the list of those touched.
  const shared = new Uint32Array(count);
  const touched: number[] = [];
  terms.forEach((sentence, index) => {
    for (const id of sentence.ids) {
      for (const other of postings.get(id)!) {
        if (other <= index) continue;
        if (shared[other] === 0) touched.push(other);
        shared[other]!++;
      }
    }
    touched.sort((a, b) => a - b);
    for (const other of touched) {
      // log(1 + n) keeps one-word sentences from dividing by zero.
      links.push(index, other, shared[other]! / (Math.log(1 + sentence.length) + Math.log(1 + terms[other]!.length)));
      shared[other] = 0;
    }
    touched.length = 0;
  });

  const offsets = new Uint32Array(count + 1);
  for (let at = 0; at < links.size; at++) {
    offsets[links.from[at]! + 1]!++;
    offsets[links.to[at]! + 1]!++;
  }
  for (let index = 0; index < count; index++) offsets[index + 1]! += offsets[index]!;
  const fill = offsets.slice(0, count);
  const targets = new Uint32Array(offsets[count]!);
  const weights = new Float64Array(offsets[count]!);
  const strength = new Float64Array(count);
  for (let at = 0; at < links.size; at++) {
    const from = links.from[at]!;
    const to = links.to[at]!;
    const weight = links.weight[at]!;
    targets[fill[from]!] = to;
    weights[fill[from]!++] = weight;
    targets[fill[to]!] = from;
    weights[fill[to]!++] = weight;
    strength[from]! += weight;
    strength[to]! += weight;
  }
  return { offsets, targets, weights, strength };
}

/**
 * TextRank over sentences: PageRank (damping 0.85, to convergence) on the word-overlap similarity
 * graph. Returns each sentence's score, in the sentences' order (scores sum to 1; deterministic).
 */
export function rankSentences(sentences: readonly string[], language: TextLanguage): number[] {
  const count = sentences.length;
  if (count === 0) return [];
  const { offsets, targets, weights, strength } = similarityGraph(sentenceTerms(sentences, language));
  let scores = new Float64Array(count).fill(1 / count);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    // Sentences without any link spread their score evenly (the random surfer jumps anywhere).
    let dangling = 0;
    for (let index = 0; index < count; index++) if (strength[index] === 0) dangling += scores[index]!;
    const base = (1 - DAMPING) / count + (DAMPING * dangling) / count;
    const next = new Float64Array(count).fill(base);
    for (let index = 0; index < count; index++) {
      const total = strength[index]!;
      if (total === 0) continue;
      const share = (DAMPING * scores[index]!) / total;
      for (let at = offsets[index]!; at < offsets[index + 1]!; at++) next[targets[at]!]! += share * weights[at]!;
    }
    let change = 0;
    for (let index = 0; index < count; index++) change += Math.abs(next[index]! - scores[index]!);
    scores = next;
    if (change < TOLERANCE) break;
  }
  return [...scores];
}

function wordCount(sentence: string): number {
  return sentence.split(/\s+/u).filter((word) => word.length > 0).length;
}

/**
 * An extractive summary: the best-ranked sentences that fit within `maxWords` (a sentence too long for
 * the room left is skipped for shorter ones), as indexes into `sentences` in their original order.
 * Sentences without any content word ("Yeah.", "Okay, so.") are never chosen.
 */
export function extractiveSummary(sentences: readonly string[], options: SummaryOptions): number[] {
  const scores = rankSentences(sentences, options.language);
  const terms = sentenceTerms(sentences, options.language);
  const order = scores.map((_, index) => index).sort((a, b) => scores[b]! - scores[a]! || a - b);
  const chosen: number[] = [];
  let room = options.maxWords;
  for (const index of order) {
    if (terms[index]!.length === 0) continue;
    const words = wordCount(sentences[index]!);
    if (words > room) continue;
    chosen.push(index);
    room -= words;
    if (room === 0) break;
  }
  return chosen.sort((a, b) => a - b);
}
