import { EXPORT_FORMATS, zDownloadBody, zDownloadQuery } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHOICES, DOWNLOAD_FORMATS, exportClock, exportRequest, fallbackFilename, isFiltered, keywordList, toggleKeyword } from './choices.ts';

describe('keywordList', () => {
  it('splits on commas, trims, and drops blanks and repeats', () => {
    expect(keywordList(' budget, Vote ,,vote,  ')).toEqual(['budget', 'Vote']);
    expect(keywordList('')).toEqual([]);
  });
});

describe('exportRequest', () => {
  it('asks for the whole transcript with times and speakers by default, under the media name', () => {
    const request = exportRequest(DEFAULT_CHOICES, 'Interview');
    expect(request).toEqual({
      query: { flavor: 'verbatim' },
      body: { filter: {}, metadata: { timestamp: true, speakers: true, description: false, tags: false, keyword: false } },
    });
    expect(isFiltered(DEFAULT_CHOICES)).toBe(false);
  });

  it('carries the speakers and keywords comma joined, the flags, and a title other than the media name', () => {
    const choices = {
      title: '  Council minutes ',
      speakers: ['spk1', 'spk3'],
      keywords: 'budget, vote',
      metadata: { ...DEFAULT_CHOICES.metadata, timestamp: false, description: true },
    };
    const request = exportRequest(choices, 'Interview');
    expect(request.query).toEqual({ flavor: 'verbatim', title: 'Council minutes' });
    expect(request.body.filter).toEqual({ speaker: 'spk1,spk3', keyword: 'budget,vote' });
    expect(request.body.metadata).toMatchObject({ timestamp: false, description: true, speakers: true });
    expect(isFiltered(choices)).toBe(true);
    // What the contract accepts, for every format.
    for (const format of EXPORT_FORMATS) expect(zDownloadQuery.safeParse({ ...request.query, format }).success).toBe(true);
    expect(zDownloadBody.parse(request.body).filter).toEqual({ speaker: ['spk1', 'spk3'], keyword: ['budget', 'vote'] });
  });

  it('leaves the title out when it is blank or the media name', () => {
    expect(exportRequest({ ...DEFAULT_CHOICES, title: '   ' }, 'Interview').query).toEqual({ flavor: 'verbatim' });
    expect(exportRequest({ ...DEFAULT_CHOICES, title: 'Interview' }, 'Interview').query).toEqual({ flavor: 'verbatim' });
  });
});

describe('the download menu', () => {
  it('offers every export format once', () => {
    expect([...DOWNLOAD_FORMATS].sort()).toEqual([...EXPORT_FORMATS].sort());
  });
});

describe('fallbackFilename', () => {
  it('keeps the title without the characters file systems refuse', () => {
    expect(fallbackFilename('Réunion: 3/4 "budget"', 'docx')).toBe('Réunion 3 4 budget.docx');
    expect(fallbackFilename(' ?? ', 'pdf')).toBe('transcript.pdf');
  });
});

describe('exportClock', () => {
  it('writes times as the exported files do', () => {
    expect(exportClock(65.4)).toBe('00:01:05');
    expect(exportClock(3725)).toBe('01:02:05');
    expect(exportClock(-1)).toBe('00:00:00');
  });
});

describe('toggleKeyword', () => {
  it('adds a media keyword to the filter words, and takes it out again, case ignored', () => {
    expect(toggleKeyword('', 'budget')).toBe('budget');
    expect(toggleKeyword('vote, budget', 'Budget')).toBe('vote');
    expect(toggleKeyword('vote', 'conseil municipal')).toBe('vote, conseil municipal');
  });
});
