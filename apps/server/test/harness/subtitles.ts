/** Subtitle versions for tests: a transcript long enough for several screens, and the REST paths. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Transcript } from '@palabre/shared';
import { makeTranscript } from './transcripts.ts';

export const API = '/cm-api/api';
export const versionsPath = (id: string) => `${API}/conversations/${id}/subtitles`;
export const versionPath = (id: string, subtitleId: string) => `${versionsPath(id)}/${subtitleId}`;
export const exportPath = (id: string, subtitleId: string, type: 'srt' | 'vtt') => `${API}/conversations/${id}/subtitle/${subtitleId}?type=${type}`;

/** Two speakers, a few sentences each, words 0.4 s apart: a dozen screens or so. */
export function subtitleTranscript(): Transcript {
  return makeTranscript(
    [
      { speaker: 'spk1', text: 'Good evening and welcome to the council meeting of the twenty third of November.' },
      { speaker: 'spk2', text: 'Thank you. The first point concerns the new library, which opens in March next year.' },
      { speaker: 'spk1', text: 'Anne Dupont will present the budget, then we will vote on the proposal before the break.' },
      { speaker: 'spk2', text: 'Agreed.' },
    ],
    { names: { spk1: 'Chair', spk2: 'Clerk' }, stepSeconds: 0.4, wordSeconds: 0.3 },
  );
}

/** The cues ffmpeg reads back from a subtitle file, written again as SubRip (an independent parser). */
export function ffmpegCues(content: string, extension: 'srt' | 'vtt'): Array<{ start: string; end: string; text: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-subtitles-'));
  try {
    const file = path.join(dir, `in.${extension}`);
    fs.writeFileSync(file, content);
    const out = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'srt', '-'], { encoding: 'utf8' });
    return out
      .trim()
      .split(/\r?\n\r?\n/)
      .filter(Boolean)
      .map((block) => {
        const [, times, ...text] = block.split(/\r?\n/);
        const [start, end] = times!.split(' --> ');
        // ffmpeg keeps WebVTT voice and style tags as they are in SubRip output: compared without them.
        return { start: start!, end: end!, text: text.join('\n').replace(/<[^>]+>/g, '') };
      });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `HH:MM:SS,mmm` of a time in seconds (as SubRip writes it). */
export function srtTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
}
