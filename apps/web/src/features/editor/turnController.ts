/**
 * One turn's editable text, outside React: it paints the turn from its Y.Map (turnDom.ts), turns the
 * browser's input into the smallest text change (every `beforeinput` is handled here, so the DOM only
 * ever shows the document), keeps the caret through remote changes (Y.RelativePosition), composes
 * with IMEs, highlights the playing word from the player's ticks, and seeks on Alt+click (or a plain
 * click when the text is read-only). A keystroke repaints this turn only, synchronously.
 */
import { type Turn } from '@palabre/shared';
import { readTurn, textOf, type TurnMap } from '@palabre/shared/collab';
import * as Y from 'yjs';
import type { PlayerController } from '../player/player.ts';
import { caretOnEdgeLine, playingIndex, renderTurnText, selectionOffsets, setSelectionOffsets, targetOffsets, type RenderedWord } from './turnDom.ts';

export interface TurnActions {
  /** Replaces the text; false when refused (the reason is shown by the caller). */
  setText(turnId: string, text: string, pasted: [number, number][]): boolean;
  split(turnId: string, offset: number): void;
  merge(turnId: string, direction: 'previous' | 'next'): void;
  /** Moves the caret to the neighbouring turn (↑ on the first line, ↓ on the last). */
  focusNeighbour(turnId: string, direction: 'previous' | 'next'): void;
  undo(): void;
  redo(): void;
  /** The caret entered or left the turn, or the user typed in it. */
  presence(turnId: string | null, typing: boolean): void;
  /** The turn's words could not be bound to its text. */
  unsynced(turnId: string, failed: boolean): void;
  /** A word was chosen to listen to: playback follows again. */
  seeked(): void;
}

export interface TurnOptions {
  editable: boolean;
  showConfidence: boolean;
  lowClass: string;
}

/** After this long without a keystroke the user no longer "types" in the turn (the lock is released). */
const TYPING_IDLE_MS = 3000;

export class TurnController {
  private readonly element: HTMLElement;
  private readonly map: TurnMap;
  private readonly text: Y.Text;
  private readonly player: PlayerController;
  private readonly actions: TurnActions;
  private readonly origin: object;
  private options: TurnOptions;
  private words: RenderedWord[] = [];
  private projection: Turn | null = null;
  private playing = -1;
  private composing = false;
  private dirty = false;
  private caret: { anchor: Y.RelativePosition; head: Y.RelativePosition } | null = null;
  private typingTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly cleanups: (() => void)[] = [];

  constructor(element: HTMLElement, map: TurnMap, player: PlayerController, origin: object, actions: TurnActions, options: TurnOptions) {
    this.element = element;
    this.map = map;
    this.text = textOf(map);
    this.player = player;
    this.origin = origin;
    this.actions = actions;
    this.options = options;
    this.paint();
    this.map.observeDeep(this.onChange);
    this.cleanups.push(() => this.map.unobserveDeep(this.onChange));
    this.cleanups.push(player.subscribe(this.onTick));
    this.listen('beforeinput', this.onBeforeInput as EventListener);
    this.listen('keydown', this.onKeyDown as EventListener);
    this.listen('compositionstart', this.onCompositionStart);
    this.listen('compositionend', this.onCompositionEnd);
    this.listen('paste', this.onPaste as EventListener);
    this.listen('drop', (event) => event.preventDefault());
    this.listen('click', this.onClick as EventListener);
    this.listen('focus', () => this.actions.presence(this.turnId, false));
    this.listen('blur', () => {
      this.stopTyping();
      this.actions.presence(null, false);
    });
    // The caret is remembered as a Y.RelativePosition whenever it moves, so a remote change maps it.
    const onSelection = () => {
      if (element.ownerDocument.activeElement === element && !this.composing) this.rememberCaret();
    };
    element.ownerDocument.addEventListener('selectionchange', onSelection);
    this.cleanups.push(() => element.ownerDocument.removeEventListener('selectionchange', onSelection));
    this.onTick();
  }

  get turnId(): string {
    return this.map.get('id') as string;
  }

  private listen(type: string, handler: EventListener) {
    this.element.addEventListener(type, handler);
    this.cleanups.push(() => this.element.removeEventListener(type, handler));
  }

  destroy() {
    for (const cleanup of this.cleanups) cleanup();
    if (this.failed) this.actions.unsynced(this.turnId, false);
    if (this.typingTimer) clearTimeout(this.typingTimer);
  }

  update(options: TurnOptions) {
    const repaint = options.showConfidence !== this.options.showConfidence;
    this.options = options;
    if (repaint) this.repaintKeepingCaret();
  }

  /** The projection of the turn as painted (null when it failed). */
  get turn(): Turn | null {
    return this.projection;
  }

  private paint() {
    const text = this.text.toString();
    try {
      this.projection = readTurn(this.map);
      this.words = renderTurnText(this.element, text, this.projection.words, this.options.showConfidence, this.options.lowClass);
      this.setFailed(false);
    } catch {
      this.words = [];
      if (this.element.textContent !== text) this.element.textContent = text;
      this.setFailed(true);
    }
    this.playing = -1;
    this.onTick();
  }

  /** Told to the page only when it changes: a keystroke must not render anything but this turn. */
  private failed = false;
  private setFailed(failed: boolean) {
    if (failed === this.failed) return;
    this.failed = failed;
    this.actions.unsynced(this.turnId, failed);
  }

  private repaintKeepingCaret(caret?: { start: number; end: number }) {
    const focused = this.element.ownerDocument.activeElement === this.element;
    this.paint();
    if (!focused) return;
    if (caret) {
      setSelectionOffsets(this.element, caret.start, caret.end);
      this.rememberCaret();
      return;
    }
    if (!this.caret) return;
    const anchor = Y.createAbsolutePositionFromRelativePosition(this.caret.anchor, this.text.doc!);
    const head = Y.createAbsolutePositionFromRelativePosition(this.caret.head, this.text.doc!);
    if (anchor && head) setSelectionOffsets(this.element, anchor.index, head.index);
  }

  private rememberCaret = () => {
    const offsets = selectionOffsets(this.element);
    if (!offsets) return;
    this.caret = { anchor: Y.createRelativePositionFromTypeIndex(this.text, offsets.start), head: Y.createRelativePositionFromTypeIndex(this.text, offsets.end) };
  };

  /** A local edit already painted itself (with its caret); anything else repaints keeping the caret. */
  private pendingCaret: { start: number; end: number } | null = null;
  private onChange = (_events: Y.YEvent<Y.AbstractType<unknown>>[], transaction: Y.Transaction) => {
    if (this.composing) {
      this.dirty = true;
      return;
    }
    const caret = transaction.origin === this.origin ? (this.pendingCaret ?? undefined) : undefined;
    this.pendingCaret = null;
    this.repaintKeepingCaret(caret);
  };

  private onTick = () => {
    const index = this.words.length === 0 ? -1 : playingIndex(this.words, this.player.getSnapshot().time);
    if (index === this.playing) return;
    if (this.playing >= 0) this.words[this.playing]?.span.removeAttribute('data-playing');
    if (index >= 0) this.words[index]!.span.setAttribute('data-playing', 'true');
    this.playing = index;
  };

  private typed() {
    this.actions.presence(this.turnId, true);
    if (this.typingTimer) clearTimeout(this.typingTimer);
    this.typingTimer = setTimeout(() => this.stopTyping(), TYPING_IDLE_MS);
  }

  private stopTyping() {
    if (this.typingTimer) clearTimeout(this.typingTimer);
    this.typingTimer = null;
    if (this.element.ownerDocument.activeElement === this.element) this.actions.presence(this.turnId, false);
  }

  /** Applies a change of the text; the document's observer repaints with the caret at `caret`. */
  private apply(start: number, end: number, insert: string, pasted = false) {
    const current = this.text.toString();
    const next = current.slice(0, start) + insert + current.slice(end);
    if (next === current) return;
    const caret = start + insert.length;
    this.pendingCaret = { start: caret, end: caret };
    const ok = this.actions.setText(this.turnId, next, pasted && insert ? [[start, caret]] : []);
    if (!ok) {
      this.pendingCaret = null;
      return;
    }
    this.typed();
  }

  private onBeforeInput = (event: InputEvent) => {
    if (!this.options.editable) {
      event.preventDefault();
      return;
    }
    // Composition (IME, dead keys) cannot be cancelled: its result is read at compositionend.
    if (event.inputType === 'insertCompositionText' || event.isComposing) return;
    event.preventDefault();
    const range = targetOffsets(this.element, event);
    if (!range) return;
    const type = event.inputType;
    if (type === 'historyUndo') return this.actions.undo();
    if (type === 'historyRedo') return this.actions.redo();
    if (type === 'insertParagraph' || type === 'insertLineBreak') return this.actions.split(this.turnId, range.start);
    if (type === 'insertText' || type === 'insertReplacementText') {
      const data = event.data ?? event.dataTransfer?.getData('text/plain') ?? '';
      return this.apply(range.start, range.end, flatten(data));
    }
    if (type === 'insertFromPaste' || type === 'insertFromDrop' || type === 'insertFromYank') {
      return this.apply(range.start, range.end, flatten(event.dataTransfer?.getData('text/plain') ?? event.data ?? ''), true);
    }
    if (type.startsWith('delete')) {
      let { start, end } = range;
      if (start === end) {
        // No target range given: one character (a whole surrogate pair) before or after the caret.
        const text = this.text.toString();
        if (type.endsWith('Backward')) start = Math.max(0, start - (isLowSurrogate(text.charCodeAt(start - 1)) ? 2 : 1));
        else end = Math.min(text.length, end + (isHighSurrogate(text.charCodeAt(end)) ? 2 : 1));
      }
      return this.apply(start, end, '');
    }
    // Formatting and anything else would change the DOM but not the text: ignored.
  };

  private onPaste = (event: ClipboardEvent) => {
    event.preventDefault();
    if (!this.options.editable) return;
    const range = selectionOffsets(this.element);
    if (range) this.apply(range.start, range.end, flatten(event.clipboardData?.getData('text/plain') ?? ''), true);
  };

  private onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing || this.composing) return;
    const plain = !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
    const range = selectionOffsets(this.element);
    if (event.key === 'Enter' && event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const word = range ? this.wordAt(range.start) : null;
      if (word) this.seek(word.word.stime);
      return;
    }
    if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && plain) {
      const direction = event.key === 'ArrowUp' ? 'previous' : 'next';
      if (caretOnEdgeLine(this.element, direction === 'previous' ? 'first' : 'last')) {
        event.preventDefault();
        this.actions.focusNeighbour(this.turnId, direction);
      }
      return;
    }
    if (!this.options.editable || !range) return;
    if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      this.actions.split(this.turnId, range.start);
      return;
    }
    if (!plain || range.start !== range.end) return;
    if (event.key === 'Backspace' && range.start === 0) {
      event.preventDefault();
      this.actions.merge(this.turnId, 'previous');
    } else if (event.key === 'Delete' && range.end === this.text.length) {
      event.preventDefault();
      this.actions.merge(this.turnId, 'next');
    }
  };

  private onCompositionStart = () => {
    this.composing = true;
  };

  private onCompositionEnd = () => {
    this.composing = false;
    const typed = this.element.textContent ?? '';
    const caret = selectionOffsets(this.element) ?? { start: typed.length, end: typed.length };
    const current = this.text.toString();
    if (this.options.editable && typed !== current && !this.dirty) {
      this.pendingCaret = caret;
      if (this.actions.setText(this.turnId, flatten(typed), [])) {
        this.typed();
        return;
      }
      this.pendingCaret = null;
    }
    // Refused, or others changed the turn meanwhile: the document wins, the caret is kept.
    this.dirty = false;
    this.repaintKeepingCaret(caret);
  };

  private wordAt(offset: number): RenderedWord | null {
    return this.words.find((w) => offset >= w.start && offset <= w.end) ?? this.words.find((w) => w.start >= offset) ?? this.words.at(-1) ?? null;
  }

  private seek(seconds: number) {
    this.player.seek(seconds, true);
    this.actions.seeked();
  }

  private onClick = (event: MouseEvent) => {
    const span = (event.target as Element).closest?.('span[data-wid]');
    if (!span || !this.element.contains(span)) return;
    // Editing: a plain click places the caret, Alt+click listens. Read-only: any click listens.
    if (this.options.editable && !event.altKey) return;
    const word = this.words.find((w) => w.span === span);
    if (!word) return;
    event.preventDefault();
    this.seek(word.word.stime);
  };
}

/** A turn is one paragraph: line breaks and tabs become spaces. */
function flatten(text: string): string {
  return text.replace(/\r\n|[\r\n\t]/g, ' ');
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
