/**
 * What every part of the transcript editor shares: the live document, the caller's access, the local
 * undo manager, and the player. The page (TranscriptionPage) creates it; panels and turns read it
 * through `useEditorSession()`.
 */
import { createContext, useContext } from 'react';
import type * as Y from 'yjs';
import type { DocAccess, DocPeer } from '@palabre/shared';
import type { PlayerController } from '../player/player.ts';

/** connected: in sync with the server; reconnecting: lost it, retrying; offline: the browser is offline. */
export type SyncState = 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface EditorSession {
  conversationId: string;
  organizationId: string;
  /** The caller's rights on the media (RIGHT bits), as the media said when the page opened. */
  right: number;
  doc: Y.Doc;
  /** 'read': nothing may change the document (the server refuses it too). */
  access: DocAccess;
  /** The origin of every local change: Y.UndoManager tracks only this one, so undo never touches others' edits. */
  origin: object;
  undo: Y.UndoManager;
  player: PlayerController;
  /** Moves the caret to a turn (and a UTF-16 offset of its text) and scrolls it into view. */
  focusTurn(turnId: string, offset?: number): void;
  /** Scrolls a turn into view without moving the caret. */
  revealTurn(turnId: string): void;
  /**
   * Speakers this user added on this page and has not given a turn yet: listed until they have one
   * (or the page is left), since a speaker without turns is otherwise not listed (listedSpeakers).
   */
  addedSpeakers: Set<string>;
  /** Low-confidence words are marked (a user toggle). */
  showConfidence: boolean;
  setShowConfidence(show: boolean): void;
  /** The others in the document, for the lock and the avatars. */
  peers: DocPeer[];
  sync: SyncState;
}

export const EditorSessionContext = createContext<EditorSession | null>(null);

export function useEditorSession(): EditorSession {
  const session = useContext(EditorSessionContext);
  if (!session) throw new Error('useEditorSession outside the transcript editor');
  return session;
}
