/** The document's speakers (id → name), renewed when one is added, renamed or removed. */
import { speakersOf } from '@palabre/shared/collab';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import type * as Y from 'yjs';

export function useSpeakers(doc: Y.Doc): ReadonlyMap<string, string> {
  const speakers = speakersOf(doc);
  const version = useRef(0);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const handler = () => {
        version.current += 1;
        onChange();
      };
      speakers.observe(handler);
      return () => speakers.unobserve(handler);
    },
    [speakers],
  );
  const current = useSyncExternalStore(subscribe, () => version.current);
  return useMemo(() => new Map([...speakers.entries()].sort((a, b) => a[1].localeCompare(b[1]))), [speakers, current]);
}
