/**
 * Every keyboard shortcut of the transcript editor, in one list: the help panel shows it (labels are
 * `editor:shortcuts.<id>`), and `editorAction` reads the editor's own keys. The player's keys come
 * from player/shortcuts.ts: outside a turn the page-wide ones (Space, K, J, L), inside a turn the
 * ones that leave letters to the text (Ctrl+Space, Alt+R and the arrows with a modifier).
 */
import type { KeyLike } from '../player/shortcuts.ts';

export interface EditorShortcut {
  id: string;
  /** Alternatives, each a list of keys pressed together (names in the keyboard's language where they differ). */
  keys: string[][];
  /** Where it works: anywhere on the page, or with the caret in a turn. */
  where: 'anywhere' | 'turn' | 'outsideText';
}

export const EDITOR_SHORTCUTS: readonly EditorShortcut[] = [
  { id: 'playPause', keys: [['Ctrl', 'space']], where: 'anywhere' },
  { id: 'playPauseOutside', keys: [['space'], ['K']], where: 'outsideText' },
  { id: 'replay', keys: [['Alt', 'R']], where: 'anywhere' },
  {
    id: 'jump3',
    keys: [
      ['shift', '←'],
      ['shift', '→'],
    ],
    where: 'anywhere',
  },
  {
    id: 'jump10',
    keys: [
      ['Alt', '←'],
      ['Alt', '→'],
    ],
    where: 'anywhere',
  },
  {
    id: 'jump60',
    keys: [
      ['Ctrl', '←'],
      ['Ctrl', '→'],
    ],
    where: 'anywhere',
  },
  { id: 'playFromCaret', keys: [['Alt', 'Enter']], where: 'turn' },
  { id: 'seekWord', keys: [['Alt', 'click']], where: 'turn' },
  { id: 'undo', keys: [['Ctrl', 'Z']], where: 'anywhere' },
  {
    id: 'redo',
    keys: [
      ['Ctrl', 'shift', 'Z'],
      ['Ctrl', 'Y'],
    ],
    where: 'anywhere',
  },
  { id: 'split', keys: [['enter']], where: 'turn' },
  { id: 'mergePrevious', keys: [['backspace']], where: 'turn' },
  { id: 'mergeNext', keys: [['delete']], where: 'turn' },
  { id: 'previousTurn', keys: [['↑']], where: 'turn' },
  { id: 'nextTurn', keys: [['↓']], where: 'turn' },
];

/** Key names translated in `editor:keys.<name>`; the others are shown as printed on the keys. */
export const NAMED_KEYS = new Set(['space', 'shift', 'enter', 'backspace', 'delete', 'click']);

export type EditorAction = 'undo' | 'redo';

/** The editor's own keys (the player's are in player/shortcuts.ts). */
export function editorAction(event: KeyLike & { code?: string }): EditorAction | null {
  const mod = event.ctrlKey || event.metaKey;
  if (!mod || event.altKey) return null;
  const key = event.key.toLowerCase();
  if ((key === 'z' || event.code === 'KeyZ') && !event.shiftKey) return 'undo';
  if (((key === 'z' || event.code === 'KeyZ') && event.shiftKey) || ((key === 'y' || event.code === 'KeyY') && !event.shiftKey)) return 'redo';
  return null;
}
