/**
 * What the editor reads of the media over HTTP: only the fields it shows (name, duration, the media
 * and its channels, the caller's right), never the transcript, which comes from the live document.
 * On a three-hour media that spares the browser megabytes of JSON before the editor can open.
 */
import { API, type ConversationDetail } from '@palabre/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { isMissing } from '../../api/client.ts';
import { conversationKeys } from '../conversations/api.ts';

export type EditorMedia = Pick<ConversationDetail, '_id' | 'name' | 'duration' | 'media' | 'right' | 'organizationId' | 'channels' | 'status'>;

const FIELDS = ['name', 'duration', 'media', 'right', 'organizationId', 'channels', 'status'].join(',');

export function useEditorMedia(conversationId: string | undefined) {
  return useQuery({
    queryKey: [...conversationKeys.detail(conversationId ?? ''), 'editor'],
    queryFn: async () => (await call(API.conversations.get, { params: { id: conversationId! }, query: { projection: FIELDS } })) as unknown as EditorMedia,
    enabled: Boolean(conversationId),
    retry: (count, error) => !isMissing(error) && count < 2,
  });
}
