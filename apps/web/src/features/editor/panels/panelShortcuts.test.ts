import { describe, expect, it } from 'vitest';
import editorEn from '../../../i18n/en-US/editor.json' with { type: 'json' };
import editorFr from '../../../i18n/fr-FR/editor.json' with { type: 'json' };
import en from '../../../i18n/en-US/editorPanels.json' with { type: 'json' };
import fr from '../../../i18n/fr-FR/editorPanels.json' with { type: 'json' };
import { playerShortcut } from '../../player/shortcuts.ts';
import { EDITOR_SHORTCUTS } from '../editorShortcuts.ts';
import { matchesCombo, PANEL_NAMED_KEYS, PANEL_SHORTCUTS, panelForKey } from './keys.ts';

const press = (key: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('the shortcuts the help panel lists', () => {
  const ids = [...EDITOR_SHORTCUTS, ...PANEL_SHORTCUTS].map((s) => s.id);

  it("covers the editor's, the panels' and the player's keys, each once", () => {
    expect(ids).toEqual(
      expect.arrayContaining([
        'playPause',
        'playPauseOutside',
        'replay',
        'jump3',
        'jump10',
        'jump60',
        'back10',
        'forward10',
        'split',
        'mergePrevious',
        'undo',
        'redo',
        'find',
        'replace',
        'closePanel',
      ]),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('labels every row and names every translated key in English and in French', () => {
    for (const shortcut of EDITOR_SHORTCUTS) {
      expect(editorEn.shortcuts).toHaveProperty(shortcut.id);
      expect(editorFr.shortcuts).toHaveProperty(shortcut.id);
    }
    for (const shortcut of PANEL_SHORTCUTS) {
      expect(en.shortcuts).toHaveProperty(shortcut.id);
      expect(fr.shortcuts).toHaveProperty(shortcut.id);
    }
    for (const key of PANEL_NAMED_KEYS) {
      expect(en.keys).toHaveProperty(key);
      expect(fr.keys).toHaveProperty(key);
    }
  });

  it("lists J and L as the player's page keys do", () => {
    expect(playerShortcut(press('j'), 'other')).toEqual({ kind: 'jump', seconds: -10 });
    expect(playerShortcut(press('l'), 'other')).toEqual({ kind: 'jump', seconds: 10 });
    expect(PANEL_SHORTCUTS.find((s) => s.id === 'back10')?.keys).toEqual([['J']]);
    expect(PANEL_SHORTCUTS.find((s) => s.id === 'forward10')?.keys).toEqual([['L']]);
  });
});

describe('panel keys', () => {
  it('opens find with Ctrl+F and replace with Ctrl+H, ⌘ too', () => {
    expect(panelForKey(press('f', { ctrlKey: true }))).toBe('find');
    expect(panelForKey(press('F', { ctrlKey: true }))).toBe('find');
    expect(panelForKey(press('h', { metaKey: true }))).toBe('replace');
  });

  it('leaves plain letters and other combos alone', () => {
    expect(panelForKey(press('f'))).toBeNull();
    expect(panelForKey(press('F', { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(panelForKey(press('h', { ctrlKey: true, altKey: true }))).toBeNull();
  });

  it('matches combos of the lists, named keys included', () => {
    expect(matchesCombo(press(' ', { ctrlKey: true }), ['Ctrl', 'space'])).toBe(true);
    expect(matchesCombo(press('Z', { ctrlKey: true, shiftKey: true }), ['Ctrl', 'shift', 'Z'])).toBe(true);
    expect(matchesCombo(press('z', { ctrlKey: true }), ['Ctrl', 'shift', 'Z'])).toBe(false);
    expect(matchesCombo(press('Escape'), ['escape'])).toBe(true);
  });
});
