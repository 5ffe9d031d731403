/**
 * The wiring a virtualised editor list (transcript turns, subtitle screens) needs around its
 * virtualiser: the list's offset in the page (its scroll margin, kept as the layout above it
 * changes), and focusing an item's text field that may not be rendered yet.
 */
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** The list's top in the page, measured again whenever its container resizes. */
export function useScrollMargin(listRef: RefObject<HTMLElement | null>): number {
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => setScrollMargin((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    if (listRef.current?.parentElement) observer.observe(listRef.current.parentElement);
    return () => observer.disconnect();
  }, [listRef]);
  return scrollMargin;
}

export interface PendingFocusOptions<E extends HTMLElement> {
  /** The selector of an item's text field, from the item's id. */
  selector(id: string): string;
  /** Places the caret at `offset` (the end when undefined) in the focused field. */
  placeCaret(element: E, offset: number | undefined): void;
  /** Animation frames to wait for the item to be rendered before giving up. */
  maxTries: number;
}

/**
 * Answers `focusWhenRendered(id, offset)`: on the next animation frames, until the item is rendered
 * (the caller scrolls it into range), focuses its text field, places the caret and brings it into view.
 * `options` must not change between renders (a module constant).
 */
export function usePendingFocus<E extends HTMLElement>(listRef: RefObject<HTMLElement | null>, options: PendingFocusOptions<E>): (id: string, offset?: number) => void {
  const pending = useRef<{ id: string; offset?: number; tries: number } | null>(null);
  const tryFocus = useCallback(() => {
    const request = pending.current;
    if (!request) return;
    const element = listRef.current?.querySelector<E>(options.selector(request.id));
    if (element) {
      pending.current = null;
      element.focus({ preventScroll: true });
      options.placeCaret(element, request.offset);
      element.scrollIntoView({ block: 'nearest' });
      return;
    }
    request.tries += 1;
    if (request.tries < options.maxTries) requestAnimationFrame(tryFocus);
    else pending.current = null;
  }, [listRef, options]);
  return useCallback(
    (id: string, offset?: number) => {
      pending.current = { id, offset, tries: 0 };
      requestAnimationFrame(tryFocus);
    },
    [tryFocus],
  );
}
