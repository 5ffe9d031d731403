/**
 * What the editor reads of the media over HTTP: only the fields it shows (name, duration, the media
 * and its channels, the caller's right), never the transcript, which comes from the live document.
 * On a three-hour media that spares the browser megabytes of JSON before the editor can open.
 * A change of those fields made elsewhere (the media renamed from its overview) is followed live.
 */
import { API, conversationUpdateEvent, type ConversationDetail, type ConversationUpdate } from '@palabre/shared';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { isMissing } from '../../api/client.ts';
import { conversationKeys } from '../conversations/api.ts';
import { useOrganizationNotices } from '../realtime/organizationNotices.ts';

export type EditorMedia = Pick<ConversationDetail, '_id' | 'name' | 'duration' | 'media' | 'right' | 'organizationId' | 'channels' | 'status'>;

const FIELDS = ['name', 'duration', 'media', 'right', 'organizationId', 'channels', 'status'].join(',');

const editorMediaKey = (conversationId: string) => [...conversationKeys.detail(conversationId), 'editor'] as const;

const editorMediaQuery = (conversationId: string) => ({
  queryKey: editorMediaKey(conversationId),
  queryFn: async () => (await call(API.conversations.get, { params: { id: conversationId }, query: { projection: FIELDS } })) as unknown as EditorMedia,
  retry: (count: number, error: Error) => !isMissing(error) && count < 2,
  // The page takes what the route prefetched (preload.ts) without asking again while the document
  // joins; a change made elsewhere still refetches at once (useEditorMediaUpdates), and so does the
  // join of the organization's room (a change made before it).
  staleTime: 30_000,
});

export function useEditorMedia(conversationId: string | undefined) {
  return useQuery({ ...editorMediaQuery(conversationId ?? ''), enabled: Boolean(conversationId) });
}

/** Fetches the fields before the page mounts (preload.ts); the page's query then finds them. */
export function prefetchEditorMedia(client: QueryClient, conversationId: string): Promise<void> {
  return client.prefetchQuery(editorMediaQuery(conversationId));
}

/**
 * Refetches the editor's fields when the media's notices say it was updated (renamed, described):
 * only that, not on processing ticks, which the live document already carries.
 */
export function useEditorMediaUpdates(media: Pick<EditorMedia, '_id' | 'organizationId'> | undefined): void {
  const client = useQueryClient();
  const refresh = () => {
    if (media) void client.invalidateQueries({ queryKey: editorMediaKey(media._id) });
  };
  useOrganizationNotices<ConversationUpdate>(
    media?.organizationId,
    conversationUpdateEvent,
    (update) => {
      if (media && update.conversationId === media._id && update.kind === 'updated') refresh();
    },
    // Once in the room: a rename made before the join (after the first fetch) shows too.
    refresh,
  );
}
