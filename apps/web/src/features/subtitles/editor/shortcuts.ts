/**
 * Every keyboard shortcut of the screen editor and its player, as its help panel lists them (combos
 * written as in editor/editorShortcuts.ts; several combos are alternatives). `label` is a key of the
 * subtitles namespace. The player's own keys are features/player/shortcuts.ts'; the transcript
 * editor's undo / redo keys (editorShortcuts.ts' editorAction) serve here too.
 */
import { matchesCombo } from '../../editor/combos.ts';

export interface SubtitleShortcut {
  id: string;
  keys: string[];
  label: string;
  /** Where it works: in a screen's text, on a screen's time handle, or anywhere on the page. */
  where: 'text' | 'handle' | 'page' | 'outsideText';
}

export const SUBTITLE_SHORTCUTS: SubtitleShortcut[] = [
  { id: 'playPause', keys: ['Ctrl+Space'], label: 'shortcuts.playPause', where: 'page' },
  { id: 'replay', keys: ['Ctrl+Shift+Space'], label: 'shortcuts.replay', where: 'page' },
  { id: 'jump3', keys: ['Shift+ArrowLeft', 'Shift+ArrowRight'], label: 'shortcuts.jump3', where: 'page' },
  { id: 'jump10', keys: ['Alt+ArrowLeft', 'Alt+ArrowRight'], label: 'shortcuts.jump10', where: 'page' },
  { id: 'togglePlayer', keys: ['Space', 'K'], label: 'shortcuts.togglePlayer', where: 'outsideText' },
  { id: 'newLine', keys: ['Enter'], label: 'shortcuts.newLine', where: 'text' },
  { id: 'split', keys: ['Ctrl+Enter'], label: 'shortcuts.split', where: 'text' },
  { id: 'mergeNext', keys: ['Alt+M'], label: 'shortcuts.mergeNext', where: 'text' },
  { id: 'addAfter', keys: ['Alt+N'], label: 'shortcuts.addAfter', where: 'text' },
  { id: 'deleteScreen', keys: ['Alt+Delete'], label: 'shortcuts.deleteScreen', where: 'text' },
  { id: 'playScreen', keys: ['Alt+Enter'], label: 'shortcuts.playScreen', where: 'text' },
  { id: 'previousScreen', keys: ['Alt+ArrowUp'], label: 'shortcuts.previousScreen', where: 'text' },
  { id: 'nextScreen', keys: ['Alt+ArrowDown'], label: 'shortcuts.nextScreen', where: 'text' },
  { id: 'nudge', keys: ['ArrowLeft', 'ArrowRight'], label: 'shortcuts.nudge', where: 'handle' },
  { id: 'nextProblem', keys: ['F8'], label: 'shortcuts.nextProblem', where: 'page' },
  { id: 'previousProblem', keys: ['Shift+F8'], label: 'shortcuts.previousProblem', where: 'page' },
  { id: 'undo', keys: ['Ctrl+Z'], label: 'shortcuts.undo', where: 'page' },
  { id: 'redo', keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], label: 'shortcuts.redo', where: 'page' },
];

export type ScreenKeyAction = 'split' | 'mergeNext' | 'addAfter' | 'deleteScreen' | 'playScreen' | 'previousScreen' | 'nextScreen';
const SCREEN_KEY_ACTIONS: ScreenKeyAction[] = ['split', 'mergeNext', 'addAfter', 'deleteScreen', 'playScreen', 'previousScreen', 'nextScreen'];

interface KeyEventLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

const keysOf = (id: string) => SUBTITLE_SHORTCUTS.find((s) => s.id === id)?.keys ?? [];

/** Alt+letter prints another character on some layouts (Alt+N → "˜" on a Mac): the physical key counts too. */
function matches(event: KeyEventLike, combo: string): boolean {
  if (matchesCombo(event, combo)) return true;
  const letter = /^Alt\+([A-Z])$/.exec(combo)?.[1];
  return Boolean(letter) && event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.code === `Key${letter}`;
}

/** What a key pressed in a screen's text does, or null (the text takes it). */
export function screenKeyAction(event: KeyEventLike): ScreenKeyAction | null {
  return SCREEN_KEY_ACTIONS.find((id) => keysOf(id).some((combo) => matches(event, combo))) ?? null;
}

/** F8 / Shift+F8 anywhere on the page: 1 (next problem), -1 (previous), or null. */
export function problemStep(event: KeyEventLike): 1 | -1 | null {
  if (keysOf('nextProblem').some((combo) => matches(event, combo))) return 1;
  if (keysOf('previousProblem').some((combo) => matches(event, combo))) return -1;
  return null;
}

/** Seconds an arrow key moves a focused time handle (←: earlier), or null. */
export const NUDGE_SECONDS = 0.1;
export function nudgeOf(event: KeyEventLike): number | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return null;
  if (event.key === 'ArrowLeft') return -NUDGE_SECONDS;
  if (event.key === 'ArrowRight') return NUDGE_SECONDS;
  return null;
}

/** Whether Enter may start a new line: the text holds fewer lines than the version allows. */
export function mayAddLine(text: string, maxLines: number): boolean {
  return text.split('\n').length < maxLines;
}
