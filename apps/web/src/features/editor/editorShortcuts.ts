/**
 * Every keyboard shortcut of the transcript editor and its player, as the help panel lists them.
 * A combo is written "Mod+Key" with the KeyboardEvent key names ("Ctrl+Shift+Z", "Shift+ArrowLeft");
 * several combos in one entry are alternatives. `label` is a key of the editorPanels namespace.
 * The editor binds these; the player's own keys are in features/player/shortcuts.ts.
 */
export interface EditorShortcut {
  id: string;
  keys: string[];
  label: string;
  /** The shortcut also works while typing in a turn. */
  whileTyping?: boolean;
}

export const EDITOR_SHORTCUTS: EditorShortcut[] = [
  { id: 'playPause', keys: ['Ctrl+Space'], label: 'shortcuts.playPause', whileTyping: true },
  { id: 'replay', keys: ['Ctrl+Shift+Space'], label: 'shortcuts.replay', whileTyping: true },
  { id: 'jump3', keys: ['Shift+ArrowLeft', 'Shift+ArrowRight'], label: 'shortcuts.jump3', whileTyping: true },
  { id: 'jump10', keys: ['Alt+ArrowLeft', 'Alt+ArrowRight'], label: 'shortcuts.jump10', whileTyping: true },
  { id: 'jump60', keys: ['Ctrl+ArrowLeft', 'Ctrl+ArrowRight'], label: 'shortcuts.jump60', whileTyping: true },
  { id: 'togglePlayer', keys: ['Space', 'K'], label: 'shortcuts.togglePlayer' },
  { id: 'back10', keys: ['J'], label: 'shortcuts.back10' },
  { id: 'forward10', keys: ['L'], label: 'shortcuts.forward10' },
  { id: 'split', keys: ['Enter'], label: 'shortcuts.split', whileTyping: true },
  { id: 'merge', keys: ['Backspace'], label: 'shortcuts.merge', whileTyping: true },
  { id: 'mergeNext', keys: ['Delete'], label: 'shortcuts.mergeNext', whileTyping: true },
  { id: 'playFromCaret', keys: ['Alt+Enter'], label: 'shortcuts.playFromCaret', whileTyping: true },
  { id: 'seekWord', keys: ['Alt+Click'], label: 'shortcuts.seekWord', whileTyping: true },
  { id: 'previousTurn', keys: ['ArrowUp'], label: 'shortcuts.previousTurn', whileTyping: true },
  { id: 'nextTurn', keys: ['ArrowDown'], label: 'shortcuts.nextTurn', whileTyping: true },
  { id: 'undo', keys: ['Ctrl+Z'], label: 'shortcuts.undo', whileTyping: true },
  { id: 'redo', keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], label: 'shortcuts.redo', whileTyping: true },
  { id: 'find', keys: ['Ctrl+F'], label: 'shortcuts.find', whileTyping: true },
  { id: 'replace', keys: ['Ctrl+H'], label: 'shortcuts.replace', whileTyping: true },
  { id: 'highlight', keys: ['Ctrl+Shift+H'], label: 'shortcuts.highlight', whileTyping: true },
  { id: 'closePanel', keys: ['Escape'], label: 'shortcuts.closePanel' },
];

export type EditorAction = 'undo' | 'redo';

/** Undo / redo of one's own changes (Ctrl or ⌘; the physical key, whatever the layout prints on it). */
export function editorAction(event: { key: string; code?: string; shiftKey: boolean; altKey: boolean; ctrlKey: boolean; metaKey: boolean }): EditorAction | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  const z = key === 'z' || event.code === 'KeyZ';
  const y = key === 'y' || event.code === 'KeyY';
  if (z) return event.shiftKey ? 'redo' : 'undo';
  if (y && !event.shiftKey) return 'redo';
  return null;
}
