/** The editor's panels, and which one Ctrl+F / Ctrl+H open (combos.ts matches the keys). */
import { matchesCombo, type KeyEventLike } from '../combos.ts';
import { EDITOR_SHORTCUTS } from '../editorShortcuts.ts';

export type EditorPanel = 'find' | 'replace' | 'speakers' | 'history' | 'help' | 'chat' | 'highlights';

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
