/**
 * The stable-prefix policy of re-decoding streams (LocalAgreement-2, as in Macháček et al.'s
 * whisper_streaming): the utterance in progress is decoded again and again as it grows, and a word
 * is committed once two consecutive decodes agree on it (and on every word before it). Committed
 * words never change, in later partials or in the final; the words after them are tentative.
 *
 * Each hypothesis covers the whole utterance so far. Its words after the committed ones are found
 * by position when it starts with the committed words, otherwise by time (those starting no earlier
 * than 0.1 s before the last committed word ends, minus any repetition of the committed words'
 * last one to five words). Words are compared folded (case, accents and punctuation ignored: a
 * decode that only adds the comma of "Americans," agrees with one that did not); a committed word
 * takes the text and times of the newer decode.
 *
 * Times are clamped so they only go forward: each word starts no earlier than the previous ends.
 */
import { normalizeForComparison } from '../text/normalize.ts';
import type { StreamWord } from './streaming.ts';

const TIME_TOLERANCE = 0.1;
const MAX_OVERLAP = 5;

export interface AgreementState {
  /** Words two consecutive decodes agreed on: final for this utterance. */
  committed: readonly StreamWord[];
  /** The latest decode's words after them: may still change. */
  tentative: readonly StreamWord[];
}

const key = (word: StreamWord) => normalizeForComparison(word.word).join(' ');

export class LocalAgreement {
  private committed: StreamWord[] = [];
  private tentative: StreamWord[] = [];

  get state(): AgreementState {
    return { committed: this.committed, tentative: this.tentative };
  }

  /** A new decode of the utterance so far: commits what it shares with the previous one. */
  update(hypothesis: readonly StreamWord[]): AgreementState {
    const fresh = this.afterCommitted(hypothesis);
    let agreed = 0;
    while (agreed < fresh.length && agreed < this.tentative.length && key(fresh[agreed]!) === key(this.tentative[agreed]!)) agreed++;
    this.committed.push(...this.forward(fresh.slice(0, agreed), this.lastEnd()));
    this.tentative = this.forward(fresh.slice(agreed), this.lastEnd());
    return this.state;
  }

  /**
   * The utterance is over and `hypothesis` is its last decode: returns its words (the committed
   * ones unchanged, then the hypothesis's words after them) and starts afresh for the next one.
   */
  finish(hypothesis: readonly StreamWord[]): StreamWord[] {
    const words = [...this.committed, ...this.forward(this.afterCommitted(hypothesis), this.lastEnd())];
    this.committed = [];
    this.tentative = [];
    return words;
  }

  private lastEnd(): number {
    return this.committed.at(-1)?.end ?? 0;
  }

  /** The hypothesis's words that come after the committed ones. */
  private afterCommitted(hypothesis: readonly StreamWord[]): StreamWord[] {
    const words = hypothesis.filter((w) => key(w) !== '');
    const n = this.committed.length;
    if (n === 0) return words;
    if (words.length >= n && this.committed.every((c, i) => key(c) === key(words[i]!))) return words.slice(n);
    const since = this.lastEnd() - TIME_TOLERANCE;
    const later = words.filter((w) => w.start >= since);
    // Drop a repetition of the committed words' end ("… can do | do for you" → "for you").
    for (let size = Math.min(MAX_OVERLAP, n, later.length); size > 0; size--) {
      const tail = this.committed.slice(n - size).map(key);
      if (later.slice(0, size).every((w, i) => key(w) === tail[i])) return later.slice(size);
    }
    return later;
  }

  /** Copies of `words` whose times never go back, starting from `from`. */
  private forward(words: readonly StreamWord[], from: number): StreamWord[] {
    let previous = from;
    return words.map((word) => {
      const start = Math.max(word.start, previous);
      const end = Math.max(word.end, start);
      previous = end;
      return { ...word, start, end };
    });
  }
}
