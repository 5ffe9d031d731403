import { foldWord } from './normalize.ts';
import { STOP_WORDS, type TextLanguage } from './stopwords.ts';

/** A word of a sentence, as the statistical methods see it. */
export interface Token {
  /** As written. */
  text: string;
  /** Offset of the word in its sentence. */
  start: number;
  end: number;
  /** Lower-case, accents folded, plural folded: the identity of the term. */
  term: string;
  stopWord: boolean;
  numeric: boolean;
  /** Whether punctuation (other than spaces) separates this word from the previous one. */
  afterBreak: boolean;
}

const WORD = /[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu;
/** French elisions written before the word they belong to: l'homme, qu'il, jusqu'à. */
const ELISION = /^(l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu|quoiqu|presqu)['’]/iu;
const ENGLISH_POSSESSIVE = /['’]s$/iu;

/** Plural → singular, conservatively: "countries" → "country", "eaux" → "eau", "cities" → "city". */
export function singular(folded: string, language: TextLanguage): string {
  if (folded.length <= 3 || /\d/.test(folded)) return folded;
  if (language === 'en') {
    if (folded.endsWith('ies') && folded.length > 4) return `${folded.slice(0, -3)}y`;
    if (/(ss|us|is)$/.test(folded)) return folded;
    if (/(sses|shes|ches|xes|zes)$/.test(folded)) return folded.slice(0, -2);
    if (folded.endsWith('s')) return folded.slice(0, -1);
    return folded;
  }
  if (/(eaux|eux|aux)$/.test(folded) && folded.length > 4) return folded.endsWith('eaux') || folded.endsWith('eux') ? folded.slice(0, -1) : `${folded.slice(0, -3)}al`;
  if (/[^s]s$/.test(folded)) return folded.slice(0, -1);
  return folded;
}

function isStop(lower: string, language: TextLanguage): boolean {
  return STOP_WORDS[language].has(lower.replaceAll('’', "'"));
}

/** The words of a sentence, French elisions split off ("l'homme" → "l'" + "homme"), English possessives dropped. */
export function tokenize(sentence: string, language: TextLanguage): Token[] {
  const tokens: Token[] = [];
  let previousEnd = 0;
  for (const match of sentence.matchAll(WORD)) {
    let start = match.index;
    let word = match[0];
    const gap = sentence.slice(previousEnd, start);
    let afterBreak = tokens.length > 0 && /[^\s\u00a0\u202f'’]/u.test(gap);
    if (language === 'fr') {
      const elision = ELISION.exec(word);
      if (elision && elision[0].length < word.length) {
        const prefix = elision[0];
        tokens.push({ ...makeToken(prefix, start, start + prefix.length, language, afterBreak), stopWord: true });
        start += prefix.length;
        word = word.slice(prefix.length);
        afterBreak = false;
      }
    } else if (ENGLISH_POSSESSIVE.test(word) && !isStop(word.toLowerCase(), language)) {
      word = word.slice(0, -2);
    }
    tokens.push(makeToken(word, start, start + word.length, language, afterBreak));
    previousEnd = match.index + match[0].length;
  }
  return tokens;
}

function makeToken(text: string, start: number, end: number, language: TextLanguage, afterBreak: boolean): Token {
  const lower = text.toLowerCase();
  const stopWord = isStop(lower, language) || (text.length === 1 && /\p{L}/u.test(text));
  const numeric = /^[\p{N}.,'’-]+$/u.test(text);
  return { text, start, end, term: singular(foldWord(lower).replace(/['’]/g, ''), language), stopWord, numeric, afterBreak };
}
