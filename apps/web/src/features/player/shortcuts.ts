/**
 * The player's keyboard shortcuts, active anywhere on a page that holds a player: Space or K play
 * and pause, J / L jump 10 s back / forward (as the buttons), and ←/→ with Shift 3 s, Alt 10 s,
 * Ctrl 60 s (docs/PRODUCT.md, Limits). Keys typed into a field, a menu, a list or a dialog stay
 * theirs, and Space keeps activating a focused button, link or checkbox.
 */
import { jumpFor } from './player.ts';

export type PlayerAction = { kind: 'toggle' } | { kind: 'jump'; seconds: number } | { kind: 'replay' };

/** How far "replay the last few seconds" goes back. */
export const REPLAY_SECONDS = 5;

/** Where the key was pressed: typing somewhere (no shortcut), on a control Space activates, or elsewhere. */
export type KeyTarget = 'typing' | 'control' | 'other';

export interface KeyLike {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  repeat?: boolean;
}

export function playerShortcut(event: KeyLike, target: KeyTarget): PlayerAction | null {
  if (target === 'typing') return null;
  const jump = jumpFor(event);
  if (jump !== null) return { kind: 'jump', seconds: jump };
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const key = event.key.toLowerCase();
  // Holding a key down toggles once.
  if (key === ' ' && target === 'other' && !event.shiftKey) return event.repeat ? null : { kind: 'toggle' };
  if (key === 'k') return event.repeat ? null : { kind: 'toggle' };
  if (key === 'j') return { kind: 'jump', seconds: -10 };
  if (key === 'l') return { kind: 'jump', seconds: 10 };
  return null;
}

/**
 * The player's keys while typing in a transcript turn, where plain letters and Space are text:
 * the jumps (Shift/Alt/Ctrl with the arrows), Ctrl+Space to play and pause, Ctrl+Shift+Space to
 * replay the last few seconds (editor/editorShortcuts.ts lists them for the help panel).
 */
export function editingPlayerShortcut(event: KeyLike & { code?: string }): PlayerAction | null {
  const jump = jumpFor(event);
  if (jump !== null) return { kind: 'jump', seconds: jump };
  const space = event.key === ' ' || event.code === 'Space';
  if (!space || !(event.ctrlKey || event.metaKey) || event.altKey || event.repeat) return null;
  return event.shiftKey ? { kind: 'replay' } : { kind: 'toggle' };
}

/** Text entry and the widgets that read keys themselves (including any dialog: its keys are its own). */
const TYPING = [
  'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit]):not([type=reset])',
  'textarea',
  'select',
  '[contenteditable]:not([contenteditable=false])',
  '[role=textbox]',
  '[role=combobox]',
  '[role=listbox]',
  '[role=menu]',
  '[role=dialog]',
  '[aria-modal=true]',
].join(',');
/** Controls that Space activates. */
const CONTROLS = 'button, a[href], summary, input, [role=button], [role=link], [role=checkbox], [role=radio], [role=switch], [role=tab], [role=menuitem], [role=option]';

export function keyTarget(target: EventTarget | null): KeyTarget {
  if (!(target instanceof Element)) return 'other';
  if (target.closest(TYPING) || (target instanceof HTMLElement && target.isContentEditable)) return 'typing';
  // A modal dialog open elsewhere on the page owns the keyboard too.
  if (target.ownerDocument.querySelector('[aria-modal=true]')) return 'typing';
  return target.closest(CONTROLS) ? 'control' : 'other';
}
