import type { Screen, ScreenRule, ScreenWarning, SubtitleSettings } from '../contracts/subtitles.ts';

/** The rules one screen breaks, given its neighbours (null at either end). */
export function screenProblems(screen: Screen, previous: Screen | null, next: Screen | null, settings: SubtitleSettings): ScreenRule[] {
  void screen;
  void previous;
  void next;
  void settings;
  throw new Error('not implemented');
}

/** Every rule every screen breaks, in screen order. */
export function checkScreens(screens: readonly Screen[], settings: SubtitleSettings): ScreenWarning[] {
  void screens;
  void settings;
  throw new Error('not implemented');
}

/** A text laid out in at most `settings.maxLinesPerScreen` balanced lines (joined with "\n"), or null when it cannot fit. */
export function layoutLines(text: string, settings: SubtitleSettings): string | null {
  void text;
  void settings;
  throw new Error('not implemented');
}
