import type { TextLanguage } from './stopwords.ts';

/** Abbreviations (lower-case, without their final dot) after which a dot never ends a sentence. */
const ABBREVIATIONS: Record<TextLanguage, ReadonlySet<string>> = {
  en: new Set([
    'mr',
    'mrs',
    'ms',
    'dr',
    'prof',
    'st',
    'jr',
    'sr',
    'vs',
    'e.g',
    'i.e',
    'cf',
    'approx',
    'no',
    'nos',
    'fig',
    'vol',
    'p',
    'pp',
    'ch',
    'sec',
    'gen',
    'gov',
    'sen',
    'rep',
    'rev',
    'col',
    'lt',
    'sgt',
    'capt',
    'inc',
    'ltd',
    'co',
    'corp',
    'dept',
    'est',
    'jan',
    'feb',
    'mar',
    'apr',
    'jun',
    'jul',
    'aug',
    'sep',
    'sept',
    'oct',
    'nov',
    'dec',
    'a.m',
    'p.m',
    'u.s',
    'u.k',
    'mt',
    'ave',
  ]),
  fr: new Set([
    'm',
    'mm',
    'mme',
    'mmes',
    'mlle',
    'mlles',
    'dr',
    'pr',
    'me',
    'mgr',
    'st',
    'ste',
    'cf',
    'p',
    'pp',
    'ex',
    'éd',
    'env',
    'av',
    'bd',
    'art',
    'chap',
    'fig',
    'vol',
    'n',
    'no',
    'n°',
    'janv',
    'févr',
    'avr',
    'juil',
    'sept',
    'oct',
    'nov',
    'déc',
    'c.-à-d',
    'c.à.d',
    'cie',
    'tél',
    'min',
    'max',
    'resp',
    'dir',
    'coll',
    'hab',
    'apr. j.-c',
    'av. j.-c',
    'j.-c',
  ]),
};

const TERMINATORS = new Set(['.', '!', '?', '…']);
/** Closing marks that belong to the sentence they follow (French « » may be spaced: « Oui. »). */
const CLOSERS = new Set(['"', '”', '’', "'", ')', ']', '»']);
const OPENERS = new Set(['"', '“', '‘', "'", '(', '[', '«', '¿', '¡']);
const SPACE = /[\s\u00a0\u202f]/u;
const LOWERCASE = /\p{Ll}/u;
const INITIAL = /^\p{Lu}$/u;
const DOTTED = /^(?:\p{L}\.)+\p{L}$/u;

function isSpace(char: string | undefined): boolean {
  return char !== undefined && SPACE.test(char);
}

/** The word ending at `end` (exclusive), opening marks removed. */
function wordBefore(text: string, end: number): string {
  let start = end;
  while (start > 0 && !isSpace(text[start - 1])) start--;
  let word = text.slice(start, end);
  while (word.length > 0 && OPENERS.has(word[0]!)) word = word.slice(1);
  return word;
}

function isAbbreviation(word: string, language: TextLanguage): boolean {
  if (word.length === 0) return false;
  if (INITIAL.test(word) || DOTTED.test(word)) return true;
  return ABBREVIATIONS[language].has(word.toLowerCase());
}

/**
 * Splits text into sentences: after `.`, `!`, `?`, `…` (and runs like `?!` or `...`) followed by a
 * space and a word that does not start in lower case. Abbreviations ("Mr.", "M.", "e.g."), initials
 * ("J. F. Kennedy"), numbers ("3.5") and ellipses inside a sentence do not split it; closing quotes
 * and brackets stay with their sentence, even when spaced the French way (« Oui. »). A blank line
 * always ends a sentence. Whitespace runs inside a sentence become single spaces.
 */
export function splitSentences(text: string, language: TextLanguage): string[] {
  const sentences: string[] = [];
  let start = 0;
  const push = (end: number) => {
    const sentence = text
      .slice(start, end)
      .replace(/[ \t\r\n]+/g, ' ')
      .trim();
    if (sentence.length > 0) sentences.push(sentence);
    start = end;
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '\n') {
      let j = i + 1;
      while (j < text.length && (text[j] === ' ' || text[j] === '\t' || text[j] === '\r')) j++;
      if (text[j] === '\n') {
        push(i);
        i = j + 1;
        continue;
      }
    }
    if (!TERMINATORS.has(char)) {
      i++;
      continue;
    }
    const terminatorStart = i;
    while (i < text.length && TERMINATORS.has(text[i]!)) i++;
    const lastTerminator = i - 1;
    // Closing marks, possibly spaced (« … »).
    let end = i;
    for (;;) {
      let j = end;
      while (isSpace(text[j]) && text[j] !== '\n') j++;
      const next = text[j];
      if (next !== undefined && CLOSERS.has(next) && (j === end || next === '»')) end = j + 1;
      else break;
    }
    if (end < text.length && !isSpace(text[end])) {
      i = Math.max(i, end);
      continue;
    }
    let next = end;
    while (next < text.length && isSpace(text[next])) next++;
    const following = text[next];
    if (following !== undefined && LOWERCASE.test(following)) {
      i = end;
      continue;
    }
    const single = lastTerminator === terminatorStart && char === '.';
    if (single && isAbbreviation(wordBefore(text, terminatorStart), language) && following !== undefined) {
      i = end;
      continue;
    }
    push(end);
    i = end;
  }
  push(text.length);
  return sentences;
}
