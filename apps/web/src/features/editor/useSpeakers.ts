/** The document's speakers (id → name), renewed when one is added, renamed or removed. */
import { speakersOf } from '@palabre/shared/collab';
import { useCallback, useMemo } from 'react';
import type * as Y from 'yjs';
import { useDocVersion } from './useDocVersion.ts';

export function useSpeakers(doc: Y.Doc): ReadonlyMap<string, string> {
  const speakers = speakersOf(doc);
  const current = useDocVersion(
    useCallback(
      (onChange: () => void) => {
        speakers.observe(onChange);
        return () => speakers.unobserve(onChange);
      },
      [speakers],
    ),
  );
  return useMemo(() => new Map([...speakers.entries()].sort((a, b) => a[1].localeCompare(b[1]))), [speakers, current]);
}
