/**
 * The DOM of a turn's editable text, built by hand (not by React) so a keystroke repaints one turn
 * synchronously and the caret is never lost to a reconciliation: the element's text is exactly the
 * turn's Y.Text, each word a `span[data-wid]` (its start time in `data-stime`), the separators text
 * nodes between them. UTF-16 offsets of the text are therefore offsets of the element's text content.
 */
import { tokenize, type Word } from '@palabre/shared';

/** Below this confidence a word is marked (when the marks are shown); an edited word has confidence 1. */
export const LOW_CONFIDENCE = 0.6;

export interface RenderedWord {
  span: HTMLSpanElement;
  word: Word;
  start: number;
  end: number;
}

/**
 * Replaces the element's content by `text`, its words bound to `words` (the turn's projection, one
 * word per token). Returns the spans; throws when words and text disagree (the turn is then shown
 * as plain text and flagged as not well synchronised).
 */
export function renderTurnText(element: HTMLElement, text: string, words: readonly Word[], markLowConfidence: boolean, lowClass: string): RenderedWord[] {
  const tokens = tokenize(text);
  const rendered: RenderedWord[] = [];
  const fragment = document.createDocumentFragment();
  let last = 0;
  const mismatch = tokens.length !== words.length;
  if (!mismatch) {
    tokens.forEach((token, index) => {
      const word = words[index]!;
      if (token.start > last) fragment.append(text.slice(last, token.start));
      const span = document.createElement('span');
      span.dataset.wid = word.wid;
      span.dataset.stime = String(word.stime);
      span.textContent = text.slice(token.start, token.end);
      if (markLowConfidence && typeof word.confidence === 'number' && word.confidence < LOW_CONFIDENCE) span.className = lowClass;
      fragment.append(span);
      rendered.push({ span, word, start: token.start, end: token.end });
      last = token.end;
    });
  }
  if (last < text.length) fragment.append(text.slice(last));
  element.replaceChildren(fragment);
  if (mismatch) throw new Error(`turn text has ${tokens.length} words, its projection ${words.length}`);
  return rendered;
}

/** The selection inside `element` as text offsets, or null when it is elsewhere. */
export function selectionOffsets(element: HTMLElement): { start: number; end: number } | null {
  const selection = element.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  if (!element.contains(range.startContainer) || !element.contains(range.endContainer)) return null;
  return { start: offsetOf(element, range.startContainer, range.startOffset), end: offsetOf(element, range.endContainer, range.endOffset) };
}

/** The text offset of a DOM position inside `element`. */
export function offsetOf(element: HTMLElement, node: Node, offset: number): number {
  const range = element.ownerDocument.createRange();
  range.setStart(element, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/** The DOM position of a text offset (clamped to the text). */
function positionOf(element: HTMLElement, offset: number): { node: Node; offset: number } {
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let remaining = Math.max(0, offset);
  let node = walker.nextNode();
  let lastNode: Node | null = null;
  while (node) {
    const length = node.textContent?.length ?? 0;
    if (remaining <= length) return { node, offset: remaining };
    remaining -= length;
    lastNode = node;
    node = walker.nextNode();
  }
  return lastNode ? { node: lastNode, offset: lastNode.textContent?.length ?? 0 } : { node: element, offset: 0 };
}

/** Puts the selection at text offsets of `element`. */
export function setSelectionOffsets(element: HTMLElement, start: number, end = start) {
  const selection = element.ownerDocument.getSelection();
  if (!selection) return;
  const from = positionOf(element, start);
  const to = end === start ? from : positionOf(element, end);
  selection.setBaseAndExtent(from.node, from.offset, to.node, to.offset);
}

/** The text offsets a `beforeinput` event acts on: its target range, else the selection. */
export function targetOffsets(element: HTMLElement, event: InputEvent): { start: number; end: number } | null {
  const ranges = event.getTargetRanges?.() ?? [];
  const range = ranges[0];
  if (range && element.contains(range.startContainer) && element.contains(range.endContainer)) {
    const a = offsetOf(element, range.startContainer, range.startOffset);
    const b = offsetOf(element, range.endContainer, range.endOffset);
    return { start: Math.min(a, b), end: Math.max(a, b) };
  }
  return selectionOffsets(element);
}

/** Whether the caret is on the first (or last) line of the element, for ↑/↓ between turns. */
export function caretOnEdgeLine(element: HTMLElement, edge: 'first' | 'last'): boolean {
  const selection = element.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0 || !selection.isCollapsed) return false;
  const rects = selection.getRangeAt(0).getClientRects();
  const caret = rects[0];
  const box = element.getBoundingClientRect();
  // An empty text (or a caret at a spot without a box) has no line to leave.
  if (!caret) return true;
  const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || 20;
  return edge === 'first' ? caret.top - box.top < lineHeight * 0.8 : box.bottom - caret.bottom < lineHeight * 0.8;
}

/** Index of the word playing at `time` (by start time, within its end), or -1. */
export function playingIndex(words: readonly RenderedWord[], time: number): number {
  let low = 0;
  let high = words.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (words[mid]!.word.stime <= time) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found >= 0 && words[found]!.word.etime >= time ? found : -1;
}
