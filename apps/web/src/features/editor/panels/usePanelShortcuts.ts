/**
 * Binds Ctrl+F and Ctrl+H on the whole page (also while typing in a turn), instead of the browser's
 * own find, which only sees the turns currently rendered.
 */
import { useEffect, useRef } from 'react';
import { panelForKey, type EditorPanel } from './keys.ts';

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
