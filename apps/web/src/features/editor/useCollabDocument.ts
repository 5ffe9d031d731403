/**
 * A live document for the page (the media's transcript, or with `subtitleId` one of its subtitle
 * versions): one Y.Doc and one CollabClient per mounted editor, and the client's status (sync state,
 * access, peers, problem) as React state.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import * as Y from 'yjs';
import { CollabClient, type CollabStatus } from './collabClient.ts';

export interface CollabDocument {
  doc: Y.Doc;
  client: CollabClient;
  status: CollabStatus;
}

export function useCollabDocument(conversationId: string, subtitleId?: string): CollabDocument | null {
  const [client, setClient] = useState<CollabClient | null>(null);
  useEffect(() => {
    const created = new CollabClient({ conversationId, subtitleId }, new Y.Doc());
    setClient(created);
    return () => {
      created.close();
      created.doc.destroy();
    };
  }, [conversationId, subtitleId]);
  const status = useSyncExternalStore(client?.subscribe ?? noSubscribe, client?.getStatus ?? noStatus);
  if (!client || !status) return null;
  return { doc: client.doc, client, status };
}

const noSubscribe = () => () => undefined;
const noStatus = () => null;
