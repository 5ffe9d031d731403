/**
 * A counter that moves shortly after the live document changes: panels recompute what they show
 * from it (typing sends an update per keystroke; a panel does not need to follow each one).
 * `bump` moves it at once, after a change the panel made itself.
 */
import { useCallback, useEffect, useState } from 'react';
import type * as Y from 'yjs';

export function useDocVersion(doc: Y.Doc, delay = 200): [version: number, bump: () => void] {
  const [version, setVersion] = useState(0);
  const bump = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onUpdate = () => {
      clearTimeout(timer);
      timer = setTimeout(bump, delay);
    };
    doc.on('update', onUpdate);
    return () => {
      clearTimeout(timer);
      doc.off('update', onUpdate);
    };
  }, [doc, delay, bump]);
  return [version, bump];
}
