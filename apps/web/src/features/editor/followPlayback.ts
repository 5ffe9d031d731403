/**
 * A list of timed items (the transcript's turns, a subtitle version's screens) follows playback: when the playing item changes, it is scrolled into view, unless the
 * user has taken the view (scrolled away, or is typing somewhere). Then following pauses and the page
 * offers "Back to playback" while the playing turn is out of view; choosing it, or listening from a
 * word, follows again. Ticks are read from the player directly: nothing re-renders on a tick unless
 * the button appears or disappears.
 */
import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import * as Y from 'yjs';
import type { PlayerController } from '../player/player.ts';

/** Index of the last turn starting at or before `time` whose end reaches it, or -1. */
export function turnAt(starts: readonly number[], ends: readonly number[], time: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (starts[mid]! <= time) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found >= 0 && ends[found]! >= time ? found : -1;
}

/** A scroll that happens this soon after one we asked for is ours, not the user's. */
const OWN_SCROLL_MS = 400;

/** What is followed: the items' Y.Array, the keys of their start and end times, the attribute holding an item's index in the list, and where typing happens. */
export interface FollowedList {
  items: Y.Array<Y.Map<unknown>>;
  startKey: string;
  endKey: string;
  indexAttribute: string;
  textSelector: string;
}

export function useFollowPlayback(list: FollowedList, player: PlayerController, virtualizer: Virtualizer<Window, Element>, listRef: RefObject<HTMLDivElement | null>) {
  const { items, startKey, endKey, indexAttribute, textSelector } = list;
  const [away, setAway] = useState(false);
  const state = useRef({ following: true, current: -1, ownScrollUntil: 0, starts: [] as number[], ends: [] as number[], stale: true });

  const scrollTo = useCallback(
    (index: number) => {
      state.current.ownScrollUntil = Date.now() + OWN_SCROLL_MS;
      virtualizer.scrollToIndex(index, { align: 'center' });
    },
    [virtualizer],
  );

  const visible = useCallback(
    (index: number) => {
      const element = listRef.current?.querySelector(`[${indexAttribute}="${index}"]`);
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    },
    [listRef, indexAttribute],
  );

  useEffect(() => {
    // Only items added, removed or moved, or their times changed, make the index stale (not typing).
    const markStale = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
      if (events.some((event) => event.target === items || (event instanceof Y.YMapEvent && (event.keysChanged.has(startKey) || event.keysChanged.has(endKey)))))
        state.current.stale = true;
    };
    items.observeDeep(markStale);
    const onTick = () => {
      const s = state.current;
      const snapshot = player.getSnapshot();
      if (s.stale) {
        const maps = items.toArray();
        s.starts = maps.map((m) => m.get(startKey) as number);
        s.ends = maps.map((m) => m.get(endKey) as number);
        s.stale = false;
      }
      const index = turnAt(s.starts, s.ends, snapshot.time);
      if (index === s.current) return;
      s.current = index;
      if (index < 0) return;
      // The user works somewhere in the text: the view stays theirs.
      const typing = Boolean(document.activeElement?.closest(textSelector));
      if (s.following && !typing) {
        if (!visible(index)) scrollTo(index);
      } else setAway(!visible(index));
    };
    const onScroll = () => {
      const s = state.current;
      if (Date.now() < s.ownScrollUntil || !player.getSnapshot().playing) return;
      if (s.current >= 0 && !visible(s.current)) {
        s.following = false;
        setAway(true);
      } else if (s.current >= 0) setAway(false);
    };
    const unsubscribe = player.subscribe(onTick);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      unsubscribe();
      items.unobserveDeep(markStale);
      window.removeEventListener('scroll', onScroll);
    };
  }, [items, startKey, endKey, textSelector, player, scrollTo, visible]);

  const backToPlayback = useCallback(() => {
    state.current.following = true;
    setAway(false);
    if (state.current.current >= 0) scrollTo(state.current.current);
  }, [scrollTo]);

  /** Listening from a word of the transcript: the view is where playback is, so follow again. */
  const resume = useCallback(() => {
    state.current.following = true;
    setAway(false);
  }, []);

  return { away, backToPlayback, resume };
}
