/**
 * What the editor's own parts (list, turns, toolbar) share beyond the public EditorSession: the turn
 * actions built on the document operations, presence, and the turns flagged as not well synchronised.
 */
import { createContext, useContext } from 'react';
import type { CollabClient } from './collabClient.ts';
import type { TurnActions } from './turnController.ts';

export interface EditorRuntime {
  client: CollabClient;
  actions: TurnActions;
  /** Whether the document may be changed here now (write access, no failure, not locked is per turn). */
  writable: boolean;
  /** Playback follows again after the user chose a word. */
  onSeeked(): void;
}

export const EditorRuntimeContext = createContext<EditorRuntime | null>(null);

export function useEditorRuntime(): EditorRuntime {
  const runtime = useContext(EditorRuntimeContext);
  if (!runtime) throw new Error('useEditorRuntime outside the transcript editor');
  return runtime;
}
