/** Laying a screen's words out in balanced lines that read well. */
import { breakCost, charLength } from './language.ts';

export interface LineLimits {
  maxCharsPerLine: number;
  maxLines: number;
}

const BALANCE_WEIGHT = 0.02;

/**
 * The best layout of `words` in at most `limits.maxLines` lines of at most `maxCharsPerLine`
 * characters: the fewest lines, then the cheapest breaks and the most even lines (a slightly longer
 * bottom line is preferred). Null when the words cannot fit. `pauses[i]` is the silence before word i.
 */
export function layoutWords(words: readonly string[], limits: LineLimits, pauses: readonly number[] = []): string[] | null {
  if (words.length === 0) return [];
  const lengths = words.map(charLength);
  const lineLength = (from: number, to: number) => {
    let total = to - from - 1;
    for (let k = from; k < to; k += 1) total += lengths[k]!;
    return total;
  };
  const total = lineLength(0, words.length);
  if (total <= limits.maxCharsPerLine) return [words.join(' ')];
  for (let lines = 2; lines <= limits.maxLines; lines += 1) {
    const best = bestSplit(words, lines, limits.maxCharsPerLine, lineLength, total, pauses);
    if (best) return best;
  }
  return null;
}

function bestSplit(
  words: readonly string[],
  lines: number,
  max: number,
  lineLength: (from: number, to: number) => number,
  total: number,
  pauses: readonly number[],
): string[] | null {
  const n = words.length;
  const ideal = total / lines;
  // cost[l][i]: the cheapest way to put words[0, i) on l lines.
  const cost: number[][] = Array.from({ length: lines + 1 }, () => new Array<number>(n + 1).fill(Infinity));
  const from: number[][] = Array.from({ length: lines + 1 }, () => new Array<number>(n + 1).fill(-1));
  cost[0]![0] = 0;
  for (let l = 1; l <= lines; l += 1) {
    for (let i = 1; i <= n; i += 1) {
      for (let j = i - 1; j >= 0; j -= 1) {
        const length = lineLength(j, i);
        if (length > max) break;
        const previous = cost[l - 1]![j]!;
        if (previous === Infinity) continue;
        const deviation = length - ideal;
        // A bottom-heavy layout reads better than a top-heavy one.
        const shape = l === lines ? Math.min(0, deviation) : deviation;
        const c = previous + BALANCE_WEIGHT * (deviation * deviation + shape * shape) + (j > 0 ? breakCost(words, j, pauses[j] ?? 0) : 0);
        if (c < cost[l]![i]!) {
          cost[l]![i] = c;
          from[l]![i] = j;
        }
      }
    }
  }
  if (cost[lines]![n] === Infinity) return null;
  const result: string[] = [];
  let i = n;
  for (let l = lines; l > 0; l -= 1) {
    const j = from[l]![i]!;
    result.unshift(words.slice(j, i).join(' '));
    i = j;
  }
  return result.some((line) => line === '') ? null : result;
}

/** Lines a text needs at least with `max` characters a line, filled greedily (a cheap feasibility check). */
export function linesNeeded(lengths: readonly number[], from: number, to: number, max: number): number {
  let lines = 1;
  let current = -1;
  for (let k = from; k < to; k += 1) {
    const length = lengths[k]!;
    if (length > max) return Infinity;
    if (current + 1 + length <= max) current += 1 + length;
    else {
      lines += 1;
      current = length;
    }
  }
  return lines;
}
