/** SubRip and WebVTT exports: screens cut from the kept turns by the default subtitle rules. */
import { describe, expect, it } from 'vitest';
import { renderSubtitles } from '../../src/exports/subtitles.ts';
import { documentOf, meeting } from './exports-fixture.ts';

describe('the subtitle exports', () => {
  it('SubRip numbers cues timed on the words of the kept turns', () => {
    const srt = renderSubtitles(documentOf(meeting, { filter: { speaker: ['Bob'] } }), 'srt').toString('utf8');
    expect(srt.startsWith('1\n00:01:02,000 --> ')).toBe(true);
    expect(srt).toContain('The budgets look fine to me.');
    expect(srt).not.toContain('Bonjour');
  });

  it('WebVTT starts with its header and keeps French text', () => {
    const vtt = renderSubtitles(documentOf(), 'vtt').toString('utf8');
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(vtt).toMatch(/01:02:05\.000 --> /);
    expect(vtt.replace(/\s+/g, ' ')).toContain("L'élève a été très efficace cette année.");
  });
});
