/**
 * What the line and screen breaker knows of English and French: where a break reads well (after a
 * sentence or a clause, at a pause, before a conjunction or preposition) and where it does not
 * (after an article or a preposition, inside a name or a number).
 */

/** Words a line should not end with: articles, determiners, prepositions, auxiliaries, pronoun subjects. */
const CLINGING = new Set(
  (
    'a an the this that these those my your his her its our their some any no every each ' +
    'of to in on at by for with from into onto about as than over under after before ' +
    'i you he she we they it is are was were be been am will would can could shall should may might must do does did has have had not ' +
    'mr mrs ms dr st ' +
    'le la les l un une des du de d au aux ce cet cette ces mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs ' +
    'à a en dans par pour sur sous sans avec chez vers entre ' +
    'je j tu il elle on nous vous ils elles ne n se s me m te t y qu que est sont était ai as avons avez ont ' +
    'm. mme mlle dr'
  ).split(' '),
);

/** Words a line reads well starting with: conjunctions, relative pronouns, prepositions. */
const LEADING = new Set(
  (
    'and but or so because that which who whom whose where when while although though if unless since until then ' +
    'to of in on at for with from about after before without ' +
    'et mais ou donc or ni car que qui dont où quand lorsque puisque parce si comme alors ' +
    'de du des à au aux en dans pour par avec sans sur sous après avant pendant'
  ).split(' '),
);

const bare = (word: string) =>
  word
    .toLowerCase()
    .replace(/^[«"“‘'(¿¡]+/u, '')
    .replace(/[»"”’'),.;:!?…]+$/u, '')
    .replace(/['’]$/u, '');

const SENTENCE_END = /[.!?…]["»”’)]*$/u;
const CLAUSE_END = /[,;:–—]["»”’)]*$/u;
const NUMERIC = /^[([]?[-+]?[$€£]?\d[\d.,:/%]*[%€$£]?[)\]]?[.,;:!?]?$/u;
const UNIT = /^(%|€|\$|£|k|m|km|kg|g|h|min|s|ms|cm|mm|m²|km\/h|°|°c|percent|pour|cent|euros?|dollars?|millions?|milliards?|billions?|thousands?|hundreds?)[.,;:!?]?$/iu;
const CAPITALISED = /^[«"“(]?\p{Lu}/u;

export const isSentenceEnd = (word: string) => SENTENCE_END.test(word);
export const isClauseEnd = (word: string) => CLAUSE_END.test(word);
export const isNumber = (word: string) => NUMERIC.test(word);

/**
 * The cost of breaking (a line or a screen) between `words[i - 1]` and `words[i]`, lower is better:
 * 0 after a sentence, 1 after a clause, then pauses and leading words; breaking inside a name or a
 * number costs most. `pause` is the silence between the two words, in seconds (0 when unknown).
 */
export function breakCost(words: readonly string[], i: number, pause = 0): number {
  const before = words[i - 1];
  const after = words[i];
  if (before === undefined || after === undefined) return 0;
  if (isSentenceEnd(before)) return 0;
  if (isClauseEnd(before)) return pause >= 0.2 ? 0.5 : 1;
  let cost = 6;
  if (pause >= 0.5) cost = 1.5;
  else if (pause >= 0.25) cost = 3;
  if (LEADING.has(bare(after))) cost = Math.min(cost, 3);
  if (CLINGING.has(bare(before)) || /['’]$/u.test(before)) cost += 12;
  // A number and what it counts, two digit groups ("3 000"), a name of several capitalised words.
  if (isNumber(before) && (isNumber(after) || UNIT.test(after))) cost += 60;
  if (/^\d{1,3}$/.test(before) && /^\d{3}\b/.test(after)) cost += 60;
  if (CAPITALISED.test(before) && CAPITALISED.test(after) && !isSentenceStart(words, i - 1)) cost += 40;
  return cost;
}

/** The word at `i` starts a sentence (so its capital says nothing about a name). */
function isSentenceStart(words: readonly string[], i: number): boolean {
  if (i === 0) return true;
  const previous = words[i - 1];
  return previous !== undefined && isSentenceEnd(previous);
}

/** Characters a reader reads on a screen: line breaks and dialogue dashes do not count. */
export function readableLength(text: string): number {
  return [
    ...text
      .split('\n')
      .map((line) => line.replace(/^\s*[-–—]\s+/u, '').trim())
      .join(' '),
  ].length;
}

/** Length in code points (what a line limit counts). */
export const charLength = (text: string) => [...text].length;
