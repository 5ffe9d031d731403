import { foldWord } from './normalize.ts';
import type { TextLanguage } from './stopwords.ts';

/** Hesitation sounds, lower-case. */
const FILLERS: Record<TextLanguage, ReadonlySet<string>> = {
  en: new Set(['um', 'umm', 'ummm', 'uh', 'uhh', 'uhhh', 'uhm', 'er', 'erm', 'err', 'hmm', 'hmmm', 'hm', 'mm', 'mmm', 'ah', 'ahh', 'eh']),
  fr: new Set(['euh', 'euhh', 'euhhh', 'heu', 'heuu', 'bah', 'beh', 'bé', 'ben', 'hein', 'hum', 'hmm', 'hm', 'mmh', 'mm', 'mmm', 'ah', 'eh']),
};
/** Fillers that are also names or words ("Ben", "Eh?"): removed only when written in lower case. */
const LOWER_CASE_ONLY: Record<TextLanguage, ReadonlySet<string>> = { en: new Set(['ah', 'eh']), fr: new Set(['ben', 'ah', 'eh']) };
/** Words whose doubling is grammatical: "I had had enough", "I think that that is", "nous nous sommes vus". */
const GRAMMATICAL_REPEATS: Record<TextLanguage, ReadonlySet<string>> = {
  en: new Set(['had', 'that', 'is']),
  fr: new Set(['nous', 'vous', 'que', 'qu']),
};
/** The longest phrase whose immediate repeat is removed ("in the in the" → "in the"). */
const MAX_REPEAT = 3;

interface Chunk {
  /** What separated this chunk from the previous one. */
  space: string;
  lead: string;
  word: string;
  trail: string;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const SENTENCE_END = /[.!?…]/u;
const STUTTER_MARK = /^[-‐–—]$/u;

function chunksOf(text: string): Chunk[] {
  const parts = text.split(/(\s+)/u);
  const chunks: Chunk[] = [];
  for (let index = 0; index < parts.length; index += 2) {
    const raw = parts[index]!;
    if (raw.length === 0) continue;
    // Leading and trailing punctuation around the word ("(yes," → "(", "yes", ",").
    let from = 0;
    while (from < raw.length && !LETTER_OR_DIGIT.test(raw[from]!)) from++;
    let to = raw.length;
    while (to > from && !LETTER_OR_DIGIT.test(raw[to - 1]!)) to--;
    const lead = raw.slice(0, from);
    const word = raw.slice(from, to);
    const trail = raw.slice(to);
    const previous = chunks.at(-1);
    if (word.length === 0 && previous) {
      // Spaced punctuation (French "hein ?", "oui !") belongs to the word before it.
      previous.trail += parts[index - 1]! + raw;
      continue;
    }
    chunks.push({ space: index === 0 ? '' : parts[index - 1]!, lead, word, trail });
  }
  return chunks;
}

const key = (chunk: Chunk) => foldWord(chunk.word);

function isFiller(chunk: Chunk, language: TextLanguage): boolean {
  const lower = chunk.word.toLowerCase();
  if (chunk.lead.length > 0 || !FILLERS[language].has(lower)) return false;
  return !LOWER_CASE_ONLY[language].has(lower) || chunk.word === lower;
}

/** "I-" or "th—" followed by a word it starts: an abandoned start. */
function isStutter(chunk: Chunk, next: Chunk | undefined): boolean {
  if (!next || chunk.word.length === 0 || !STUTTER_MARK.test(chunk.trail)) return false;
  return key(next).startsWith(key(chunk));
}

/** `text` without the run of `chars` that ends it. */
function trimEnd(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}

function capitalise(chunk: Chunk): Chunk {
  return { ...chunk, word: chunk.word.charAt(0).toUpperCase() + chunk.word.slice(1) };
}

function plain(chunks: readonly Chunk[], from: number, length: number): boolean {
  for (let at = from; at < from + length; at++) {
    const chunk = chunks[at]!;
    if (chunk.word.length === 0 || /\p{N}/u.test(chunk.word)) return false;
    if (at > from && chunk.lead.length > 0) return false;
    if (chunk.trail.length > 0 && at < from + length - 1) return false;
  }
  return true;
}

/** Whether chunks[at - length .. at) are repeated right after, with nothing but spaces between. */
function repeatsBefore(chunks: readonly Chunk[], at: number, length: number, language: TextLanguage): boolean {
  if (at - length < 0 || at + length > chunks.length) return false;
  if (!plain(chunks, at - length, length) || !plain(chunks, at, length)) return false;
  if (chunks[at - 1]!.trail.length > 0 || chunks[at]!.lead.length > 0) return false;
  for (let offset = 0; offset < length; offset++) {
    if (key(chunks[at - length + offset]!) !== key(chunks[at + offset]!)) return false;
  }
  return !(length === 1 && GRAMMATICAL_REPEATS[language].has(key(chunks[at]!)));
}

/**
 * Cleans spoken text: removes hesitation fillers (en: um, uh, er, hmm…; fr: euh, heu, bah, ben,
 * hein…) with the comma that set them off, abandoned starts ("I- I think" → "I think"), and immediate
 * repeats of one to three words ("the the", "in the in the"; not grammatical doublings such as
 * "had had" or "nous nous"). A sentence that started with a removed filler starts with a capital.
 */
export function removeDisfluencies(text: string, language: TextLanguage): string {
  const chunks = chunksOf(text);
  const kept: Chunk[] = [];
  let capitaliseNext = false;
  for (let index = 0; index < chunks.length; index++) {
    let chunk = chunks[index]!;
    const previous = kept.at(-1);
    const startsSentence = !previous || SENTENCE_END.test(previous.trail);
    if (isFiller(chunk, language) || isStutter(chunk, chunks[index + 1])) {
      if (previous && !SENTENCE_END.test(previous.trail)) {
        // "is, uh, good" → "is good"; "is, uh?" → "is?"; "oui, hein ?" → "oui ?"
        const ends = SENTENCE_END.test(chunk.trail);
        const setOff = previous.trail.trimEnd().endsWith(',') && chunk.trail.startsWith(',');
        if (ends) kept[kept.length - 1] = { ...previous, trail: trimEnd(previous.trail, ',;:') + chunk.trail.replace(/^[,;:]+/u, '') };
        else if (setOff) kept[kept.length - 1] = { ...previous, trail: trimEnd(previous.trail.trimEnd(), ',') };
      }
      if (startsSentence && /^\p{Lu}/u.test(chunk.word)) capitaliseNext = true;
      continue;
    }
    let repeated = false;
    for (let length = MAX_REPEAT; length >= 1 && !repeated; length--) {
      if (kept.length >= length && repeatsBefore([...kept.slice(kept.length - length), ...chunks.slice(index, index + length)], length, length, language)) {
        index += length - 1;
        repeated = true;
      }
    }
    if (repeated) {
      // Keep the punctuation that closed the repeat: "the the." → "the."
      const last = chunks[index]!;
      if (last.trail.length > 0) kept[kept.length - 1] = { ...kept.at(-1)!, trail: last.trail };
      continue;
    }
    if (capitaliseNext) chunk = capitalise(chunk);
    capitaliseNext = false;
    kept.push(kept.length === 0 ? { ...chunk, space: chunks[0]!.space } : chunk);
  }
  const leading = text.slice(0, text.length - text.trimStart().length);
  const trailing = text.slice(text.trimEnd().length);
  return leading + kept.map((chunk, index) => (index === 0 ? '' : chunk.space) + chunk.lead + chunk.word + chunk.trail).join('') + trailing;
}
