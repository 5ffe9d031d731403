import { describe, expect, it } from 'vitest';
import en from '../../i18n/en-US/editorPanels.json' with { type: 'json' };
import fr from '../../i18n/fr-FR/editorPanels.json' with { type: 'json' };
import { jumpFor } from '../player/player.ts';
import { EDITOR_SHORTCUTS, editorAction } from './editorShortcuts.ts';
import { matchesCombo, parseCombo } from './combos.ts';
import { panelForKey } from './panels/keys.ts';

const lookup = (messages: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
const event = (combo: string) => {
  const { key, ctrl, shift, alt } = parseCombo(combo);
  return { key: key === 'Space' ? ' ' : key, ctrlKey: ctrl, metaKey: false, shiftKey: shift, altKey: alt };
};

describe('the editor shortcut list', () => {
  it('has every shortcut of the editor and its player', () => {
    expect(EDITOR_SHORTCUTS.map((s) => s.id)).toEqual(
      expect.arrayContaining(['playPause', 'replay', 'jump3', 'jump10', 'jump60', 'togglePlayer', 'back10', 'forward10', 'split', 'merge', 'undo', 'redo', 'find', 'replace']),
    );
    expect(new Set(EDITOR_SHORTCUTS.map((s) => s.id)).size).toBe(EDITOR_SHORTCUTS.length);
  });

  it('labels each one in English and in French', () => {
    for (const shortcut of EDITOR_SHORTCUTS) {
      expect(typeof lookup(en, shortcut.label), shortcut.id).toBe('string');
      expect(typeof lookup(fr, shortcut.label), shortcut.id).toBe('string');
    }
  });

  it('lists the jumps the player makes: 3 s with Shift, 10 s with Alt, 60 s with Ctrl', () => {
    const jumps = { jump3: 3, jump10: 10, jump60: 60 } as const;
    for (const [id, seconds] of Object.entries(jumps)) {
      const [back, forward] = EDITOR_SHORTCUTS.find((s) => s.id === id)!.keys;
      expect(jumpFor(event(back!))).toBe(-seconds);
      expect(jumpFor(event(forward!))).toBe(seconds);
    }
  });

  it('lists no combo twice', () => {
    const combos = EDITOR_SHORTCUTS.flatMap((s) => s.keys);
    expect(new Set(combos).size).toBe(combos.length);
  });
});

describe('panel keys', () => {
  it('opens find with Ctrl+F and replace with Ctrl+H, ⌘ too', () => {
    expect(panelForKey({ key: 'f', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false })).toBe('find');
    expect(panelForKey({ key: 'h', ctrlKey: false, metaKey: true, shiftKey: false, altKey: false })).toBe('replace');
    // Ctrl+Shift+H highlights the selected words: no panel.
    expect(panelForKey({ key: 'H', ctrlKey: true, metaKey: false, shiftKey: true, altKey: false })).toBeNull();
  });

  it('leaves plain letters and other combos alone', () => {
    expect(panelForKey({ key: 'f', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false })).toBeNull();
    expect(panelForKey({ key: 'F', ctrlKey: true, metaKey: false, shiftKey: true, altKey: false })).toBeNull();
  });

  it('matches Space and named keys exactly', () => {
    expect(matchesCombo({ key: ' ', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false }, 'Ctrl+Space')).toBe(true);
    expect(matchesCombo({ key: 'Enter', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false }, 'Enter')).toBe(true);
    expect(matchesCombo({ key: 'Enter', ctrlKey: false, metaKey: false, shiftKey: true, altKey: false }, 'Enter')).toBe(false);
  });
});

describe('editorAction', () => {
  const press = (k: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean; code: string }> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...modifiers,
  });
  it('undoes with Ctrl+Z and redoes with Ctrl+Shift+Z or Ctrl+Y (⌘ too)', () => {
    expect(editorAction(press('z', { ctrlKey: true }))).toBe('undo');
    expect(editorAction(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(editorAction(press('y', { metaKey: true }))).toBe('redo');
    // On a layout where the key prints another letter, the physical key decides.
    expect(editorAction(press('w', { ctrlKey: true, code: 'KeyZ' }))).toBe('undo');
  });
  it('leaves other keys alone', () => {
    expect(editorAction(press('z'))).toBeNull();
    expect(editorAction(press('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(editorAction(press('f', { ctrlKey: true }))).toBeNull();
  });
});
