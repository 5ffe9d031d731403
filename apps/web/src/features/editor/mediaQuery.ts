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
