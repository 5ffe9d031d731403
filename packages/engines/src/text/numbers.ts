/**
 * Spoken numbers → digits, on engine words (English and French), keeping times: the merged word
 * starts where the first spoken word starts, ends where the last one ends, and has the lowest of
 * their confidences.
 *
 * Rules (deliberately simple and predictable):
 * - A number is the longest run of number words that forms a well-built number:
 *   "one hundred and five" → 105, "two thousand twenty four" → 2024, "vingt et un" → 21,
 *   "quatre-vingt-dix-neuf" → 99, "mille neuf cent quatre-vingt-quatre" → 1984. Hyphenated
 *   words ("twenty-one", "soixante-dix-sept", "vingt-et-un") count as their parts.
 *   Runs that are not well built split where they stop being so: "one two three" stays three
 *   numbers, "cinq six" two.
 * - Only values of 10 and more are written in digits (so anything with hundred, thousand, cent,
 *   mille…); a lone "one", "five", "un", "une", "deux" stays a word, which keeps the articles and
 *   pronouns ("un homme", "one of them") and follows the usual style of spelling out one to nine.
 * - English years said in pairs: a number from eleven to twenty followed by one from 10 to 99, or
 *   by "oh" and a digit, is a year: "nineteen eighty four" → 1984, "twenty twenty four" → 2024,
 *   "nineteen oh five" → 1905. (French says years in full: "deux mille vingt-quatre".)
 * - Punctuation attached to words is kept around the digits ("twenty-one," → "21,"), and a number
 *   never continues across it ("twenty, one" stays two numbers).
 * - "a hundred", ordinals ("twenty first", "vingtième"), decimals ("three point five") and
 *   negative numbers are left as words. Digits are written without group separators ("1200000").
 */
import { foldWord } from './normalize.ts';

export interface TimedWord {
  word: string;
  stime: number;
  etime: number;
  confidence: number;
}

export type NumberLanguage = 'en' | 'fr';

type Kind = 'unit' | 'teen' | 'tens' | 'hundred' | 'scale' | 'connector';

interface Lexicon {
  words: ReadonlyMap<string, { kind: Kind; value: number }>;
}

function lexicon(entries: Record<Kind, Record<string, number>>): Lexicon {
  const words = new Map<string, { kind: Kind; value: number }>();
  for (const [kind, group] of Object.entries(entries) as Array<[Kind, Record<string, number>]>) {
    for (const [word, value] of Object.entries(group)) words.set(word, { kind, value });
  }
  return { words };
}

const LEXICONS: Record<NumberLanguage, Lexicon> = {
  en: lexicon({
    unit: { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 },
    teen: {
      ten: 10,
      eleven: 11,
      twelve: 12,
      thirteen: 13,
      fourteen: 14,
      fifteen: 15,
      sixteen: 16,
      seventeen: 17,
      eighteen: 18,
      nineteen: 19,
    },
    tens: { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 },
    hundred: { hundred: 100 },
    scale: { thousand: 1e3, million: 1e6, billion: 1e9 },
    connector: { and: 0 },
  }),
  // Keys are accent-folded (foldWord), so "zéro"/"zero" and "mille"/"mîlle" match alike.
  fr: lexicon({
    unit: { un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9 },
    teen: { dix: 10, onze: 11, douze: 12, treize: 13, quatorze: 14, quinze: 15, seize: 16 },
    tens: {
      vingt: 20,
      vingts: 20,
      trente: 30,
      quarante: 40,
      cinquante: 50,
      soixante: 60,
      // Belgian and Swiss forms.
      septante: 70,
      huitante: 80,
      octante: 80,
      nonante: 90,
    },
    hundred: { cent: 100, cents: 100 },
    scale: { mille: 1e3, million: 1e6, millions: 1e6, milliard: 1e9, milliards: 1e9 },
    connector: { et: 0 },
  }),
};

interface State {
  total: number;
  current: number;
  lastKind: Kind | null;
  lastValue: number;
  /** The tens word before a connector, to check what may follow "et". */
  beforeConnector: number;
  smallestScale: number;
  hasMultiplier: boolean;
  hasConnector: boolean;
}

const initialState = (): State => ({
  total: 0,
  current: 0,
  lastKind: null,
  lastValue: 0,
  beforeConnector: 0,
  smallestScale: Infinity,
  hasMultiplier: false,
  hasConnector: false,
});

/** Applies one token; returns false (state unspecified) when the token cannot continue the number. */
function accept(state: State, kind: Kind, value: number, language: NumberLanguage): boolean {
  const { lastKind } = state;
  const fr = language === 'fr';
  const unitsEmpty = state.current % 10 === 0;
  const afterConnector = lastKind === 'connector';
  const afterAnd = afterConnector && !fr;
  const afterEt = afterConnector && fr;
  let ok = false;
  switch (kind) {
    case 'unit':
      ok =
        lastKind === null ||
        lastKind === 'hundred' ||
        lastKind === 'scale' ||
        afterAnd ||
        (afterEt && value === 1) ||
        (lastKind === 'tens' && unitsEmpty) ||
        // dix-sept, dix-huit, dix-neuf (also after soixante / quatre-vingt: soixante-dix-sept)
        (fr && lastKind === 'teen' && state.lastValue === 10 && value >= 7);
      if (ok) state.current += value;
      break;
    case 'teen':
      ok =
        lastKind === null ||
        lastKind === 'hundred' ||
        lastKind === 'scale' ||
        afterAnd ||
        (afterEt && value === 11 && state.beforeConnector === 60) ||
        // soixante-dix … soixante-dix-neuf, quatre-vingt-dix … quatre-vingt-dix-neuf
        (fr && lastKind === 'tens' && unitsEmpty && (state.current % 100 === 60 || state.current % 100 === 80));
      if (ok) state.current += value;
      break;
    case 'tens':
      if (fr && value === 20 && lastKind === 'unit' && state.lastValue === 4 && state.current % 100 === 4) {
        // quatre-vingt(s)
        state.current += 76;
        value = 80;
        ok = true;
      } else {
        ok = lastKind === null || lastKind === 'hundred' || lastKind === 'scale' || afterAnd;
        if (ok) state.current += value;
      }
      break;
    case 'hundred':
      if (state.current >= 100) break;
      if ((lastKind === 'unit' || lastKind === 'teen') && state.current > 0) {
        ok = !(fr && state.current === 1); // "un cent" is not French
        if (ok) state.current *= 100;
      } else if (fr && (lastKind === null || lastKind === 'scale')) {
        ok = true; // "cent", "mille cent"
        state.current = 100;
      }
      if (ok) state.hasMultiplier = true;
      break;
    case 'scale':
      if (value >= state.smallestScale || afterConnector) break;
      if (state.current > 0) {
        ok = !(fr && value === 1e3 && state.current === 1); // "un mille" is not French
        if (ok) state.total += state.current * value;
      } else if (fr && value === 1e3 && (lastKind === null || lastKind === 'scale')) {
        ok = true; // "mille", "deux millions mille"
        state.total += value;
      }
      if (ok) {
        state.current = 0;
        state.smallestScale = value;
        state.hasMultiplier = true;
      }
      break;
    case 'connector':
      if (fr) {
        ok = lastKind === 'tens' && unitsEmpty && [20, 30, 40, 50, 60, 70, 90].includes(state.lastValue);
        state.beforeConnector = state.lastValue;
      } else {
        ok = lastKind === 'hundred' || lastKind === 'scale';
      }
      break;
  }
  if (ok) {
    if (kind === 'connector') state.hasConnector = true;
    state.lastKind = kind;
    state.lastValue = value;
  }
  return ok;
}

interface Chunk {
  /** Index after the last word of the number. */
  end: number;
  value: number;
  /** No hundred/thousand/connector: a candidate half of a year said in pairs. */
  simple: boolean;
}

const EDGE_PUNCTUATION = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u;

function splitEdges(word: string): { lead: string; core: string; trail: string } {
  const match = EDGE_PUNCTUATION.exec(word);
  return { lead: match?.[1] ?? '', core: match?.[2] ?? word, trail: match?.[3] ?? '' };
}

function tokensOf(core: string): string[] {
  return foldWord(core).split('-');
}

/** The longest well-built number starting at word `start`, or null. */
function parseChunkAt(words: readonly TimedWord[], start: number, language: NumberLanguage): Chunk | null {
  const { words: lex } = LEXICONS[language];
  let state = initialState();
  let best: Chunk | null = null;
  for (let w = start; w < words.length; w++) {
    const { lead, core, trail } = splitEdges(words[w]!.word);
    if (w > start && lead) break;
    const next = { ...state };
    let ok = core.length > 0;
    for (const token of ok ? tokensOf(core) : []) {
      const entry = lex.get(token);
      if (!entry || !accept(next, entry.kind, entry.value, language)) {
        ok = false;
        break;
      }
    }
    if (!ok) break;
    state = next;
    if (state.lastKind !== 'connector') {
      best = {
        end: w + 1,
        value: state.total + state.current,
        simple: !state.hasMultiplier && !state.hasConnector,
      };
    }
    if (trail) break;
  }
  return best;
}

function hasTrailingPunctuation(word: TimedWord): boolean {
  return splitEdges(word.word).trail.length > 0;
}

function mergeWords<T extends TimedWord>(run: readonly T[], digits: string): T {
  const first = run[0]!;
  const last = run[run.length - 1]!;
  const { lead } = splitEdges(first.word);
  const { trail } = splitEdges(last.word);
  return {
    ...first,
    word: `${lead}${digits}${trail}`,
    stime: first.stime,
    etime: last.etime,
    confidence: Math.min(...run.map((w) => w.confidence)),
  };
}

/** Year said in pairs (English): the chunk after `first`, or null. */
function yearContinuation(words: readonly TimedWord[], first: Chunk, language: NumberLanguage): Chunk | null {
  if (language !== 'en' || !first.simple || first.value < 11 || first.value > 20) return null;
  if (hasTrailingPunctuation(words[first.end - 1]!)) return null;
  const next = words[first.end];
  if (!next || splitEdges(next.word).lead) return null;
  if (foldWord(splitEdges(next.word).core) === 'oh' && !hasTrailingPunctuation(next)) {
    const digit = parseChunkAt(words, first.end + 1, language);
    if (digit && digit.end === first.end + 2 && digit.value >= 1 && digit.value <= 9 && !splitEdges(words[first.end + 1]!.word).lead) {
      return { end: digit.end, value: first.value * 100 + digit.value, simple: false };
    }
    return null;
  }
  const second = parseChunkAt(words, first.end, language);
  if (second && second.simple && second.value >= 10 && second.value <= 99) {
    return { end: second.end, value: first.value * 100 + second.value, simple: false };
  }
  return null;
}

/** Rewrites spoken numbers of value ≥ 10 as digits (see the rules above). Pure. */
export function spokenNumbersToDigits<T extends TimedWord>(words: readonly T[], language: NumberLanguage): T[] {
  const out: T[] = [];
  let i = 0;
  while (i < words.length) {
    let chunk = parseChunkAt(words, i, language);
    if (!chunk) {
      out.push(words[i]!);
      i++;
      continue;
    }
    chunk = yearContinuation(words, chunk, language) ?? chunk;
    const run = words.slice(i, chunk.end);
    if (chunk.value >= 10) out.push(mergeWords(run, String(chunk.value)));
    else out.push(...run);
    i = chunk.end;
  }
  return out;
}
