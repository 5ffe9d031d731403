/**
 * Key combos of the editors' shortcut lists ("Ctrl+Shift+Z", "Alt+M"): parsing one, and matching a
 * keyboard event against it. Ctrl also means ⌘ on a Mac.
 */
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

export interface KeyEventLike {
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
