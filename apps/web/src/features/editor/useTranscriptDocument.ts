/**
 * The live transcript document of a media for the page: one Y.Doc and one CollabClient per mounted
 * editor, and the client's status (sync state, access, peers, problem) as React state.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import * as Y from 'yjs';
import { CollabClient, type CollabStatus } from './collabClient.ts';

export interface TranscriptDocument {
  doc: Y.Doc;
  client: CollabClient;
  status: CollabStatus;
}

export function useTranscriptDocument(conversationId: string): TranscriptDocument | null {
  const [client, setClient] = useState<CollabClient | null>(null);
  useEffect(() => {
    const created = new CollabClient(conversationId, new Y.Doc());
    setClient(created);
    return () => {
      created.close();
      created.doc.destroy();
    };
  }, [conversationId]);
  const status = useSyncExternalStore(client?.subscribe ?? noSubscribe, client?.getStatus ?? noStatus);
  if (!client || !status) return null;
  return { doc: client.doc, client, status };
}

const noSubscribe = () => () => undefined;
const noStatus = () => null;
