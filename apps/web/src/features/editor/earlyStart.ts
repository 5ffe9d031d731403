/**
 * Run by the entry script (main.tsx) before the application's code is loaded: on the editor's route,
 * with a session, it starts joining the transcript's live document (earlyDocument.ts), so that the
 * socket's handshake, the join and the document's state travel while the application loads and its
 * route checks run. Nothing is decided here: the server checks the caller's right on join before it
 * sends any of the document, and a client no page takes is closed. Its imports stay small (no
 * endpoint table, no React): they are loaded before anything else.
 */
import { isAuthenticated } from '../../api/cookies.ts';
import { mediaPageOf } from '../../routes/paths.ts';

/** The media whose editor `pathname` is (paths.conversationTranscription), or null. */
export function editorMediaOf(pathname: string): string | null {
  const media = mediaPageOf(pathname);
  return media?.page === 'transcription' ? media.conversationId : null;
}

/**
 * Starts joining the editor's document when `pathname` is the editor's; resolves once the document
 * holds the server's state or its join failed, or after `patienceMs` (at once elsewhere).
 */
export function joinEditorEarly(pathname: string, patienceMs: number): Promise<void> {
  const conversationId = editorMediaOf(pathname);
  if (!conversationId || !isAuthenticated()) return Promise.resolve();
  const joined = import('./earlyDocument.ts').then((document) => {
    document.openEarly({ conversationId });
    return document.earlySettled();
  });
  return Promise.race([joined.catch(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, patienceMs))]);
}
