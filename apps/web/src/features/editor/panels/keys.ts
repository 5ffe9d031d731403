/**
 * The keys of the panels (Ctrl+F find, Ctrl+H find and replace, Escape closes) and the player's page
 * keys J / L, listed in the help panel after the editor's own (editorShortcuts.ts), in the same form.
 * Ctrl also means ⌘ on a Mac.
 */
import type { EditorShortcut } from '../editorShortcuts.ts';

export type EditorPanel = 'find' | 'replace' | 'speakers' | 'history' | 'help';

/** Labels are `editorPanels:shortcuts.<id>`. */
export const PANEL_SHORTCUTS: readonly EditorShortcut[] = [
  { id: 'find', keys: [['Ctrl', 'F']], where: 'anywhere' },
  { id: 'replace', keys: [['Ctrl', 'H']], where: 'anywhere' },
  { id: 'closePanel', keys: [['escape']], where: 'anywhere' },
  { id: 'back10', keys: [['J']], where: 'outsideText' },
  { id: 'forward10', keys: [['L']], where: 'outsideText' },
];

/** Key names translated in `editorPanels:keys.<name>`. */
export const PANEL_NAMED_KEYS = new Set(['escape']);

interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Whether an event is one combo of a shortcut list (["Ctrl", "shift", "Z"]). */
export function matchesCombo(event: KeyEventLike, combo: readonly string[]): boolean {
  const mods = combo.slice(0, -1).map((k) => k.toLowerCase());
  const key = (combo.at(-1) ?? '').toLowerCase();
  const pressed = event.key === ' ' ? 'space' : event.key === 'Escape' ? 'escape' : event.key.toLowerCase();
  return pressed === key && (event.ctrlKey || event.metaKey) === mods.includes('ctrl') && event.shiftKey === mods.includes('shift') && event.altKey === mods.includes('alt');
}

/** The combos of one of the panel shortcuts. */
export function panelShortcutKeys(id: string): readonly string[][] {
  return PANEL_SHORTCUTS.find((s) => s.id === id)?.keys ?? [];
}

/** The panel a key opens (Ctrl+F: find, Ctrl+H: find and replace), or null. */
export function panelForKey(event: KeyEventLike): EditorPanel | null {
  if (panelShortcutKeys('find').some((combo) => matchesCombo(event, combo))) return 'find';
  if (panelShortcutKeys('replace').some((combo) => matchesCombo(event, combo))) return 'replace';
  return null;
}
