/** PocketSphinx tokens → spoken words (shared by the library decoder and the CLI parser). */

/** Decoder frame length (its default `-frate 100`). */
export const SPHINX_FRAME_SECONDS = 0.01;

/**
 * The spoken word of a token, or null for fillers: `<s>`, `</s>`, `<sil>`, `[NOISE]`, `[SPEECH]`
 * and `++…++`/`+…+` noise words. Alternative pronunciations `word(2)` become `word`.
 */
export function cleanSphinxToken(token: string): string | null {
  const word = token.replace(/\(\d+\)$/, '');
  if (/^<.*>$/.test(word) || /^\[.*\]$/.test(word) || /^\+.*\+$/.test(word) || word.length === 0) return null;
  return word;
}
