/**
 * Splitting engine words into speaker turns. Each word goes to the speaker whose segments overlap
 * it the most (summed over that speaker's segments); a word overlapping none (it falls in a pause)
 * goes to the segment nearest in time, ties going to the earlier segment. With no segments at all,
 * every word is 'S1'. Consecutive words of one speaker form a turn.
 */
import type { SpeakerSegment } from './diarize.ts';

export interface TimedSpan {
  stime: number;
  etime: number;
}

export interface SpeakerTurn<W extends TimedSpan> {
  speaker: string;
  stime: number;
  etime: number;
  words: W[];
}

export function speakerOfSpan(span: TimedSpan, segments: readonly SpeakerSegment[]): string {
  if (segments.length === 0) return 'S1';
  const totals = new Map<string, number>();
  for (const s of segments) {
    const o = Math.min(span.etime, s.etime) - Math.max(span.stime, s.stime);
    if (o > 0) totals.set(s.speaker, (totals.get(s.speaker) ?? 0) + o);
  }
  let best: string | undefined;
  let bestOverlap = 0;
  for (const [speaker, o] of totals) {
    if (o > bestOverlap) {
      best = speaker;
      bestOverlap = o;
    }
  }
  if (best !== undefined) return best;
  let nearest = segments[0]!;
  let nearestGap = Infinity;
  for (const s of segments) {
    const gap = Math.max(s.stime - span.etime, span.stime - s.etime, 0);
    if (gap < nearestGap) {
      nearestGap = gap;
      nearest = s;
    }
  }
  return nearest.speaker;
}

export function assignWordsToSpeakers<W extends TimedSpan>(words: readonly W[], segments: readonly SpeakerSegment[]): SpeakerTurn<W>[] {
  const turns: SpeakerTurn<W>[] = [];
  const sorted = [...segments].sort((a, b) => a.stime - b.stime);
  for (const word of words) {
    const speaker = speakerOfSpan(word, sorted);
    const last = turns[turns.length - 1];
    if (last && last.speaker === speaker) {
      last.words.push(word);
      last.etime = Math.max(last.etime, word.etime);
    } else turns.push({ speaker, stime: word.stime, etime: word.etime, words: [word] });
  }
  return turns;
}
