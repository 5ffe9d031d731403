import { describe, expect, it } from 'vitest';
import { mayAddLine, nudgeOf, problemStep, screenKeyAction, SUBTITLE_SHORTCUTS } from './shortcuts.ts';

const key = (key: string, mods: { ctrl?: boolean; shift?: boolean; alt?: boolean; meta?: boolean; code?: string } = {}) => ({
  key,
  code: mods.code,
  ctrlKey: Boolean(mods.ctrl),
  shiftKey: Boolean(mods.shift),
  altKey: Boolean(mods.alt),
  metaKey: Boolean(mods.meta),
});

describe('screen keys', () => {
  it('split, merge, add, delete, play and move between screens', () => {
    expect(screenKeyAction(key('Enter', { ctrl: true }))).toBe('split');
    expect(screenKeyAction(key('Enter', { meta: true }))).toBe('split');
    expect(screenKeyAction(key('m', { alt: true }))).toBe('mergeNext');
    expect(screenKeyAction(key('n', { alt: true }))).toBe('addAfter');
    expect(screenKeyAction(key('Delete', { alt: true }))).toBe('deleteScreen');
    expect(screenKeyAction(key('Enter', { alt: true }))).toBe('playScreen');
    expect(screenKeyAction(key('ArrowUp', { alt: true }))).toBe('previousScreen');
    expect(screenKeyAction(key('ArrowDown', { alt: true }))).toBe('nextScreen');
  });

  it('leaves plain typing to the text', () => {
    expect(screenKeyAction(key('Enter'))).toBeNull();
    expect(screenKeyAction(key('m'))).toBeNull();
    expect(screenKeyAction(key('ArrowUp'))).toBeNull();
  });

  it('reads the physical key when Alt prints another character', () => {
    expect(screenKeyAction(key('˜', { alt: true, code: 'KeyN' }))).toBe('addAfter');
    expect(screenKeyAction(key('µ', { alt: true, code: 'KeyM' }))).toBe('mergeNext');
  });
});

describe('page keys', () => {
  it('F8 goes to the next problem, Shift+F8 to the previous', () => {
    expect(problemStep(key('F8'))).toBe(1);
    expect(problemStep(key('F8', { shift: true }))).toBe(-1);
    expect(problemStep(key('F7'))).toBeNull();
  });

  it('plain arrows nudge a handle by a tenth of a second', () => {
    expect(nudgeOf(key('ArrowLeft'))).toBe(-0.1);
    expect(nudgeOf(key('ArrowRight'))).toBe(0.1);
    expect(nudgeOf(key('ArrowRight', { shift: true }))).toBeNull();
  });
});

describe('mayAddLine', () => {
  it('allows a new line only under the limit of lines', () => {
    expect(mayAddLine('one', 2)).toBe(true);
    expect(mayAddLine('one\ntwo', 2)).toBe(false);
    expect(mayAddLine('one', 1)).toBe(false);
  });
});

describe('the list', () => {
  it('names each shortcut once', () => {
    const ids = SUBTITLE_SHORTCUTS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
