/**
 * Rule-based punctuation for engines that give none (PocketSphinx), on word arrays: words keep
 * their times, nothing is inserted between words, so the transcript's timing invariants hold.
 *
 * Rules, per segment:
 * 1. A word that is only punctuation ("?", ",", "»") is glued to the word before it (or, at the
 *    start, to the word after it); the surviving word keeps its own times.
 * 2. The first word of the segment and every word after a sentence end (. ! ? …) get a capital
 *    first letter. English "i", "i'm", "i'll", "i've", "i'd" become "I…".
 * 3. A segment that does not end with . ! ? or … ends with a period (a trailing , ; : is replaced).
 * 4. Spacing before high punctuation follows the language: French typography puts a narrow
 *    no-break space (U+202F) before ? ! ; and a no-break space (U+00A0) before : and inside « »;
 *    English puts none. Colons between digits ("10:30") are left alone.
 * No question detection or comma insertion: guessing those from words alone is wrong too often.
 */
import type { TimedWord } from './numbers.ts';

export type PunctuationLanguage = 'en' | 'fr';

const NARROW_NBSP = '\u202f';
const NBSP = '\u00a0';
const ONLY_PUNCTUATION = /^[^\p{L}\p{N}]+$/u;
const SENTENCE_END = /[.!?…]["'»)\]\u202f\u00a0]*$/u;

function capitalise(word: string): string {
  return word.replace(/\p{L}/u, (letter) => letter.toLocaleUpperCase());
}

/** Applies the spacing rules of `language` inside one word string. */
export function typographicSpacing(text: string, language: PunctuationLanguage): string {
  // Start from no space before the marks, then add the French ones.
  let result = text.replace(/[ \u00a0\u202f]+(?=[?!;:»])/gu, '').replace(/«[ \u00a0\u202f]+/gu, '«');
  if (language === 'fr') {
    result = result
      .replace(/(?<=[^\s«])([?!;:]+)(?![\p{N}])/gu, (marks: string) => `${marks.startsWith(':') ? NBSP : NARROW_NBSP}${marks}`)
      .replace(/«(?=\S)/gu, `«${NBSP}`)
      .replace(/(?<=\S)»/gu, `${NBSP}»`);
  }
  return result;
}

function glueLoosePunctuation<T extends TimedWord>(words: readonly T[]): T[] {
  const out: T[] = [];
  let prefix = '';
  for (const word of words) {
    if (ONLY_PUNCTUATION.test(word.word.trim())) {
      const previous = out[out.length - 1];
      if (previous) out[out.length - 1] = { ...previous, word: previous.word + word.word.trim() };
      else prefix += word.word.trim();
      continue;
    }
    out.push(prefix ? { ...word, word: prefix + word.word } : word);
    prefix = '';
  }
  return out;
}

/** Punctuates the words of one segment (see the rules above). Pure. */
export function punctuateWords<T extends TimedWord>(words: readonly T[], language: PunctuationLanguage): T[] {
  const glued = glueLoosePunctuation(words);
  if (glued.length === 0) return [];
  let sentenceStart = true;
  const out = glued.map((word) => {
    let text = word.word;
    if (language === 'en') text = text.replace(/^i(?=$|['’](m|ll|ve|d)$)/u, 'I');
    if (sentenceStart) text = capitalise(text);
    sentenceStart = SENTENCE_END.test(text);
    return { ...word, word: text };
  });
  const last = out[out.length - 1]!;
  if (!SENTENCE_END.test(last.word)) last.word = `${last.word.replace(/[,;:\s\u00a0\u202f]+$/u, '')}.`;
  return out.map((word) => ({ ...word, word: typographicSpacing(word.word, language) }));
}

/** Punctuates each segment's words, keeping every other field of the segments. */
export function punctuateSegments<S extends { words: readonly TimedWord[] }>(segments: readonly S[], language: PunctuationLanguage): S[] {
  return segments.map((segment) => ({ ...segment, words: punctuateWords(segment.words, language) }));
}
