/** The rules a screen can break under its version's settings (the editor's warnings, the bench's counts). */
import type { Screen, ScreenRule, ScreenWarning, SubtitleSettings } from '../contracts/subtitles.ts';
import { charLength, readableLength } from './language.ts';
import { layoutWords } from './layout.ts';

const EPSILON = 1e-3;

/** The smallest gap between two screens, in seconds. */
export const minGapSeconds = (settings: SubtitleSettings) => settings.minGapFrames / settings.frameRate;

const isDialogue = (lines: readonly string[]) => lines.length > 1 && lines.every((line) => /^\s*[-–—]\s/u.test(line));

/** The rules one screen breaks, given its neighbours (null at either end). */
export function screenProblems(screen: Screen, previous: Screen | null, next: Screen | null, settings: SubtitleSettings): ScreenRule[] {
  const problems: ScreenRule[] = [];
  const lines = screen.text.split('\n').map((line) => line.trim());
  if (screen.text.trim() === '') problems.push('empty');
  if (lines.some((line) => charLength(line) > settings.maxCharsPerLine)) problems.push('line_too_long');
  if (lines.length > settings.maxLinesPerScreen) problems.push('too_many_lines');
  const duration = screen.end - screen.start;
  if (duration > 0 && readableLength(screen.text) / duration > settings.maxCharsPerSecond + EPSILON) problems.push('too_fast');
  if (duration < settings.minScreenDuration - EPSILON) problems.push('too_short');
  if (duration > settings.maxScreenDuration + EPSILON) problems.push('too_long');
  if ((next && next.start < screen.end - EPSILON) || (previous && previous.end > screen.start + EPSILON)) problems.push('overlap');
  else if (next && next.start - screen.end < minGapSeconds(settings) - EPSILON) problems.push('gap_too_small');
  if (lines.length > 1 && !isDialogue(lines) && isUnbalanced(lines, settings)) problems.push('unbalanced_lines');
  return problems;
}

/** Lines are unbalanced when the shortest is under half the longest while an even (or shorter) layout of the same words exists. */
function isUnbalanced(lines: readonly string[], settings: SubtitleSettings): boolean {
  const lengths = lines.map(charLength);
  if (Math.min(...lengths) * 2 >= Math.max(...lengths)) return false;
  const words = lines.join(' ').split(/\s+/u).filter(Boolean);
  const even = layoutWords(words, { maxCharsPerLine: settings.maxCharsPerLine, maxLines: lines.length });
  if (!even) return false;
  // The same words fit on fewer lines: one line reads faster than two uneven ones.
  if (even.length < lines.length) return true;
  const evenLengths = even.map(charLength);
  return Math.min(...evenLengths) * 2 >= Math.max(...evenLengths);
}

/** Every rule every screen breaks, in screen order. */
export function checkScreens(screens: readonly Screen[], settings: SubtitleSettings): ScreenWarning[] {
  const warnings: ScreenWarning[] = [];
  screens.forEach((screen, i) => {
    for (const rule of screenProblems(screen, screens[i - 1] ?? null, screens[i + 1] ?? null, settings)) warnings.push({ screenId: screen.id, rule });
  });
  return warnings;
}

/**
 * A text laid out in at most `settings.maxLinesPerScreen` balanced lines (joined with "\n"), or null
 * when it cannot fit. Dialogue lines ("- …") keep one line per speaker.
 */
export function layoutLines(text: string, settings: SubtitleSettings): string | null {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (isDialogue(lines)) {
    return lines.length <= settings.maxLinesPerScreen && lines.every((line) => charLength(line) <= settings.maxCharsPerLine) ? lines.join('\n') : null;
  }
  const words = lines.join(' ').split(/\s+/u).filter(Boolean);
  const laid = layoutWords(words, { maxCharsPerLine: settings.maxCharsPerLine, maxLines: settings.maxLinesPerScreen });
  return laid ? laid.join('\n') : null;
}
