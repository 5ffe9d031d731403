import type { Screen } from '../contracts/subtitles.ts';

/** SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, CRLF-free UTF-8, a blank line between cues. */
export function toSrt(screens: readonly Screen[]): string {
  void screens;
  throw new Error('not implemented');
}

/** WebVTT: a plain `WEBVTT` header, `HH:MM:SS.mmm` cues, text escaped (`&`, `<`, `>`), no stray dashes or arrows. */
export function toVtt(screens: readonly Screen[]): string {
  void screens;
  throw new Error('not implemented');
}
