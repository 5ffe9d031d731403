/**
 * The highlights drawn in the transcript, loaded after the editor opened and only when the
 * experimental flag is on: the media's list (following `highlights` notices), each mark resolved
 * against the live document and drawn again when the document changes (typing moves marks at once)
 * or the list renders other turns. It also remembers the selection for the "Highlight" action.
 */
import { useEffect, useRef } from 'react';
import { useEditorSession } from '../editor/session.ts';
import { resolveMark, turnTextIndex } from './anchor.ts';
import { useHighlightNotices, useHighlights } from './api.ts';
import { currentHighlight, subscribeCurrentHighlight } from './current.ts';
import { clearMarks, paintMarks } from './marks.ts';
import { rememberSelection } from './selection.ts';

export default function HighlightLayer() {
  const { doc, conversationId, organizationId } = useEditorSession();
  const highlights = useHighlights(conversationId);
  useHighlightNotices(conversationId, organizationId);
  const list = highlights.data;
  const frame = useRef(0);

  useEffect(rememberSelection, []);

  useEffect(() => {
    const paint = () => {
      frame.current = 0;
      const index = turnTextIndex(doc);
      paintMarks(
        (list ?? []).map((highlight) => ({ id: highlight._id, segments: resolveMark(doc, highlight.relative, index) ?? [] })),
        currentHighlight(),
      );
    };
    const schedule = () => {
      if (!frame.current) frame.current = requestAnimationFrame(paint);
    };
    schedule();
    doc.on('update', schedule);
    const stopCurrent = subscribeCurrentHighlight(schedule);
    // Turns rendered or repainted (scrolling the virtualised list, typing) get their marks again.
    const observer = new MutationObserver(schedule);
    const transcript = document.querySelector('[data-testid="transcript-editor"]');
    if (transcript) observer.observe(transcript, { childList: true, subtree: true, characterData: true });
    return () => {
      doc.off('update', schedule);
      stopCurrent();
      observer.disconnect();
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [doc, list]);

  useEffect(() => clearMarks, []);
  return null;
}
