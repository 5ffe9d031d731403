/**
 * A live document's change counter as React state: `observe` attaches a listener to the shared types
 * a hook reads (and answers how to detach it); the answer is renewed on every change they report,
 * the dependency of what the hook derives from them. `observe` must keep its identity between
 * renders while the types are the same (a useCallback on them).
 */
import { useCallback, useRef, useSyncExternalStore } from 'react';

export function useDocVersion(observe: (onChange: () => void) => () => void): number {
  const version = useRef(0);
  const subscribe = useCallback(
    (onChange: () => void) =>
      observe(() => {
        version.current += 1;
        onChange();
      }),
    [observe],
  );
  return useSyncExternalStore(subscribe, () => version.current);
}
