/** Lower-case, accents folded (é → e, ç → c, œ → oe), for comparisons only. */
export function foldWord(word: string): string {
  return word.toLowerCase().replaceAll('œ', 'oe').replaceAll('æ', 'ae').normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * Text → comparable words: lower-case, accents folded, apostrophes removed inside words
 * ("don't" → "dont", "l'homme" → "lhomme"), every other punctuation mark (hyphens included:
 * "vingt-deux" → "vingt deux") treated as a space.
 */
export function normalizeForComparison(text: string | readonly string[]): string[] {
  const joined = typeof text === 'string' ? text : text.join(' ');
  return foldWord(joined)
    .replace(/['’ʼ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word.length > 0);
}
