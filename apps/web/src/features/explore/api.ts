/**
 * The media lists (docs/PRODUCT.md, Screens and routes; API), all with page, size (10, Limits),
 * sort (last_update desc by default), text search and tag criteria (`tags`: every listed tag must be on the media;
 * `filter=notags`: media without any tag):
 *  - the organization's media: GET /organizations/{id}/conversations (/interface/explore);
 *  - favorites: GET /users/self/favorites, across organizations (/interface/favorites);
 *  - shared with me: GET /conversations/shared (/interface/shared).
 * And the bulk delete DELETE /organizations/{id}/conversations?conversationsId=a,b (all or none;
 * docs/PRODUCT.md, Validation).
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
  /** Tag ids the media must all carry. */
  tags: string[];
  /** Only media without any tag (exclusive with `tags`). */
  noTags: boolean;
}

/** Which list: the organization's media, the caller's favorites (every organization), or what is shared with the caller. */
export type ListSource = { kind: 'organization'; organizationId: string } | { kind: 'favorites' } | { kind: 'shared' };

export const exploreKeys = {
  lists: [...conversationKeys.all, 'list'] as const,
  list: (source: ListSource, params: ListParams) => [...conversationKeys.all, 'list', source, params] as const,
};

function sourcePath(source: ListSource): string {
  if (source.kind === 'organization') return `/organizations/${encodeURIComponent(source.organizationId)}/conversations`;
  if (source.kind === 'favorites') return '/users/self/favorites';
  return '/conversations/shared';
}

export function listQuery(source: ListSource, params: ListParams): Record<string, string | number | undefined> {
  return {
    page: params.page,
    size: params.size,
    sortField: params.sortField,
    sortCriteria: params.sortCriteria,
    text: params.text || undefined,
    tags: !params.noTags && params.tags.length > 0 ? params.tags.join(',') : undefined,
    filter: params.noTags ? 'notags' : undefined,
  };
}

export function useConversationList(source: ListSource | null, params: ListParams) {
  return useQuery({
    queryKey: exploreKeys.list(source ?? { kind: 'shared' }, params),
    queryFn: ({ signal }) => api.get<ConversationPage>(sourcePath(source!), listQuery(source!, params), { signal }),
    enabled: source !== null,
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
