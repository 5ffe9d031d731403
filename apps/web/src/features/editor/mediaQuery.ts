/**
 * The editor's fields of the media (not its transcript, which the live document carries), as one
 * query: the route's loader (preload.ts) asks for them before the page's code is loaded, and the page
 * (api.ts) finds them.
 */
import { API, type ConversationDetail } from '@palabre/shared';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { isMissing } from '../../api/client.ts';
import { EDITOR_MEDIA_QUERY } from '../../routes/firstScreen.ts';
import { rightFrom } from '../conversations/access.ts';
import { conversationKeys } from '../conversations/api.ts';

export type EditorMedia = Pick<ConversationDetail, '_id' | 'name' | 'duration' | 'media' | 'right' | 'organizationId' | 'channels' | 'status'>;

export const editorMediaKey = (conversationId: string) => [...conversationKeys.detail(conversationId), 'editor'] as const;

export const editorMediaQuery = (conversationId: string) => ({
  queryKey: editorMediaKey(conversationId),
  queryFn: async () => (await call(API.conversations.get, { params: { id: conversationId }, query: EDITOR_MEDIA_QUERY })) as unknown as EditorMedia,
  retry: (count: number, error: Error) => !isMissing(error) && count < 2,
  // The page takes what the route prefetched (preload.ts) without asking again while the document
  // joins; a change made elsewhere still refetches at once (useEditorMediaUpdates), and so does the
  // join of the organization's room (a change made before it).
  staleTime: 30_000,
});

/** Fetches the fields before the page mounts (preload.ts); the page's query then finds them. */
export function prefetchEditorMedia(client: QueryClient, conversationId: string): Promise<void> {
  return client.prefetchQuery(editorMediaQuery(conversationId));
}

/**
 * The caller's right on the media, for the navigation guard on the editor's page: read from the
 * editor's fields, which hold it, so that one request answers both and the page then finds them.
 */
export function loadEditorRight(client: QueryClient, conversationId: string): Promise<number | null> {
  // Asked afresh, like any right the guard checks, and decided at the first failure: the page's own
  // query tries again.
  return rightFrom(() => client.fetchQuery({ ...editorMediaQuery(conversationId), staleTime: 0, retry: false }));
}
