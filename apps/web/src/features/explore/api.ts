/**
 * The media library list of spec §2 (/interface/explore): GET /organizations/{id}/conversations with
 * page, size (spec §9: 10), sort (last_update desc by default) and text search; and the bulk delete
 * DELETE /organizations/{id}/conversations?conversationsId=a,b (all or none, spec §5).
 */
import { type Conversation } from '@palabre/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { conversationKeys } from '../conversations/api.ts';

export type SortField = 'last_update' | 'created' | 'name';
export type SortCriteria = -1 | 1;

/** A list item: the media, the caller's right and, when searching, where the text matched. */
export type ConversationListItem = Conversation & {
  /** An HTML snippet whose only markup is <mark>…</mark> (escaped server-side). */
  highlight?: string | null;
  /** Seconds into the media when the match is in the transcript, else null. */
  matchTime?: number | null;
};

export interface ConversationPage {
  count: number;
  list: ConversationListItem[];
}

export interface ListParams {
  page: number;
  size: number;
  sortField: SortField;
  sortCriteria: SortCriteria;
  text: string;
}

export const exploreKeys = {
  lists: [...conversationKeys.all, 'list'] as const,
  list: (organizationId: string, params: ListParams) => [...conversationKeys.all, 'list', organizationId, params] as const,
};

export function useConversationList(organizationId: string | null | undefined, params: ListParams) {
  return useQuery({
    queryKey: exploreKeys.list(organizationId ?? '', params),
    queryFn: ({ signal }) =>
      api.get<ConversationPage>(
        `/organizations/${encodeURIComponent(organizationId!)}/conversations`,
        {
          page: params.page,
          size: params.size,
          sortField: params.sortField,
          sortCriteria: params.sortCriteria,
          text: params.text || undefined,
        },
        { signal },
      ),
    enabled: Boolean(organizationId),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteConversations(organizationId: string | null | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.delete<unknown>(`/organizations/${encodeURIComponent(organizationId!)}/conversations`, undefined, { query: { conversationsId: ids.join(',') } }),
    onSuccess: (_data, ids) => {
      for (const id of ids) client.removeQueries({ queryKey: conversationKeys.detail(id), exact: true });
      return client.invalidateQueries({ queryKey: exploreKeys.lists });
    },
  });
}
