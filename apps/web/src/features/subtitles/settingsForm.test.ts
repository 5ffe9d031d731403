import { DEFAULT_SUBTITLE_SETTINGS, SUBTITLE_LIMITS } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { checkSettings, draftOf, sameSettings } from './settingsForm.ts';

describe('checkSettings', () => {
  it('accepts the defaults as they are', () => {
    const check = checkSettings(draftOf(DEFAULT_SUBTITLE_SETTINGS));
    expect(check).toEqual({ ok: true, settings: DEFAULT_SUBTITLE_SETTINGS });
  });

  it('reads typed numbers, with a decimal comma', () => {
    const check = checkSettings({ ...draftOf(DEFAULT_SUBTITLE_SETTINGS), maxCharsPerLine: '37', maxScreenDuration: '6,5' });
    expect(check.ok && check.settings).toMatchObject({ maxCharsPerLine: 37, maxScreenDuration: 6.5 });
  });

  it('names the bounds of a value out of range, whole or not', () => {
    const check = checkSettings({ ...draftOf(DEFAULT_SUBTITLE_SETTINGS), maxCharsPerLine: 200, maxCharsPerSecond: 1 });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.maxCharsPerLine).toEqual({
      key: 'subtitles:settings.wholeBetween',
      values: { min: SUBTITLE_LIMITS.maxCharsPerLine.min, max: SUBTITLE_LIMITS.maxCharsPerLine.max },
    });
    expect(check.errors.maxCharsPerSecond).toEqual({ key: 'subtitles:settings.between', values: { min: 5, max: 40 } });
  });

  it('says an empty field is required, and a fraction of a whole unit is out of the rule', () => {
    const check = checkSettings({ ...draftOf(DEFAULT_SUBTITLE_SETTINGS), frameRate: '', maxLinesPerScreen: 1.5 });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.frameRate).toEqual({ key: 'common:error.required' });
    expect(check.errors.maxLinesPerScreen?.key).toBe('subtitles:settings.wholeBetween');
  });

  it("gives the contract's own messages for the rules between fields", () => {
    const check = checkSettings({ ...draftOf(DEFAULT_SUBTITLE_SETTINGS), minScreenDuration: 5, maxScreenDuration: 4, maxLinesPerScreen: 1, splitMode: 'three_lines' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.minScreenDuration).toEqual({ key: 'common:error.subtitle_min_duration' });
    expect(check.errors.splitMode).toEqual({ key: 'common:error.subtitle_split_mode' });
  });
});

describe('sameSettings', () => {
  it('compares every limit', () => {
    expect(sameSettings(DEFAULT_SUBTITLE_SETTINGS, { ...DEFAULT_SUBTITLE_SETTINGS })).toBe(true);
    expect(sameSettings(DEFAULT_SUBTITLE_SETTINGS, { ...DEFAULT_SUBTITLE_SETTINGS, frameRate: 24 })).toBe(false);
    expect(sameSettings(DEFAULT_SUBTITLE_SETTINGS, { ...DEFAULT_SUBTITLE_SETTINGS, splitMode: 'none' })).toBe(false);
  });
});
