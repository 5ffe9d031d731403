import { describe, expect, it } from 'vitest';
import { DEFAULT_SUBTITLE_SETTINGS, zSubtitleSettings, type Screen } from '../../src/contracts/subtitles.ts';
import { checkScreens, generateScreens } from '../../src/subtitles/index.ts';
import { FRENCH, NEWS, timedTranscript } from './fixture.ts';

let n = 0;
const ids = () => `s${(n += 1)}`;
const lines = (screens: Screen[]) => screens.flatMap((s) => s.text.split('\n'));

describe('generateScreens', () => {
  const news = timedTranscript(NEWS);
  const screens = generateScreens(news, DEFAULT_SUBTITLE_SETTINGS, ids);

  it('breaks no rule on ordinary speech with the broadcast defaults', () => {
    expect(checkScreens(screens, DEFAULT_SUBTITLE_SETTINGS)).toEqual([]);
    for (const line of lines(screens)) expect([...line].length).toBeLessThanOrEqual(42);
  });

  it('keeps every word, in order', () => {
    const words = news.text.flatMap((t) => t.words.map((w) => w.word));
    expect(
      screens
        .map((s) => s.text.replace(/^- /gmu, ''))
        .join(' ')
        .split(/\s+/u),
    ).toEqual(words);
  });

  it('never splits a name or a number across lines or screens', () => {
    const all = lines(screens);
    for (const [a, b] of [
      ['New', 'York'],
      ['3', '000'],
      ['Lower', 'Manhattan'],
    ] as const) {
      expect(
        all.some((line) => line.endsWith(` ${a}`) || line === a),
        `${a} ${b}`,
      ).toBe(false);
    }
  });

  it('starts a new screen at a speaker change, or shares one with dialogue dashes', () => {
    for (const screen of screens) {
      if (screen.speakers.length > 1) expect(screen.text).toMatch(/^- .+\n- .+$/u);
    }
    const quick = timedTranscript(
      [
        ['a', 'Are you coming?'],
        ['b', 'No.'],
        ['a', 'Why not? The whole team will be there tonight.'],
      ],
      2.6,
      0.15,
    );
    expect(generateScreens(quick, DEFAULT_SUBTITLE_SETTINGS, ids).map((s) => s.text)[0]).toBe('- Are you coming?\n- No.');
  });

  it('times screens on word times, chained with the minimum gap', () => {
    const first = news.text[0]!.words[0]!;
    expect(screens[0]!.start).toBe(first.stime);
    for (let i = 1; i < screens.length; i += 1) expect(screens[i]!.start - screens[i - 1]!.end).toBeGreaterThanOrEqual(0.08 - 1e-9);
  });

  it('honours the settings: shorter lines, one line a screen', () => {
    const settings = zSubtitleSettings.parse({ maxCharsPerLine: 32, splitMode: 'none' });
    const narrow = generateScreens(news, settings, ids);
    for (const screen of narrow) {
      expect(screen.text.split('\n').length === 1 || screen.speakers.length > 1).toBe(true);
      for (const line of screen.text.split('\n')) expect([...line].length).toBeLessThanOrEqual(32);
    }
    expect(checkScreens(narrow, settings).filter((w) => w.rule !== 'too_fast')).toEqual([]);
  });

  it('cuts French at phrase boundaries, never after an article or inside a name or a number', () => {
    const french = generateScreens(timedTranscript(FRENCH), DEFAULT_SUBTITLE_SETTINGS, ids);
    expect(checkScreens(french, DEFAULT_SUBTITLE_SETTINGS)).toEqual([]);
    for (const line of lines(french)) {
      expect(line).not.toMatch(/ (la|le|les|de|l’|d’|à|Élisabeth|62)$/u);
    }
  });

  // Its speed is measured by `palabre bench subtitles`, not here: a loaded machine may take long.
  it('generates three hours of speech within the rules', { timeout: 120_000 }, () => {
    const turns: Array<[string, string]> = [];
    for (let i = 0; i < 700; i += 1) turns.push(...(NEWS.map(([s, t]) => [s, t]) as Array<[string, string]>));
    const result = generateScreens(timedTranscript(turns), DEFAULT_SUBTITLE_SETTINGS, ids);
    expect(result.length).toBeGreaterThan(5000);
    expect(checkScreens(result, DEFAULT_SUBTITLE_SETTINGS)).toEqual([]);
  });
});
