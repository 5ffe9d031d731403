import { RIGHT_LEVELS } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { toolsFor } from './tools.ts';

const names = (right: number | null) => toolsFor(right).map((entry) => entry.tool);

describe('toolsFor', () => {
  it('offers every tool to someone who may write', () => {
    expect(names(RIGHT_LEVELS.write)).toEqual(['transcription', 'subtitles', 'publish']);
    expect(names(RIGHT_LEVELS.full)).toEqual(['transcription', 'subtitles', 'publish']);
  });

  it('offers the transcript and subtitles (read-only) and publishing to someone who may read or comment', () => {
    expect(names(RIGHT_LEVELS.read)).toEqual(['transcription', 'subtitles', 'publish']);
    expect(names(RIGHT_LEVELS.comment)).toEqual(['transcription', 'subtitles', 'publish']);
  });

  it('offers nothing without a right', () => {
    expect(names(0)).toEqual([]);
    expect(names(null)).toEqual([]);
  });

  it('links to the routes of the media', () => {
    expect(toolsFor(RIGHT_LEVELS.full).map((entry) => entry.path('m1'))).toEqual([
      '/interface/conversations/m1/transcription',
      '/interface/conversations/m1/subtitles',
      '/interface/conversations/m1/publish',
    ]);
  });
});
