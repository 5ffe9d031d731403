/** SubRip and WebVTT output of screens. */
import type { Screen } from '../contracts/subtitles.ts';

function clock(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const rest = ms % 1000;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}${separator}${String(rest).padStart(3, '0')}`;
}

/**
 * The lines a cue may show: trimmed, no empty lines (a blank line would end the cue), no lone dash,
 * no "-->" (a parser would take it for a timing line).
 */
function cueLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/-->/g, '→').replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '' && !/^[-–—]+$/.test(line));
}

function cues(screens: readonly Screen[]): Array<{ start: number; end: number; lines: string[] }> {
  return screens.map((screen) => ({ start: screen.start, end: Math.max(screen.end, screen.start + 0.001), lines: cueLines(screen.text) })).filter((cue) => cue.lines.length > 0);
}

/** SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, UTF-8, a blank line after each cue. */
export function toSrt(screens: readonly Screen[]): string {
  return cues(screens)
    .map((cue, i) => `${i + 1}\n${clock(cue.start, ',')} --> ${clock(cue.end, ',')}\n${cue.lines.join('\n')}\n`)
    .join('\n');
}

const escapeVtt = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** WebVTT: a plain `WEBVTT` header, `HH:MM:SS.mmm` cues, text escaped (`&`, `<`, `>`), no stray dashes or arrows. */
export function toVtt(screens: readonly Screen[]): string {
  const body = cues(screens)
    .map((cue) => `${clock(cue.start, '.')} --> ${clock(cue.end, '.')}\n${cue.lines.map(escapeVtt).join('\n')}\n`)
    .join('\n');
  return body === '' ? 'WEBVTT\n' : `WEBVTT\n\n${body}`;
}
