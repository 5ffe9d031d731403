/**
 * What the editor reads of the media over HTTP: only the fields it shows (name, duration, the media
 * and its channels, the caller's right), never the transcript, which comes from the live document.
 * On a three-hour media that spares the browser megabytes of JSON before the editor can open.
 * A change of those fields made elsewhere (the media renamed from its overview) is followed live.
 */
import { conversationUpdateEvent, type ConversationUpdate } from '@palabre/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useOrganizationNotices } from '../realtime/organizationNotices.ts';
import { editorMediaKey, editorMediaQuery, type EditorMedia } from './mediaQuery.ts';

export type { EditorMedia };

export function useEditorMedia(conversationId: string | undefined) {
  return useQuery({ ...editorMediaQuery(conversationId ?? ''), enabled: Boolean(conversationId) });
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
