/**
 * Text rules of the transcript format (docs/transcript-format.md §4): how a segment is cut into words,
 * how its length is counted, which tokens are punctuation, and millisecond rounding of times.
 */

/**
 * Word separators: every Unicode White_Space character except the no-break spaces U+00A0, U+2007 and
 * U+202F, which French typography uses to glue punctuation to a word ("Bonjour\u202F!") and which are
 * therefore part of a word.
 */
export const WORD_SEPARATOR = /[\t\n\v\f\r \u0085\u1680\u2000-\u2006\u2008-\u200a\u2028\u2029\u205f\u3000\ufeff]/u;
const SEPARATORS = /[\t\n\v\f\r \u0085\u1680\u2000-\u2006\u2008-\u200a\u2028\u2029\u205f\u3000\ufeff]+/gu;
/** No-break spaces: allowed inside a word, never at its edges. */
export const NO_BREAK_SPACES = '\u00a0\u2007\u202f';
const EDGE_NO_BREAK = /^[\u00a0\u2007\u202f]+|[\u00a0\u2007\u202f]+$/gu;

/** A token of an edited text: its NFC text and where it starts and ends (UTF-16 offsets) in the input. */
export interface Token {
  text: string;
  start: number;
  end: number;
}

/**
 * Cuts text into words: split on separators, strip no-break spaces at the edges of each piece, drop
 * empty pieces, normalise each word to Unicode NFC. Offsets refer to the input as given.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  const push = (start: number, end: number) => {
    let piece = text.slice(start, end);
    const lead = piece.length - piece.replace(/^[\u00a0\u2007\u202f]+/u, '').length;
    piece = piece.replace(EDGE_NO_BREAK, '');
    if (piece !== '') tokens.push({ text: piece.normalize('NFC'), start: start + lead, end: start + lead + piece.length });
  };
  for (const match of text.matchAll(SEPARATORS)) {
    push(last, match.index);
    last = match.index + match[0].length;
  }
  push(last, text.length);
  return tokens;
}

/** The words of a text, as `tokenize` cuts them. */
export function wordsOf(text: string): string[] {
  return tokenize(text).map((token) => token.text);
}

/** A turn's segment: its words joined by single U+0020 spaces. */
export function joinWords(list: readonly string[]): string {
  return list.join(' ');
}

/** Segment length as the format counts it: Unicode code points (an "é" or an emoji counts as one). */
export function segmentLength(segment: string): number {
  let count = 0;
  for (const _ of segment) count += 1;
  return count;
}

/** A legal word: non-empty, no separator, no no-break space at its edges. */
export function isValidWord(word: string): boolean {
  return word !== '' && !WORD_SEPARATOR.test(word) && word.replace(EDGE_NO_BREAK, '') === word;
}

/**
 * Punctuation characters (docs/transcript-format.md §4.3). A token made only of these (and no-break
 * spaces) is a punctuation token: it is not pronounced, so when inserted it takes no time.
 */
export const PUNCTUATION = '.,;:!?…«»"\'’‘“”‚„()[]{}-‐–—/¿¡';
const PUNCTUATION_TOKEN = new RegExp(`^[${[...(PUNCTUATION + NO_BREAK_SPACES)].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}]+$`, 'u');
export function isPunctuationToken(word: string): boolean {
  return PUNCTUATION_TOKEN.test(word);
}

/** Rounds seconds to the millisecond, the precision of every time in the format. */
export function roundTime(seconds: number): number {
  const rounded = Math.round(seconds * 1000) / 1000;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** True when a time in seconds is a whole number of milliseconds (within float error). */
export function isMillisecondPrecise(seconds: number): boolean {
  const ms = seconds * 1000;
  return Math.abs(ms - Math.round(ms)) <= 1e-6 * Math.max(1, Math.abs(ms) / 1e6);
}
