import type { Screen, SubtitleSettings } from '../contracts/subtitles.ts';
import type { Transcript } from '../transcript/schema.ts';

/**
 * Screens for a transcript under a version's rules: timed on word times, a new screen at each
 * speaker change (or a dash line per speaker when two short turns share one), lines broken at clause
 * and phrase boundaries and balanced, never inside a name or a number, within the line length, line
 * count, reading speed and duration limits, with the minimum gap between screens.
 */
export function generateScreens(transcript: Transcript, settings: SubtitleSettings): Screen[] {
  void transcript;
  void settings;
  throw new Error('not implemented');
}
