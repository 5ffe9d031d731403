/**
 * The words selected in the transcript, as a highlight's anchor. The selection is remembered while it
 * is in the turns' texts, so the toolbar's button (which takes the focus) still finds it.
 */
import { offsetOf } from '../editor/turnDom.ts';
import { selectionAnchor, type HighlightAnchor } from './anchor.ts';

let remembered: Range | null = null;

function inTranscript(node: Node): boolean {
  return (node instanceof Element ? node : node.parentElement)?.closest('[data-turn-id]') !== null;
}

/** Keeps the last selection made in the transcript until a caret is put back in it; returns the function that stops. */
export function rememberSelection(): () => void {
  const onChange = () => {
    const selection = document.getSelection();
    if (!selection || selection.rangeCount === 0) return;
    const range = selection.getRangeAt(0);
    // Leaving the transcript (for a button, a panel) keeps the last selection; a caret in it drops it.
    if (!inTranscript(range.startContainer) || !inTranscript(range.endContainer)) return;
    remembered = selection.isCollapsed ? null : range.cloneRange();
  };
  document.addEventListener('selectionchange', onChange);
  return () => {
    document.removeEventListener('selectionchange', onChange);
    remembered = null;
  };
}

/** A DOM position as (turn, its text, offset): in a turn's text, or at its text's start or end when the position is elsewhere in the turn (its speaker, its time). */
function endpoint(node: Node, offset: number, edge: 'start' | 'end') {
  const element = node instanceof Element ? node : node.parentElement;
  const turn = element?.closest<HTMLElement>('[data-turn-id]');
  const text = turn?.querySelector<HTMLElement>('[data-turn-text]');
  if (!turn || !text) return null;
  const content = text.textContent ?? '';
  const inside = text.contains(node);
  return { turnId: turn.dataset.turnId!, text: content, offset: inside ? offsetOf(text, node, offset) : edge === 'start' ? 0 : content.length };
}

export interface SelectedWords {
  anchor: HighlightAnchor;
  /** The words as shown, for the form. */
  text: string;
}

/** The whole words of the current (else the last remembered) selection in the transcript; null when there are none. */
export function selectedWords(): SelectedWords | null {
  const selection = document.getSelection();
  const live = selection && selection.rangeCount > 0 && !selection.isCollapsed ? selection.getRangeAt(0) : null;
  const range = live && inTranscript(live.startContainer) && inTranscript(live.endContainer) ? live : remembered;
  if (!range || range.collapsed || !range.startContainer.isConnected || !range.endContainer.isConnected) return null;
  const start = endpoint(range.startContainer, range.startOffset, 'start');
  const end = endpoint(range.endContainer, range.endOffset, 'end');
  const anchor = start && end && selectionAnchor(start, end);
  if (!anchor) return null;
  const text =
    anchor.startTurnId === anchor.endTurnId
      ? start.text.slice(anchor.startOffset, anchor.endOffset)
      : `${start.text.slice(anchor.startOffset)} … ${end.text.slice(0, anchor.endOffset)}`;
  return { anchor, text };
}
