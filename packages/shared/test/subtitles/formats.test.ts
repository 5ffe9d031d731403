import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Screen } from '../../src/contracts/subtitles.ts';
import { toSrt, toVtt } from '../../src/subtitles/index.ts';

const screens: Screen[] = [
  { id: 'a', start: 1, end: 3.5, text: 'Hello <world> & you', speakers: ['s1'] },
  { id: 'b', start: 3.58, end: 5, text: '- Yes.\n- No.', speakers: ['s1', 's2'] },
  { id: 'c', start: 5.2, end: 6, text: '   ', speakers: [] },
  { id: 'd', start: 3725.25, end: 3727.001, text: 'an arrow --> here\n-\nÉté à Noël', speakers: [] },
];

/** Cues as ffmpeg reads them back, re-written as SubRip. */
function throughFfmpeg(content: string, extension: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'palabre-subtitles-'));
  const file = path.join(dir, `in.${extension}`);
  writeFileSync(file, content);
  return execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'srt', '-'], { encoding: 'utf8' });
}

describe('SubRip and WebVTT', () => {
  it('writes numbered SubRip cues with comma milliseconds, skipping empty screens and lone dashes', () => {
    const srt = toSrt(screens);
    expect(srt).toBe(
      '1\n00:00:01,000 --> 00:00:03,500\nHello <world> & you\n\n2\n00:00:03,580 --> 00:00:05,000\n- Yes.\n- No.\n\n3\n01:02:05,250 --> 01:02:07,001\nan arrow → here\nÉté à Noël\n',
    );
  });

  it('writes plain WebVTT with escaped text and no stray dashes or arrows', () => {
    const vtt = toVtt(screens);
    expect(vtt.startsWith('WEBVTT\n\n00:00:01.000 --> 00:00:03.500\nHello &lt;world&gt; &amp; you\n')).toBe(true);
    expect(vtt).not.toMatch(/^-$/mu);
    expect(vtt.match(/-->/gu)).toHaveLength(3);
    expect(toVtt([])).toBe('WEBVTT\n');
  });

  it('is read back by ffmpeg with the same cues and times', () => {
    const fromSrt = throughFfmpeg(toSrt(screens), 'srt');
    const fromVtt = throughFfmpeg(toVtt(screens), 'vtt');
    for (const parsed of [fromSrt, fromVtt]) {
      expect(parsed.match(/-->/gu)).toHaveLength(3);
      expect(parsed).toContain('00:00:03,580 --> 00:00:05,000');
      expect(parsed).toContain('01:02:05,250 --> 01:02:07,001');
      expect(parsed).toContain('Été à Noël');
    }
  });
});
