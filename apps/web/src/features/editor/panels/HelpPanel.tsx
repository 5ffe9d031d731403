/** Every shortcut of the editor and its player, and how editing works. */
import { useMemo } from 'react';
import { usePublicConfig } from '../../../api/queries.ts';
import { EDITOR_SHORTCUTS, type EditorShortcut } from '../editorShortcuts.ts';
import { ShortcutHelp } from '../ShortcutHelp.tsx';

/** Shortcuts of features the server may leave off (the experimental highlights). */
const FLAGGED = new Set(['highlight']);

/** Keys of the panels themselves: they work in a panel, neither in nor outside the text. */
const PANEL_KEYS = new Set(['closePanel']);

const HOW_IT_WORKS = ['typing', 'newWords', 'confidence', 'together', 'undo', 'history'] as const;

const noteOf = (shortcut: EditorShortcut) => (!shortcut.whileTyping && !PANEL_KEYS.has(shortcut.id) ? 'help.outsideText' : null);

export function HelpPanel() {
  const highlights = usePublicConfig().data?.features.experimentalHighlight === true;
  const shortcuts = useMemo(() => EDITOR_SHORTCUTS.filter((shortcut) => highlights || !FLAGGED.has(shortcut.id)), [highlights]);
  return <ShortcutHelp scope="editor" namespace="editorPanels" shortcuts={shortcuts} noteOf={noteOf} howItWorks={HOW_IT_WORKS} />;
}
