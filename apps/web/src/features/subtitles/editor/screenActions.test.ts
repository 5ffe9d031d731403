import type { ErrorCode } from '@palabre/shared';
import { DEFAULT_SUBTITLE_SETTINGS } from '@palabre/shared';
import { initScreenDocument, readScreens } from '@palabre/shared/subtitles';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createScreenActions, type ScreenAction } from './screenActions.ts';

function setup() {
  const doc = new Y.Doc();
  initScreenDocument(
    doc,
    [
      { id: 'a', start: 0, end: 2, text: 'Good evening,', speakers: [] },
      { id: 'b', start: 2.08, end: 4, text: 'and welcome', speakers: [] },
      { id: 'c', start: 6, end: 8, text: 'to the show', speakers: [] },
    ],
    { ...DEFAULT_SUBTITLE_SETTINGS, maxCharsPerLine: 20, maxLinesPerScreen: 1, splitMode: 'none' },
  );
  const origin = {};
  const undo = new Y.UndoManager(doc.getArray('screens'), { trackedOrigins: new Set([origin]) });
  const refusals: [ErrorCode, ScreenAction][] = [];
  const actions = createScreenActions({ doc, origin, undo, duration: () => 10, refused: (error, action) => refusals.push([error, action]) });
  return { doc, undo, actions, refusals, texts: () => readScreens(doc).map((s) => s.text) };
}

describe('screen actions', () => {
  it('edit through the operations with the editor origin, so undo reverts them', () => {
    const { actions, undo, texts } = setup();
    actions.setText('a', 'Good night,');
    expect(texts()[0]).toBe('Good night,');
    undo.undo();
    expect(texts()[0]).toBe('Good evening,');
  });

  it('say why a merge is refused, and change nothing', () => {
    const { actions, refusals, texts } = setup();
    // "Good evening, and welcome" is 25 characters: more than one line of 20.
    expect(actions.mergeNext('a')).toBe(false);
    expect(actions.mergeNext('c')).toBe(false);
    expect(refusals).toEqual([
      ['subtitle_merge_too_long', 'merge'],
      ['subtitle_merge_not_consecutive', 'merge'],
    ]);
    expect(texts()).toEqual(['Good evening,', 'and welcome', 'to the show']);
  });

  it('make each structural edit an undo step of its own, however quick', () => {
    const { actions, undo, texts } = setup();
    actions.setText('c', 'to the big show');
    actions.split('c', 6);
    actions.mergeNext('c');
    undo.undo();
    expect(texts()).toEqual(['Good evening,', 'and welcome', 'to the', 'big show']);
    undo.undo();
    expect(texts()).toEqual(['Good evening,', 'and welcome', 'to the big show']);
    undo.undo();
    expect(texts()).toEqual(['Good evening,', 'and welcome', 'to the show']);
  });

  it('split at the caret and merge back', () => {
    const { actions, texts, doc } = setup();
    const second = actions.split('c', 6);
    expect(second).toEqual(expect.any(String));
    expect(texts()).toEqual(['Good evening,', 'and welcome', 'to the', 'show']);
    expect(actions.mergeNext('c')).toBe(true);
    expect(readScreens(doc).map((s) => [s.text, s.start, s.end])).toEqual([
      ['Good evening,', 0, 2],
      ['and welcome', 2.08, 4],
      ['to the show', 6, 8],
    ]);
  });

  it('add a screen in a gap, or refuse where there is none', () => {
    const { actions, doc, refusals } = setup();
    expect(actions.addAfter('a')).toBeNull();
    expect(refusals).toEqual([['subtitle_no_room', 'add']]);
    const added = actions.addAfter('b');
    expect(readScreens(doc).find((s) => s.id === added)).toMatchObject({ start: 4.08, end: 5.92, text: '' });
    const late = actions.addAt(8.5);
    expect(readScreens(doc).at(-1)).toMatchObject({ id: late, start: 8.5, end: 10.5 });
  });

  it('retime pushing the neighbour, and refuse when it would leave it no room', () => {
    const { actions, doc, refusals } = setup();
    expect(actions.retime('a', { end: 2.5 })).toBe(true);
    expect(
      readScreens(doc)
        .slice(0, 2)
        .map((s) => [s.start, s.end]),
    ).toEqual([
      [0, 2.5],
      [2.58, 4],
    ]);
    expect(actions.retime('a', { end: 3.95 })).toBe(false);
    expect(refusals).toEqual([['subtitle_overlap', 'retime']]);
  });
});
