/**
 * What `palabre bench editor` runs inside the page (passed to Playwright as functions, serialised
 * into the page: they may use nothing from this module's scope). Every time is taken in the page,
 * with performance.now(); "painted" is the first moment after the next frame's rendering (a message
 * posted from a requestAnimationFrame callback is handled after that frame is painted).
 *
 * The editor's hooks: the root `[data-editor-ready="true"]` once synced and painted, turns
 * `[data-turn-id]`, editable text `[data-turn-text][contenteditable="true"]`, words `span[data-wid]`.
 */

/** State the probes keep on `window.__editorBench`. */
export interface ProbeState {
  /** Both hooks present (ms since navigation start), and the end of the frame that painted them. */
  ready: number | null;
  painted: number | null;
  /** The turn the typing probe watches (probes installed for another turn stand aside). */
  typingTurn: string | null;
  /**
   * Keystrokes of the typing probe (ms, page clock): keydown, the character in the DOM, the end of
   * the frame that painted it, the end of the first frame after the keydown; the text length it makes.
   */
  keys: Array<{ down: number; dom: number | null; painted: number | null; firstFrame: number | null; expected: number }>;
  /** Remote probe: when the watched turn reached each length, in the DOM and painted (absolute: timeOrigin + page clock). */
  lengths: Record<number, { dom: number; painted: number | null }>;
}

// The page's globals these functions use, typed here because the server's type check has no DOM library.
interface PageNode {
  nodeType: number;
  parentElement: PageElement | null;
}
interface PageElement extends PageNode {
  textContent: string | null;
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement> & { length: number };
  getAttribute(name: string): string | null;
  closest(selector: string): PageElement | null;
  getBoundingClientRect(): { top: number };
}
interface MediaElement {
  currentTime: number;
  paused: boolean;
  play(): Promise<void>;
}
interface KeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  timeStamp: number;
}
declare const document: {
  body: PageElement;
  documentElement: PageElement;
  scrollingElement: PageElement | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement> & { length: number };
  getElementsByTagName(name: string): { length: number };
  addEventListener(type: 'keydown', listener: (event: KeyEvent) => void, capture: boolean): void;
  getSelection(): { anchorNode: PageNode | null } | null;
};
declare const window: { innerHeight: number; __editorBench: ProbeState };
declare const CSS: { escape(value: string): string };
declare function requestAnimationFrame(callback: () => void): number;
declare function getComputedStyle(element: PageElement): { overflowY: string };
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: unknown, options: Record<string, unknown>): void;
  disconnect(): void;
}
declare class MessageChannel {
  port1: { onmessage: (() => void) | null };
  port2: { postMessage(message: unknown): void };
}

/** Installed before the page's own scripts: records when the editor becomes interactive. */
export function installReadyProbe(): void {
  const state: ProbeState = { ready: null, painted: null, typingTurn: null, keys: [], lengths: {} };
  window.__editorBench = state;
  const check = () => {
    if (state.ready !== null) return;
    if (document.querySelector('[data-editor-ready="true"]') && document.querySelector('[data-turn-text][contenteditable="true"]')) {
      state.ready = performance.now();
      observer.disconnect();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => (state.painted = performance.now());
        channel.port2.postMessage(null);
      });
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-editor-ready', 'contenteditable'] });
}

export function readyState(): ProbeState | null {
  return window.__editorBench ?? null;
}

export function isPainted(): boolean {
  return window.__editorBench?.painted != null;
}

/** What the DOM holds once ready (the list virtualisation bounds it), and when the page's own scripts had run (DOMContentLoaded). */
export function domCounts(): { turns: number; words: number; elements: number; scriptsLoaded: number } {
  const entries = (performance as unknown as { getEntriesByType(type: string): Array<{ domContentLoadedEventEnd: number }> }).getEntriesByType('navigation');
  const navigation = entries[0];
  return {
    scriptsLoaded: navigation?.domContentLoadedEventEnd ?? NaN,
    turns: document.querySelectorAll('[data-turn-id]').length,
    words: document.querySelectorAll('span[data-wid]').length,
    elements: document.getElementsByTagName('*').length,
  };
}

/** Scrolls the transcript's scrolling ancestor (or the page) to `wanted`, by default the middle; answers the position. */
export function scrollTranscript(wanted: number | null): number {
  const first = document.querySelector('[data-turn-id]');
  let element = first?.parentElement ?? null;
  while (element && !(element.scrollHeight > element.clientHeight + 10 && /(auto|scroll)/.test(getComputedStyle(element).overflowY))) element = element.parentElement;
  const scroller = element ?? document.scrollingElement ?? document.documentElement;
  scroller.scrollTop = wanted ?? Math.max(0, scroller.scrollHeight / 2 - scroller.clientHeight / 2);
  return scroller.scrollTop;
}

/** Editable turns with a few words, nearest the middle of the view first. */
export function turnsNearMiddle(): string[] {
  const middle = window.innerHeight / 2;
  return [...document.querySelectorAll('[data-turn-id]')]
    .filter((turn) => turn.querySelector('[data-turn-text][contenteditable="true"]') && turn.querySelectorAll('span[data-wid]').length >= 3)
    .map((turn) => ({ id: turn.getAttribute('data-turn-id')!, distance: Math.abs(turn.getBoundingClientRect().top - middle) }))
    .sort((a, b) => a.distance - b.distance)
    .map((t) => t.id);
}

/** Whether the caret is in the text of that turn. */
export function caretIsIn(turnId: string): boolean {
  const node = document.getSelection()?.anchorNode ?? null;
  const element = node && node.nodeType === 1 ? (node as PageElement) : (node?.parentElement ?? null);
  return element?.closest('[data-turn-id]')?.getAttribute('data-turn-id') === turnId && !!element.closest('[data-turn-text]');
}

/**
 * Starts the page's player (its media element) at the turn's middle word, as Alt+click on it would,
 * so that the playing word stays near where the typing happens; answers where it starts, or null
 * when the page has no player.
 */
export async function startPlayer(turnId: string): Promise<number | null> {
  const media = document.querySelector('audio, video') as unknown as MediaElement | null;
  if (!media) return null;
  const words = [...document.querySelectorAll(`[data-turn-id="${CSS.escape(turnId)}"] span[data-stime]`)];
  const word = words[Math.floor(words.length / 2)];
  if (word) media.currentTime = Number(word.getAttribute('data-stime'));
  await media.play();
  return media.currentTime;
}

export function playerState(): { time: number; paused: boolean } | null {
  const media = document.querySelector('audio, video') as unknown as MediaElement | null;
  return media ? { time: media.currentTime, paused: media.paused } : null;
}

/**
 * Typing probe: every printable keydown expects the turn's text to grow by one character; the
 * MutationObserver on the editor notes when it has (DOM), then when that frame is painted. Each
 * keydown also notes when the first frame after it was painted: the character made it into that
 * frame when it was in the DOM by then.
 */
export function installTypingProbe(turnId: string): void {
  const state = window.__editorBench;
  state.keys = [];
  state.typingTurn = turnId;
  const afterNextFrame = (done: (time: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(null);
    });
  const text = (): string | null => {
    const element = document.querySelector(`[data-turn-id="${CSS.escape(turnId)}"]`)?.querySelector('[data-turn-text]') ?? null;
    return element ? (element.textContent ?? '') : null;
  };
  document.addEventListener(
    'keydown',
    (event) => {
      if (state.typingTurn !== turnId || event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
      const length = text()?.length ?? 0;
      const last = state.keys[state.keys.length - 1];
      // Keystrokes typed before the previous one reached the DOM each add one more character.
      const expected = Math.max(length, last && last.dom === null ? last.expected : 0) + 1;
      const key = { down: event.timeStamp, dom: null, painted: null, firstFrame: null as number | null, expected };
      state.keys.push(key);
      afterNextFrame((time) => (key.firstFrame = time));
    },
    true,
  );
  new MutationObserver(() => {
    if (state.typingTurn !== turnId) return;
    const length = text()?.length;
    if (length === undefined) return;
    const now = performance.now();
    for (const key of state.keys) {
      if (key.dom !== null || length < key.expected) continue;
      key.dom = now;
      afterNextFrame((time) => (key.painted = time));
    }
  }).observe(document.querySelector('[data-editor-ready]') ?? document.body, { subtree: true, childList: true, characterData: true });
}

export function allKeysPainted(): boolean {
  return window.__editorBench.keys.every((k) => k.painted !== null);
}

/** The text length keystroke `n` makes, once it is in the DOM (false before). */
export function keyInDom(n: number): number | false {
  const key = window.__editorBench.keys[n];
  return key && key.dom !== null ? key.expected : false;
}

export function lengthPainted(length: number): boolean {
  return window.__editorBench.lengths[length]?.painted != null;
}

/** Remote probe (in the watching page): when the turn's text reached each length (absolute times, comparable across pages of one browser). */
export function installRemoteProbe(turnId: string): void {
  const state = window.__editorBench;
  state.lengths = {};
  const text = (): string | null => {
    const element = document.querySelector(`[data-turn-id="${CSS.escape(turnId)}"]`)?.querySelector('[data-turn-text]') ?? null;
    return element ? (element.textContent ?? '') : null;
  };
  let known = text()?.length ?? 0;
  new MutationObserver(() => {
    const length = text()?.length;
    if (length === undefined || length <= known) return;
    const dom = performance.timeOrigin + performance.now();
    const reached: Array<{ dom: number; painted: number | null }> = [];
    for (let l = known + 1; l <= length; l++) reached.push((state.lengths[l] = { dom, painted: null }));
    known = length;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const painted = performance.timeOrigin + performance.now();
        for (const r of reached) r.painted = painted;
      };
      channel.port2.postMessage(null);
    });
  }).observe(document.querySelector('[data-editor-ready]') ?? document.body, { subtree: true, childList: true, characterData: true });
}
