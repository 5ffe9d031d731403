/**
 * The transcript follows playback: when the playing turn changes, it is scrolled into view, unless the
 * user has taken the view (scrolled away, or is typing somewhere). Then following pauses and the page
 * offers "Back to playback" while the playing turn is out of view; choosing it, or listening from a
 * word, follows again. Ticks are read from the player directly: nothing re-renders on a tick unless
 * the button appears or disappears.
 */
import { turnsOf, type TurnMap } from '@palabre/shared/collab';
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

export function useFollowPlayback(doc: Y.Doc, player: PlayerController, virtualizer: Virtualizer<Window, Element>, listRef: RefObject<HTMLDivElement | null>) {
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
      const element = listRef.current?.querySelector(`[data-turn-index="${index}"]`);
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight;
    },
    [listRef],
  );

  useEffect(() => {
    const turns = turnsOf(doc);
    // Only turns added, removed or moved, or their times changed, make the index stale (not typing).
    const markStale = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
      if (events.some((event) => event.target === turns || (event instanceof Y.YMapEvent && (event.keysChanged.has('stime') || event.keysChanged.has('etime')))))
        state.current.stale = true;
    };
    turns.observeDeep(markStale);
    const onTick = () => {
      const s = state.current;
      const snapshot = player.getSnapshot();
      if (s.stale) {
        const maps = turns.toArray();
        s.starts = maps.map((m: TurnMap) => m.get('stime') as number);
        s.ends = maps.map((m: TurnMap) => m.get('etime') as number);
        s.stale = false;
      }
      const index = turnAt(s.starts, s.ends, snapshot.time);
      if (index === s.current) return;
      s.current = index;
      if (index < 0) return;
      // The user works somewhere in the text: the view stays theirs.
      const typing = Boolean(document.activeElement?.closest('[data-turn-text]'));
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
      turns.unobserveDeep(markStale);
      window.removeEventListener('scroll', onScroll);
    };
  }, [doc, player, scrollTo, visible]);

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
