import type { EngineSegment, EngineWord } from './types.ts';

export interface SegmentationOptions {
  /** A pause at least this long between two words starts a new segment (default 0.5 s). */
  minSilenceSeconds?: number;
  /**
   * A segment longer than this is split at its longest pause (default 30 s), so that subtitles
   * and the editor never get a wall of text when a speaker hardly pauses.
   */
  maxSegmentSeconds?: number;
}

function toSegment(words: EngineWord[]): EngineSegment {
  return { stime: words[0]!.stime, etime: words[words.length - 1]!.etime, words };
}

function splitLong(words: EngineWord[], maxSeconds: number): EngineWord[][] {
  const first = words[0]!;
  const last = words[words.length - 1]!;
  if (words.length < 2 || last.etime - first.stime <= maxSeconds) return [words];
  let best = 1;
  let bestGap = -Infinity;
  for (let i = 1; i < words.length; i++) {
    const gap = words[i]!.stime - words[i - 1]!.etime;
    if (gap > bestGap) {
      bestGap = gap;
      best = i;
    }
  }
  return [...splitLong(words.slice(0, best), maxSeconds), ...splitLong(words.slice(best), maxSeconds)];
}

/** Groups time-ordered words into segments at silences. Pure. */
export function segmentAtSilences(words: readonly EngineWord[], options: SegmentationOptions = {}): EngineSegment[] {
  const minSilence = options.minSilenceSeconds ?? 0.5;
  const maxSeconds = options.maxSegmentSeconds ?? 30;
  const groups: EngineWord[][] = [];
  let current: EngineWord[] = [];
  for (const word of words) {
    const previous = current[current.length - 1];
    if (previous && word.stime - previous.etime >= minSilence) {
      groups.push(current);
      current = [];
    }
    current.push(word);
  }
  if (current.length > 0) groups.push(current);
  return groups.flatMap((group) => splitLong(group, maxSeconds)).map(toSegment);
}
