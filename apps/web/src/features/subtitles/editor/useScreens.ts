/** The screens and the limits of a version's live document as React state, renewed on every change of either. */
import type { Screen, SubtitleSettings } from '@palabre/shared';
import { readScreens, readSettings, screenMetaOf, screensOf } from '@palabre/shared/subtitles';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import type * as Y from 'yjs';

export function useScreens(doc: Y.Doc): { screens: Screen[]; settings: SubtitleSettings } {
  const version = useRef(0);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const handler = () => {
        version.current += 1;
        onChange();
      };
      const screens = screensOf(doc);
      const meta = screenMetaOf(doc);
      screens.observeDeep(handler);
      meta.observe(handler);
      return () => {
        screens.unobserveDeep(handler);
        meta.unobserve(handler);
      };
    },
    [doc],
  );
  const current = useSyncExternalStore(subscribe, () => version.current);
  // `current` is the document's version: a new one means new screens.
  return useMemo(() => ({ screens: readScreens(doc), settings: readSettings(doc) }), [doc, current]);
}
