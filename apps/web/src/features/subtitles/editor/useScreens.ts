/** The screens and the limits of a version's live document as React state, renewed on every change of either. */
import type { Screen, SubtitleSettings } from '@palabre/shared';
import { readScreens, readSettings, screenMetaOf, screensOf } from '@palabre/shared/subtitles';
import { useCallback, useMemo } from 'react';
import type * as Y from 'yjs';
import { useDocVersion } from '../../editor/useDocVersion.ts';

export function useScreens(doc: Y.Doc): { screens: Screen[]; settings: SubtitleSettings } {
  const current = useDocVersion(
    useCallback(
      (onChange: () => void) => {
        const screens = screensOf(doc);
        const meta = screenMetaOf(doc);
        screens.observeDeep(onChange);
        meta.observe(onChange);
        return () => {
          screens.unobserveDeep(onChange);
          meta.unobserve(onChange);
        };
      },
      [doc],
    ),
  );
  // `current` is the document's version: a new one means new screens.
  return useMemo(() => ({ screens: readScreens(doc), settings: readSettings(doc) }), [doc, current]);
}
