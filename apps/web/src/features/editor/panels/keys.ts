/**
 * Key combos of the editor's shortcut list ("Ctrl+Shift+Z"): matching a keyboard event, and which
 * panel Ctrl+F / Ctrl+H open. Ctrl also means ⌘ on a Mac.
 */
import { EDITOR_SHORTCUTS } from '../editorShortcuts.ts';

export type EditorPanel = 'find' | 'replace' | 'speakers' | 'history' | 'help';

export interface Combo {
  key: string;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
}

export function parseCombo(combo: string): Combo {
  const parts = combo.split('+');
  const key = parts.pop() ?? '';
  return { key, ctrl: parts.includes('Ctrl'), shift: parts.includes('Shift'), alt: parts.includes('Alt') };
}

interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

const KEY_NAMES: Record<string, string> = { Space: ' ' };

export function matchesCombo(event: KeyEventLike, combo: string): boolean {
  const wanted = parseCombo(combo);
  const key = KEY_NAMES[wanted.key] ?? wanted.key;
  const sameKey = key.length === 1 ? event.key.toLowerCase() === key.toLowerCase() : event.key === key;
  return sameKey && (event.ctrlKey || event.metaKey) === wanted.ctrl && event.shiftKey === wanted.shift && event.altKey === wanted.alt;
}

/** The combos of a shortcut of the list (empty when unknown). */
export function shortcutKeys(id: string): string[] {
  return EDITOR_SHORTCUTS.find((s) => s.id === id)?.keys ?? [];
}

/** The panel a key opens (Ctrl+F: find, Ctrl+H: find and replace), or null. */
export function panelForKey(event: KeyEventLike): EditorPanel | null {
  if (shortcutKeys('find').some((combo) => matchesCombo(event, combo))) return 'find';
  if (shortcutKeys('replace').some((combo) => matchesCombo(event, combo))) return 'replace';
  return null;
}
