/**
 * A live document for the page (the media's transcript, or with `subtitleId` one of its subtitle
 * versions): one Y.Doc and one CollabClient per mounted editor, and the client's status (sync state,
 * access, peers, problem) as React state. The transcript's may have been opened by the route (earlyDocument.ts).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import type * as Y from 'yjs';
import type { CollabClient, CollabStatus } from './collabClient.ts';
import { acquireClient, releaseClient } from './earlyDocument.ts';

export interface CollabDocument {
  doc: Y.Doc;
  client: CollabClient;
  status: CollabStatus;
}

export function useCollabDocument(conversationId: string, subtitleId?: string): CollabDocument | null {
  const [client, setClient] = useState<CollabClient | null>(null);
  useEffect(() => {
    // The route may have started joining it already (preload.ts).
    const ref = { conversationId, subtitleId };
    const created = acquireClient(ref);
    setClient(created);
    return () => releaseClient(ref, created);
  }, [conversationId, subtitleId]);
  const status = useSyncExternalStore(client?.subscribe ?? noSubscribe, client?.getStatus ?? noStatus);
  if (!client || !status) return null;
  return { doc: client.doc, client, status };
}

const noSubscribe = () => () => undefined;
const noStatus = () => null;
