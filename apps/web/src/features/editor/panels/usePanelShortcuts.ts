/**
 * Binds Ctrl+F and Ctrl+H on the whole page (also while typing in a turn), instead of the browser's
 * own find, which only sees the turns currently rendered; and the toolbar's other page-wide keys.
 */
import { useEffect, useRef } from 'react';
import { matchesCombo } from '../combos.ts';
import { panelForKey, shortcutKeys, type EditorPanel } from './keys.ts';

export function usePanelShortcuts(open: (panel: EditorPanel) => void): void {
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const panel = panelForKey(event);
      if (!panel) return;
      event.preventDefault();
      latest.current(panel);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}

/** Binds one shortcut of the list (by id) on the whole page, also while typing; none while `action` is absent. */
export function useShortcut(id: string, action: (() => void) | undefined): void {
  const latest = useRef(action);
  latest.current = action;
  const enabled = action !== undefined;
  useEffect(() => {
    if (!enabled) return;
    const combos = shortcutKeys(id);
    const onKey = (event: KeyboardEvent) => {
      if (!combos.some((combo) => matchesCombo(event, combo))) return;
      event.preventDefault();
      latest.current?.();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [id, enabled]);
}
