/**
 * Generating screens from a transcript by the rules professional subtitlers follow (docs/subtitles.md):
 * cuts chosen by dynamic programming over word positions — sentence and clause ends, pauses and
 * leading words are good places, a name, a number or a word after an article are not — screens
 * timed on word times and extended for reading, chained with the minimum gap, a new screen at each
 * speaker change (or a dash line each when two short turns share one).
 */
import { SPLIT_MODE_LINES, type Screen, type SubtitleSettings } from '../contracts/subtitles.ts';
import type { Transcript, Turn } from '../transcript/schema.ts';
import { isPunctuationToken, wordsOf } from '../transcript/text.ts';
import { randomId } from '../collab/operations.ts';
import { breakCost, charLength, readableLength } from './language.ts';
import { layoutWords, linesNeeded } from './layout.ts';
import { minGapSeconds } from './rules.ts';

/** A word as the breaker sees it: punctuation written apart (" ?") travels with the word before. */
interface Unit {
  text: string;
  start: number;
  end: number;
  /** Silence before the unit (seconds). */
  pause: number;
}

interface Draft {
  units: Unit[];
  speakers: string[];
  /** Laid-out lines. */
  lines: string[];
}

/** Every screen costs this much: fewer, fuller screens read better than many short ones. */
const SCREEN_COST = 4;
/** Gaps shorter than this between screens are closed down to the minimum gap (chaining). */
const CHAIN_GAP = 0.5;
const MIN_SCREEN = 0.1;
const round = (t: number) => Math.round(t * 1000) / 1000;

function unitsOf(turn: Turn): Unit[] {
  const raw = turn.words.length > 0 ? turn.words.map((w) => ({ text: w.word, start: w.stime, end: w.etime })) : evenlyTimed(wordsOf(turn.segment), turn.stime, turn.etime);
  const units: Unit[] = [];
  for (const word of raw) {
    const last = units[units.length - 1];
    if (last && isPunctuationToken(word.text) && !/^[«“(¿¡]/u.test(word.text)) {
      last.text = /^[,.)…]/u.test(word.text) ? `${last.text}${word.text}` : `${last.text} ${word.text}`;
      last.end = Math.max(last.end, word.end);
      continue;
    }
    units.push({ ...word, pause: last ? Math.max(0, word.start - last.end) : 0 });
  }
  return units;
}

function evenlyTimed(words: string[], start: number, end: number) {
  const step = words.length > 0 ? (end - start) / words.length : 0;
  return words.map((text, i) => ({ text, start: start + i * step, end: start + (i + 1) * step }));
}

/**
 * Cuts one speaker's run of units into screens: the cheapest sequence of chunks that each fit the
 * lines and the maximum duration, scored by the break at their end and by whether the reader gets
 * enough time (up to the next speech) to read them.
 */
function cutRun(units: Unit[], nextStart: number, settings: SubtitleSettings, lines: number): Unit[][] {
  const n = units.length;
  const words = units.map((u) => u.text);
  const lengths = words.map(charLength);
  const capacity = lines * settings.maxCharsPerLine;
  const gap = minGapSeconds(settings);
  const best = new Array<number>(n + 1).fill(Infinity);
  const from = new Array<number>(n + 1).fill(-1);
  best[0] = 0;
  for (let j = 1; j <= n; j += 1) {
    const breakAtEnd = j < n ? breakCost(words, j, units[j]!.pause) : 0;
    const available = (j < n ? units[j]!.start : nextStart) - gap;
    let chars = -1;
    for (let i = j - 1; i >= 0; i -= 1) {
      chars += lengths[i]! + 1;
      if (chars > capacity && i < j - 1) break;
      const single = i === j - 1;
      if (!single && units[j - 1]!.end - units[i]!.start > settings.maxScreenDuration) break;
      if (best[i] === Infinity) continue;
      const layoutCost = single ? 0 : lineBreakCost(words, lengths, i, j, settings.maxCharsPerLine, lines, units);
      if (layoutCost === Infinity) continue;
      const start = units[i]!.start;
      const room = Math.min(settings.maxScreenDuration, available - start);
      const needed = Math.max(settings.minScreenDuration, chars / settings.maxCharsPerSecond);
      const reading = room >= needed ? 0 : 30 + (60 * (needed - Math.max(0, room))) / needed;
      const cost = best[i]! + SCREEN_COST + breakAtEnd + reading + layoutCost;
      if (cost < best[j]!) {
        best[j] = cost;
        from[j] = i;
      }
    }
  }
  const chunks: Unit[][] = [];
  for (let j = n; j > 0; j = from[j]!) chunks.unshift(units.slice(from[j]!, j));
  return chunks;
}

function layout(units: Unit[], settings: SubtitleSettings, lines: number): string[] {
  // Lines are broken on the words alone (as the editor's balance check sees them); pauses choose screens.
  const laid = layoutWords(
    units.map((u) => u.text),
    { maxCharsPerLine: settings.maxCharsPerLine, maxLines: lines },
  );
  // A single word longer than a line: shown as it is (the rules report it).
  return laid ?? [units.map((u) => u.text).join(' ')];
}

/**
 * What laying words [i, j) out costs: 0 on one line; on two, the cheapest line break that fits
 * (so a screen whose only fitting break splits a name is avoided); on three, whether it fits.
 */
function lineBreakCost(words: readonly string[], lengths: readonly number[], i: number, j: number, max: number, lines: number, units: readonly Unit[]): number {
  let total = j - i - 1;
  for (let k = i; k < j; k += 1) total += lengths[k]!;
  if (total <= max) return 0;
  if (lines === 1) return Infinity;
  if (lines > 2) return linesNeeded(lengths, i, j, max) <= lines ? 0 : Infinity;
  let best = Infinity;
  let first = -1;
  for (let k = i + 1; k < j; k += 1) {
    first += lengths[k - 1]! + 1;
    const second = total - first - 1;
    if (first > max) break;
    if (second > max) continue;
    const cost = breakCost(words, k, units[k]!.pause) * 0.5;
    if (cost < best) best = cost;
  }
  return best;
}

const speechStart = (draft: Draft) => draft.units[0]!.start;
const speechEnd = (draft: Draft) => draft.units[draft.units.length - 1]!.end;

/**
 * Two short lines of two speakers that would each flash by share one screen as dialogue lines,
 * when the screen holds two lines and the pair fits the maximum duration.
 */
function shareDialogue(drafts: Draft[], settings: SubtitleSettings, lines: number): Draft[] {
  if (lines < 2) return drafts;
  const gap = minGapSeconds(settings);
  const result: Draft[] = [];
  for (let k = 0; k < drafts.length; k += 1) {
    const a = drafts[k]!;
    const b = drafts[k + 1];
    const after = drafts[k + 2];
    if (b && a.lines.length === 1 && b.lines.length === 1 && a.speakers[0] !== b.speakers[0]) {
      const lineA = `- ${a.lines[0]}`;
      const lineB = `- ${b.lines[0]}`;
      const roomA = speechStart(b) - gap - speechStart(a);
      const neededA = Math.max(settings.minScreenDuration, readableLength(a.lines[0]!) / settings.maxCharsPerSecond);
      const roomB = (after ? speechStart(after) - gap : Infinity) - speechStart(b);
      const neededB = Math.max(settings.minScreenDuration, readableLength(b.lines[0]!) / settings.maxCharsPerSecond);
      const together = speechEnd(b) - speechStart(a);
      const roomTogether = (after ? speechStart(after) - gap : Infinity) - speechStart(a);
      const neededTogether = Math.max(settings.minScreenDuration, readableLength(`${a.lines[0]} ${b.lines[0]}`) / settings.maxCharsPerSecond);
      if (
        (roomA < neededA || roomB < neededB) &&
        charLength(lineA) <= settings.maxCharsPerLine &&
        charLength(lineB) <= settings.maxCharsPerLine &&
        together <= settings.maxScreenDuration &&
        Math.min(roomTogether, settings.maxScreenDuration) >= neededTogether
      ) {
        result.push({ units: [...a.units, ...b.units], speakers: [...a.speakers, ...b.speakers], lines: [lineA, lineB] });
        k += 1;
        continue;
      }
    }
    result.push(a);
  }
  return result;
}

/** Times on the words, extended for reading as far as the next screen allows, gaps chained. */
function timeScreens(drafts: Draft[], settings: SubtitleSettings, newId: () => string): Screen[] {
  const gap = minGapSeconds(settings);
  const starts = drafts.map(speechStart);
  const screens: Screen[] = [];
  drafts.forEach((draft, k) => {
    const start = round(Math.max(0, starts[k]!, k > 0 ? screens[k - 1]!.end + gap : 0));
    const text = draft.lines.join('\n');
    const wanted = Math.max(speechEnd(draft), start + settings.minScreenDuration, start + readableLength(text) / settings.maxCharsPerSecond);
    let end = Math.min(wanted, start + settings.maxScreenDuration);
    const nextStart = starts[k + 1];
    if (nextStart !== undefined) {
      const limit = nextStart - gap;
      if (end > limit || limit - end < CHAIN_GAP) end = Math.min(limit, start + settings.maxScreenDuration);
    }
    end = round(Math.max(end, start + MIN_SCREEN));
    // Word times that overlap the next speaker's push the next screen back a little.
    if (nextStart !== undefined && nextStart < end + gap) starts[k + 1] = end + gap;
    screens.push({ id: newId(), start, end, text, speakers: draft.speakers });
  });
  return screens;
}

/**
 * Screens for a transcript under a version's rules: timed on word times, a new screen at each
 * speaker change (or a dash line per speaker when two short turns share one), lines broken at clause
 * and phrase boundaries and balanced, never inside a name or a number, within the line length, line
 * count, reading speed and duration limits, with the minimum gap between screens.
 */
export function generateScreens(transcript: Transcript, settings: SubtitleSettings, newId: () => string = randomId): Screen[] {
  const lines = Math.min(SPLIT_MODE_LINES[settings.splitMode], settings.maxLinesPerScreen);
  // Consecutive turns of one speaker form one run: a turn boundary is a cut only if it reads as one.
  const runs: Array<{ speaker: string; units: Unit[] }> = [];
  for (const turn of transcript.text) {
    const units = unitsOf(turn);
    if (units.length === 0) continue;
    const last = runs[runs.length - 1];
    if (last && last.speaker === turn.speaker_id) {
      units[0]!.pause = Math.max(units[0]!.pause, units[0]!.start - last.units[last.units.length - 1]!.end, 0.5);
      last.units.push(...units);
    } else runs.push({ speaker: turn.speaker_id, units });
  }
  const drafts: Draft[] = [];
  runs.forEach((run, r) => {
    const nextStart = runs[r + 1]?.units[0]?.start ?? Infinity;
    for (const chunk of cutRun(run.units, nextStart, settings, lines)) {
      drafts.push({ units: chunk, speakers: [run.speaker], lines: layout(chunk, settings, lines) });
    }
  });
  return timeScreens(shareDialogue(drafts, settings, lines), settings, newId);
}
