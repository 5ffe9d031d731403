/**
 * A scrolling list that follows its newest content (the live captions): while the viewer is at the
 * end, new content scrolls into view; once they scroll up, following pauses and `away` offers a way
 * back to live.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** Within this many pixels of the end counts as at the end. */
const AT_END_PX = 48;

export function useFollowLive(container: RefObject<HTMLElement | null>, content: unknown) {
  const [away, setAway] = useState(false);
  const following = useRef(true);

  const toEnd = useCallback(() => {
    const element = container.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [container]);

  useLayoutEffect(() => {
    if (following.current) toEnd();
  }, [content, toEnd]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onScroll = () => {
      const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_PX;
      following.current = atEnd;
      setAway(!atEnd);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [container]);

  const backToLive = useCallback(() => {
    following.current = true;
    setAway(false);
    toEnd();
  }, [toEnd]);

  return { away, backToLive };
}
