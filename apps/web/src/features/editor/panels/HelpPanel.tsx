/** Every shortcut of the editor and its player, and how editing works. */
import { EDITOR_SHORTCUTS, type EditorShortcut } from '../editorShortcuts.ts';
import { ShortcutHelp } from '../ShortcutHelp.tsx';

/** Keys of the panels themselves: they work in a panel, neither in nor outside the text. */
const PANEL_KEYS = new Set(['closePanel']);

const HOW_IT_WORKS = ['typing', 'newWords', 'confidence', 'together', 'undo', 'history'] as const;

const noteOf = (shortcut: EditorShortcut) => (!shortcut.whileTyping && !PANEL_KEYS.has(shortcut.id) ? 'help.outsideText' : null);

export function HelpPanel() {
  return <ShortcutHelp scope="editor" namespace="editorPanels" shortcuts={EDITOR_SHORTCUTS} noteOf={noteOf} howItWorks={HOW_IT_WORKS} />;
}
