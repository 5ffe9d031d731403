/**
 * Editing timing rules of the transcript format (docs/transcript-format.md §6). Every function is pure:
 * it returns new objects and never changes its arguments.
 *
 *  - typing inside a word keeps its times (and its wid);
 *  - splitting a word copies its times to every part;
 *  - merging words keeps the first word's start and the last word's end;
 *  - inserted words are spread evenly between the previous word's end and the next word's start
 *    (the turn's bounds at its edges); punctuation tokens take no time;
 *  - pasted text loses its foreign times: it is inserted text;
 *  - every word a person edited gets confidence 1; untouched words keep theirs.
 */
import { TURN_SIZE } from '../constants.ts';
import type { Transcript, Turn, Word } from './schema.ts';
import { isPunctuationToken, joinWords, roundTime, segmentLength, tokenize, wordsOf as cut } from './text.ts';

/** Makes a new, unique wid (or turn_id). */
export type IdFactory = () => string;

/** Confidence of a word a person typed or edited. */
export const EDITED_CONFIDENCE = 1;
/** A split (one word → parts) or merge (words → one) involves at most this many words. */
export const MAX_SPLIT_PARTS = 4;
/** Split and merge need the letters to match this closely (normalised edit distance). */
export const SPLIT_MERGE_MAX_DISTANCE = 0.25;
/** Above this many old × new words in one changed stretch, words are paired by position. */
const MAX_ALIGN_CELLS = 40_000;
/** Above this many old × new words in one turn, only the common prefix and suffix are matched. */
const MAX_LCS_CELLS = 4_000_000;

export type EditError =
  | { code: 'turn_too_long'; message: string; length: number; max: number }
  | { code: 'index_out_of_range'; message: string; index: number; count: number }
  | { code: 'turns_out_of_order'; message: string }
  /** A turn or speaker the operation names is not in the document. */
  | { code: 'not_found'; message: string }
  /** A turn or speaker id the operation would create is already taken. */
  | { code: 'duplicate_id'; message: string };

export type EditResult<T> = { ok: true; value: T } | { ok: false; error: EditError };

/* ---------------------------------------------------------------------------------------------- */
/* Drafts: a turn's new word list where some words still need times.                              */
/* ---------------------------------------------------------------------------------------------- */

type Draft = { kind: 'timed'; word: Word } | { kind: 'inserted'; text: string };

/**
 * Builds a turn from drafts: timed words keep what they carry; each run of inserted words gets ids,
 * confidence 1 and times spread over the gap between its neighbours.
 */
function finish(turn: Turn, drafts: readonly Draft[], newId: IdFactory): Turn {
  const out: Word[] = [];
  let i = 0;
  while (i < drafts.length) {
    const draft = drafts[i]!;
    if (draft.kind === 'timed') {
      out.push(draft.word);
      i += 1;
      continue;
    }
    let j = i;
    while (j < drafts.length && drafts[j]!.kind === 'inserted') j += 1;
    const run = drafts.slice(i, j).map((d) => (d as { text: string }).text);
    const previous = out[out.length - 1];
    const next = drafts[j]?.kind === 'timed' ? (drafts[j] as { word: Word }).word : undefined;
    const lo = previous ? previous.etime : turn.stime;
    const hi = next ? next.stime : turn.etime;
    for (const [k, times] of spreadInserted(run, lo, hi).entries()) {
      out.push({ wid: newId(), word: run[k]!, stime: times[0], etime: times[1], confidence: EDITED_CONFIDENCE });
    }
    i = j;
  }
  return { ...turn, words: out, segment: joinWords(out.map((w) => w.word)) };
}

/**
 * Times of inserted words in the gap [lo, hi]: the gap is cut into equal parts, one per pronounced
 * word; punctuation tokens take no time (they sit at the end of what precedes them). When the
 * neighbours overlap (hi < lo, e.g. between two parts of a split word) every word gets [hi, lo].
 */
export function spreadInserted(run: readonly string[], lo: number, hi: number): Array<[number, number]> {
  if (hi < lo) return run.map(() => [hi, lo]);
  const spoken = run.filter((w) => !isPunctuationToken(w)).length;
  const step = spoken === 0 ? 0 : (hi - lo) / spoken;
  let index = 0;
  return run.map((w) => {
    const start = roundTime(lo + index * step);
    if (isPunctuationToken(w)) return [start, start];
    index += 1;
    return [start, index === spoken ? roundTime(hi) : roundTime(lo + index * step)];
  });
}

/**
 * Times of words laid over the span [lo, hi] in proportion to their length (in code points), for
 * text that came without word times (a translation of a timed sentence): longer words take longer
 * to say. Punctuation tokens take no time (they sit at the end of what precedes them); the last
 * spoken word ends at `hi`.
 */
export function spreadByLength(words: readonly string[], lo: number, hi: number): Array<[number, number]> {
  const span = Math.max(0, hi - lo);
  const weights = words.map((w) => (isPunctuationToken(w) ? 0 : [...w].length));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const last = weights.findLastIndex((weight) => weight > 0);
  let done = 0;
  return words.map((_, i) => {
    const start = roundTime(total === 0 ? lo : lo + (span * done) / total);
    done += weights[i]!;
    if (weights[i] === 0) return [start, start];
    return [start, i === last ? roundTime(lo + span) : roundTime(lo + (span * done) / total)];
  });
}

const timed = (word: Word): Draft => ({ kind: 'timed', word });
const edited = (word: Word, text: string): Word => (text === word.word ? word : { ...word, word: text, confidence: EDITED_CONFIDENCE });

/* ---------------------------------------------------------------------------------------------- */
/* Word-level diff.                                                                                */
/* ---------------------------------------------------------------------------------------------- */

/** Letters that decide whether two words are "the same word": lower case, punctuation removed. */
function key(word: string): string[] {
  const lower = word.toLocaleLowerCase();
  const stripped = [...lower].filter((c) => !isPunctuationToken(c));
  return stripped.length > 0 ? stripped : [...lower];
}

/** Levenshtein distance over code points, divided by the longer length: 0 same, 1 nothing shared. */
export function wordDistance(a: string, b: string): number {
  return keyDistance(key(a), key(b));
}

function keyDistance(x: readonly string[], y: readonly string[], limit = 1): number {
  const longest = Math.max(x.length, y.length);
  if (longest === 0) return 0;
  // The distance is at least the difference of lengths: skip the work when that is already too far.
  if (Math.abs(x.length - y.length) / longest > limit) return 1;
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i += 1) {
    const next = [i];
    for (let j = 1; j <= y.length; j += 1) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[y.length]! / longest;
}

/** Longest common subsequence of equal words: pairs [oldIndex, newIndex] in increasing order. */
function lcs(olds: readonly string[], news: readonly string[], locked: readonly boolean[]): Array<[number, number]> {
  const same = (i: number, j: number) => !locked[j] && olds[i] === news[j];
  const pairs: Array<[number, number]> = [];
  let head = 0;
  while (head < olds.length && head < news.length && same(head, head)) {
    pairs.push([head, head]);
    head += 1;
  }
  let oldEnd = olds.length;
  let newEnd = news.length;
  const tail: Array<[number, number]> = [];
  while (oldEnd > head && newEnd > head && same(oldEnd - 1, newEnd - 1)) {
    oldEnd -= 1;
    newEnd -= 1;
    tail.unshift([oldEnd, newEnd]);
  }
  const n = oldEnd - head;
  const m = newEnd - head;
  if (n > 0 && m > 0 && n * m <= MAX_LCS_CELLS) {
    // table[i][j] = LCS length of olds[head+i..oldEnd) and news[head+j..newEnd).
    const width = m + 1;
    const table = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i -= 1) {
      for (let j = m - 1; j >= 0; j -= 1) {
        table[i * width + j] = same(head + i, head + j) ? table[(i + 1) * width + j + 1]! + 1 : Math.max(table[(i + 1) * width + j]!, table[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (same(head + i, head + j) && table[i * width + j] === table[(i + 1) * width + j + 1]! + 1) {
        pairs.push([head + i, head + j]);
        i += 1;
        j += 1;
      } else if (table[(i + 1) * width + j]! >= table[i * width + j + 1]!) i += 1;
      else j += 1;
    }
  }
  return pairs.concat(tail);
}

type Step =
  | { op: 'edit'; old: number; new: number }
  | { op: 'split'; old: number; from: number; to: number }
  | { op: 'merge'; from: number; to: number; new: number }
  | { op: 'delete'; old: number }
  | { op: 'insert'; new: number };

/**
 * Aligns a changed stretch: old words olds[oa..ob) against new tokens news[na..nb), at least cost.
 * Costs: delete 1, insert 1, edit (typing inside a word) = wordDistance ≤ 1, split and merge =
 * wordDistance of the joined letters, allowed only up to SPLIT_MERGE_MAX_DISTANCE. Locked (pasted)
 * tokens may only be inserted.
 */
function align(olds: readonly string[], news: readonly string[], locked: readonly boolean[], oa: number, ob: number, na: number, nb: number): Step[] {
  const n = ob - oa;
  const m = nb - na;
  if (n * m > MAX_ALIGN_CELLS) {
    const steps: Step[] = [];
    let i = 0;
    for (let j = 0; j < m; j += 1) {
      if (i < n && !locked[na + j]) steps.push({ op: 'edit', old: oa + i++, new: na + j });
      else steps.push({ op: 'insert', new: na + j });
    }
    for (; i < n; i += 1) steps.push({ op: 'delete', old: oa + i });
    return steps;
  }
  const oldKeys = olds.slice(oa, ob).map(key);
  const newKeys = news.slice(na, nb).map(key);
  const joined = (keys: string[][], from: number, to: number) => keys.slice(from, to).flat();
  const width = m + 1;
  const cost = new Float64Array((n + 1) * width).fill(Infinity);
  const back: Array<Step | undefined> = new Array((n + 1) * width);
  cost[0] = 0;
  const relax = (i: number, j: number, from: number, c: number, step: Step) => {
    if (cost[from]! + c < cost[i * width + j]! - 1e-12) {
      cost[i * width + j] = cost[from]! + c;
      back[i * width + j] = step;
    }
  };
  for (let i = 0; i <= n; i += 1) {
    for (let j = 0; j <= m; j += 1) {
      if (i > 0 && j > 0 && !locked[na + j - 1]) {
        relax(i, j, (i - 1) * width + j - 1, keyDistance(oldKeys[i - 1]!, newKeys[j - 1]!), { op: 'edit', old: oa + i - 1, new: na + j - 1 });
      }
      if (i > 0) {
        for (let parts = 2; parts <= Math.min(MAX_SPLIT_PARTS, j); parts += 1) {
          if (locked[na + j - parts]) break;
          const d = keyDistance(oldKeys[i - 1]!, joined(newKeys, j - parts, j), SPLIT_MERGE_MAX_DISTANCE);
          if (d <= SPLIT_MERGE_MAX_DISTANCE) {
            relax(i, j, (i - 1) * width + j - parts, d, { op: 'split', old: oa + i - 1, from: na + j - parts, to: na + j });
          }
        }
      }
      if (j > 0 && !locked[na + j - 1]) {
        for (let parts = 2; parts <= Math.min(MAX_SPLIT_PARTS, i); parts += 1) {
          const d = keyDistance(joined(oldKeys, i - parts, i), newKeys[j - 1]!, SPLIT_MERGE_MAX_DISTANCE);
          if (d <= SPLIT_MERGE_MAX_DISTANCE) {
            relax(i, j, (i - parts) * width + j - 1, d, { op: 'merge', from: oa + i - parts, to: oa + i, new: na + j - 1 });
          }
        }
      }
      if (i > 0) relax(i, j, (i - 1) * width + j, 1, { op: 'delete', old: oa + i - 1 });
      if (j > 0) relax(i, j, i * width + j - 1, 1, { op: 'insert', new: na + j - 1 });
    }
  }
  const steps: Step[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const step = back[i * width + j]!;
    steps.push(step);
    if (step.op === 'edit') [i, j] = [i - 1, j - 1];
    else if (step.op === 'split') [i, j] = [i - 1, j - (step.to - step.from)];
    else if (step.op === 'merge') [i, j] = [i - (step.to - step.from), j - 1];
    else if (step.op === 'delete') i -= 1;
    else j -= 1;
  }
  return steps.reverse();
}

export interface RetimeOptions {
  /**
   * Ranges [start, end) of UTF-16 offsets in the new text that were pasted: the tokens touching them
   * lose any time they could inherit and are inserted words.
   */
  pasted?: ReadonlyArray<readonly [number, number]>;
}

/**
 * The turn after its text was edited into `newText`. Words equal to old words (a word-level longest
 * common subsequence) are kept as they were; each changed stretch is aligned word by word (see
 * `align`) and each rule applies: typing inside a word keeps its times, a split copies them, a merge
 * keeps the first start and last end, inserted and pasted words are spread in their gap, deleted words
 * vanish, every edited word gets confidence 1. The turn's bounds, speaker, language and raw_segment
 * are unchanged. The new segment is the tokens of `newText` joined by single spaces; its length is
 * not checked here (checkTranscript refuses more than TURN_SIZE characters).
 */
export function retimeEditedTurn(before: Turn, newText: string, newId: IdFactory, options: RetimeOptions = {}): Turn {
  const tokens = tokenize(newText);
  const news = tokens.map((t) => t.text);
  const olds = before.words.map((w) => w.word.normalize('NFC'));
  const locked = tokens.map((t) => (options.pasted ?? []).some(([s, e]) => t.start < e && s < t.end));
  const anchors = lcs(olds, news, locked);
  anchors.push([olds.length, news.length]);

  const drafts: Draft[] = [];
  let oi = 0;
  let ni = 0;
  for (const [oa, na] of anchors) {
    for (const step of align(olds, news, locked, oi, oa, ni, na)) {
      if (step.op === 'edit') drafts.push(timed(edited(before.words[step.old]!, news[step.new]!)));
      else if (step.op === 'split') {
        const source = before.words[step.old]!;
        for (let k = step.from; k < step.to; k += 1) {
          const part = k === step.from ? { ...source } : { ...source, wid: newId() };
          drafts.push(timed({ ...part, word: news[k]!, confidence: EDITED_CONFIDENCE }));
        }
      } else if (step.op === 'merge') {
        const first = before.words[step.from]!;
        const last = before.words[step.to - 1]!;
        drafts.push(timed({ ...first, word: news[step.new]!, etime: last.etime, confidence: EDITED_CONFIDENCE }));
      } else if (step.op === 'insert') drafts.push({ kind: 'inserted', text: news[step.new]! });
    }
    if (oa < olds.length) drafts.push(timed(edited(before.words[oa]!, news[na]!)));
    oi = oa + 1;
    ni = na + 1;
  }
  return finish(before, drafts, newId);
}

/* ---------------------------------------------------------------------------------------------- */
/* Single operations, for editors that know exactly what the user did.                             */
/* ---------------------------------------------------------------------------------------------- */

function outOfRange(index: number, count: number, what: string): EditResult<never> {
  return { ok: false, error: { code: 'index_out_of_range', message: `${what} ${index} is out of range (0..${count})`, index, count } };
}

function validIndex(index: number, low: number, high: number): boolean {
  return Number.isInteger(index) && index >= low && index <= high;
}

/** Typing inside word `index`: its times and wid stay, its confidence becomes 1. Text with spaces splits it. */
export function editWord(turn: Turn, index: number, text: string, newId: IdFactory): EditResult<Turn> {
  if (!validIndex(index, 0, turn.words.length - 1)) return outOfRange(index, turn.words.length - 1, 'word index');
  const parts = cut(text);
  if (parts.length === 0) return deleteWords(turn, index, 1);
  if (parts.length > 1) return splitWord(turn, index, parts, newId);
  const drafts = turn.words.map((w, i) => timed(i === index ? { ...w, word: parts[0]!, confidence: EDITED_CONFIDENCE } : w));
  return { ok: true, value: finish(turn, drafts, newId) };
}

/** Splits word `index` into `parts`: every part gets the word's times; the first keeps its wid. */
export function splitWord(turn: Turn, index: number, parts: readonly string[], newId: IdFactory): EditResult<Turn> {
  if (!validIndex(index, 0, turn.words.length - 1)) return outOfRange(index, turn.words.length - 1, 'word index');
  const texts = parts.flatMap((p) => cut(p));
  const drafts: Draft[] = [];
  turn.words.forEach((w, i) => {
    if (i !== index) drafts.push(timed(w));
    else texts.forEach((text, k) => drafts.push(timed({ ...w, wid: k === 0 ? w.wid : newId(), word: text, confidence: EDITED_CONFIDENCE })));
  });
  return { ok: true, value: finish(turn, drafts, newId) };
}

/**
 * Merges words [from, to) into one: it keeps the first word's wid and start and the last word's end.
 * Its text is `text` when given, else the words joined without space.
 */
export function mergeWords(turn: Turn, from: number, to: number, text?: string): EditResult<Turn> {
  if (!validIndex(from, 0, turn.words.length - 1)) return outOfRange(from, turn.words.length - 1, 'word index');
  if (!validIndex(to, from + 1, turn.words.length)) return outOfRange(to, turn.words.length, 'end index');
  const first = turn.words[from]!;
  const last = turn.words[to - 1]!;
  const joined = cut(
    text ??
      turn.words
        .slice(from, to)
        .map((w) => w.word)
        .join(''),
  ).join('');
  const merged: Word = { ...first, word: joined, etime: last.etime, confidence: EDITED_CONFIDENCE };
  if (joined === '') return deleteWords(turn, from, to - from);
  const words = [...turn.words.slice(0, from), merged, ...turn.words.slice(to)];
  return { ok: true, value: { ...turn, words, segment: joinWords(words.map((w) => w.word)) } };
}

/** Deletes `count` words from `index`; the others keep everything. */
export function deleteWords(turn: Turn, index: number, count: number): EditResult<Turn> {
  if (!validIndex(index, 0, turn.words.length) || !Number.isInteger(count) || count < 0 || index + count > turn.words.length) {
    return outOfRange(index, turn.words.length, 'word index');
  }
  const words = [...turn.words.slice(0, index), ...turn.words.slice(index + count)];
  return { ok: true, value: { ...turn, words, segment: joinWords(words.map((w) => w.word)) } };
}

/** Inserts the words of `text` before word `index` (index = words.length appends); they are spread in the gap. */
export function insertText(turn: Turn, index: number, text: string, newId: IdFactory): EditResult<Turn> {
  if (!validIndex(index, 0, turn.words.length)) return outOfRange(index, turn.words.length, 'word index');
  const drafts: Draft[] = turn.words.map(timed);
  drafts.splice(index, 0, ...cut(text).map((t): Draft => ({ kind: 'inserted', text: t })));
  return { ok: true, value: finish(turn, drafts, newId) };
}

/**
 * Pastes words copied from elsewhere (another turn, another media) before word `index`: only their
 * text is kept; their foreign wid, times and confidence are dropped, and they are inserted words.
 */
export function pasteWords(turn: Turn, index: number, pasted: ReadonlyArray<string | Pick<Word, 'word'>>, newId: IdFactory): EditResult<Turn> {
  const text = pasted.map((p) => (typeof p === 'string' ? p : p.word)).join(' ');
  return insertText(turn, index, text, newId);
}

/* ---------------------------------------------------------------------------------------------- */
/* Turn operations.                                                                                */
/* ---------------------------------------------------------------------------------------------- */

/**
 * Splits a turn before word `atWordIndex` (1..words.length-1). The first turn keeps the turn_id, its
 * start and ends at its last word's end; the second gets `newTurnId`, starts at its first word's start
 * and keeps the end. Both keep speaker and language; raw_segment (the engine's text of the whole turn)
 * stays on neither, since it no longer describes either part.
 */
export function splitTurn(turn: Turn, atWordIndex: number, newTurnId: string): EditResult<[Turn, Turn]> {
  if (!validIndex(atWordIndex, 1, turn.words.length - 1)) {
    return outOfRange(atWordIndex, turn.words.length, 'split index');
  }
  const head = turn.words.slice(0, atWordIndex);
  const tail = turn.words.slice(atWordIndex);
  const { raw_segment: _raw, ...rest } = turn;
  const first: Turn = { ...rest, words: head, segment: joinWords(head.map((w) => w.word)), etime: head[head.length - 1]!.etime };
  const second: Turn = { ...rest, turn_id: newTurnId, words: tail, segment: joinWords(tail.map((w) => w.word)), stime: tail[0]!.stime };
  return { ok: true, value: [first, second] };
}

/**
 * Merges turn `b` into turn `a` (a before b): a's turn_id, speaker and language, a's start, the later
 * end, the words of both in order, raw_segment joined when both have one. Refused with `turn_too_long`
 * when the merged segment would exceed TURN_SIZE characters (docs/PRODUCT.md, Validation), and with `turns_out_of_order`
 * when b starts before a or b's words would go back in time.
 */
export function mergeTurns(a: Turn, b: Turn): EditResult<Turn> {
  const segment = [a.segment, b.segment].filter((s) => s !== '').join(' ');
  const length = segmentLength(segment);
  if (length > TURN_SIZE) {
    return {
      ok: false,
      error: { code: 'turn_too_long', message: `The merged turn would have ${length} characters, more than ${TURN_SIZE}`, length, max: TURN_SIZE },
    };
  }
  const lastA = a.words[a.words.length - 1];
  const firstB = b.words[0];
  if (b.stime < a.stime || (lastA && firstB && (firstB.stime < lastA.stime || firstB.etime < lastA.etime))) {
    return { ok: false, error: { code: 'turns_out_of_order', message: 'The second turn must start after the first one and its words must follow its words' } };
  }
  const { raw_segment: _raw, ...rest } = a;
  const merged: Turn = { ...rest, segment, etime: Math.max(a.etime, b.etime), words: [...a.words, ...b.words] };
  if (a.raw_segment !== undefined && b.raw_segment !== undefined) {
    merged.raw_segment = [a.raw_segment, b.raw_segment].filter((s) => s !== '').join(' ');
  }
  return { ok: true, value: merged };
}

/* ---------------------------------------------------------------------------------------------- */
/* Reading.                                                                                        */
/* ---------------------------------------------------------------------------------------------- */

export interface PlainTextOptions {
  /** Prefix each turn with "Speaker name: ". */
  speakers?: boolean;
}

/** The transcript as plain text: one line per non-empty turn. */
export function transcriptText(doc: Transcript, options: PlainTextOptions = {}): string {
  const names = new Map(doc.speakers.map((s) => [s.speaker_id, s.speaker_name]));
  return doc.text
    .filter((turn) => turn.segment !== '')
    .map((turn) => (options.speakers ? `${names.get(turn.speaker_id) ?? turn.speaker_id}: ${turn.segment}` : turn.segment))
    .join('\n');
}

export interface WordPosition {
  turnIndex: number;
  wordIndex: number;
  word: Word;
}

/** Index of the last element whose key ≤ value, or -1 (elements sorted by key). */
function lastAtOrBefore<T>(list: readonly T[], value: number, keyOf: (item: T) => number): number {
  let low = 0;
  let high = list.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (keyOf(list[mid]!) <= value) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

export interface WordLocator {
  /** The word playing at `seconds` (see wordAt). */
  at(seconds: number): WordPosition | null;
}

/**
 * Prepares a transcript for repeated wordAt lookups (the player asks many times per second): O(n) once
 * (the latest end among the turns up to each turn), then each lookup is a binary search over turns and
 * over the words of a turn, O(log n) unless turns overlap.
 */
export function createWordLocator(doc: Transcript): WordLocator {
  const reach: number[] = [];
  let latest = -Infinity;
  for (const turn of doc.text) {
    latest = Math.max(latest, turn.etime);
    reach.push(latest);
  }
  return {
    at(seconds: number): WordPosition | null {
      if (!Number.isFinite(seconds)) return null;
      // Turns are ordered by stime: only turns up to the last one starting at or before `seconds` can
      // be playing, and walking back stops once no earlier turn reaches `seconds`.
      for (let t = lastAtOrBefore(doc.text, seconds, (turn) => turn.stime); t >= 0 && reach[t]! >= seconds; t -= 1) {
        const turn = doc.text[t]!;
        if (turn.etime < seconds) continue;
        const w = lastAtOrBefore(turn.words, seconds, (word) => word.stime);
        const word = turn.words[w];
        if (word && word.etime >= seconds) return { turnIndex: t, wordIndex: w, word };
      }
      return null;
    },
  };
}

/**
 * The word playing at `seconds`, for highlighting: a word with stime ≤ seconds ≤ etime, the one of the
 * latest-starting turn and then the latest-starting word when several are (adjacent words, overlapping
 * turns); null in silences and outside the media. One-off lookup; use createWordLocator to ask often.
 */
export function wordAt(doc: Transcript, seconds: number): WordPosition | null {
  return createWordLocator(doc).at(seconds);
}
