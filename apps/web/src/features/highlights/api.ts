/**
 * A media's highlights (`API.highlights.*`, behind the experimental flag): the list in transcript
 * order, creating, changing and removing one; the list follows the media's `highlights` notices.
 */
import { API, conversationUpdateEvent, type ConversationUpdate, type Highlight } from '@palabre/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { conversationKeys } from '../conversations/api.ts';
import { useOrganizationNotices } from '../realtime/organizationNotices.ts';
import type { HighlightAnchor } from './anchor.ts';

export const highlightKeys = {
  list: (conversationId: string) => [...conversationKeys.detail(conversationId), 'highlights'] as const,
};

/** What the form edits: a tag of the organization (or none), metadata and a comment. */
export interface HighlightFields {
  tagId: string | null;
  metadata: Record<string, string>;
  comment: string;
}

export function useHighlights(conversationId: string) {
  return useQuery({
    queryKey: highlightKeys.list(conversationId),
    queryFn: async ({ signal }) => (await call(API.highlights.list, { params: { id: conversationId }, signal })).highlights,
  });
}

/** Refetches the list when someone changes the media's highlights (and once in the room: changes made before). */
export function useHighlightNotices(conversationId: string, organizationId: string) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: highlightKeys.list(conversationId) });
  useOrganizationNotices<ConversationUpdate>(
    organizationId,
    conversationUpdateEvent,
    (update) => {
      if (update.conversationId === conversationId && update.kind === 'highlights') refresh();
    },
    // Once in the room: changes made before the join.
    refresh,
  );
}

export function useHighlightMutations(conversationId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: highlightKeys.list(conversationId) });
  return {
    create: useMutation({
      mutationFn: ({ anchor, ...fields }: HighlightFields & { anchor: HighlightAnchor }) =>
        call(API.highlights.create, { params: { id: conversationId }, body: { anchor, ...fields } }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ highlightId, ...fields }: HighlightFields & { highlightId: string }) =>
        call(API.highlights.update, { params: { id: conversationId, highlightId }, body: fields }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (highlight: Highlight) => call(API.highlights.remove, { params: { id: conversationId, highlightId: highlight._id } }),
      onSuccess: refresh,
    }),
  };
}
