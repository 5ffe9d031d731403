/**
 * Word error rate: (substitutions + deletions + insertions) / reference words, from a Levenshtein
 * alignment over normalised words (see normalizeForComparison: case, punctuation and accents do
 * not count as errors). An empty reference gives 0 for an empty hypothesis, 1 otherwise.
 */
import { normalizeForComparison } from './normalize.ts';

export interface WerResult {
  wer: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  referenceWords: number;
  hypothesisWords: number;
}

export function wordErrorRate(reference: string | readonly string[], hypothesis: string | readonly string[]): WerResult {
  const ref = normalizeForComparison(reference);
  const hyp = normalizeForComparison(hypothesis);
  const n = ref.length;
  const m = hyp.length;
  // cost[i][j]: edits turning ref[0..i) into hyp[0..j); kept whole for the backtrace (n×m is
  // small for the transcripts this is used on: tests and quality checks).
  const cost: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = 0; i <= n; i++) cost[i]![0] = i;
  for (let j = 0; j <= m; j++) cost[0]![j] = j;
  for (let i = 1; i <= n; i++) {
    const row = cost[i]!;
    const above = cost[i - 1]!;
    for (let j = 1; j <= m; j++) {
      const same = ref[i - 1] === hyp[j - 1] ? 0 : 1;
      row[j] = Math.min(above[j - 1]! + same, above[j]! + 1, row[j - 1]! + 1);
    }
  }
  let substitutions = 0;
  let deletions = 0;
  let insertions = 0;
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = cost[i]![j]!;
    if (i > 0 && j > 0 && here === cost[i - 1]![j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1)) {
      if (ref[i - 1] !== hyp[j - 1]) substitutions++;
      i--;
      j--;
    } else if (i > 0 && here === cost[i - 1]![j]! + 1) {
      deletions++;
      i--;
    } else {
      insertions++;
      j--;
    }
  }
  const errors = substitutions + deletions + insertions;
  return {
    wer: n === 0 ? (m === 0 ? 0 : 1) : errors / n,
    substitutions,
    deletions,
    insertions,
    referenceWords: n,
    hypothesisWords: m,
  };
}
