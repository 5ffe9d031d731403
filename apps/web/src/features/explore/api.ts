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
import { API, type QueryInput, type ResponseOf } from '@palabre/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { conversationKeys } from '../conversations/api.ts';

export type SortField = 'last_update' | 'created' | 'name';
export type SortCriteria = -1 | 1;

/** A list item: the media, the caller's right and, when searching, where the text matched (a <mark> snippet, the transcript time). */
export type { ConversationListItem } from '@palabre/shared';

/** One page of any of the three lists (they answer alike). */
export type ConversationPage = ResponseOf<typeof API.conversations.list>;

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
  /** Keywords the media's extracted keywords must all include. */
  keywords: string[];
}

/** Which list: the organization's media, the caller's favorites (every organization), or what is shared with the caller. */
export type ListSource = { kind: 'organization'; organizationId: string } | { kind: 'favorites' } | { kind: 'shared' };

export const exploreKeys = {
  lists: [...conversationKeys.all, 'list'] as const,
  list: (source: ListSource, params: ListParams) => [...conversationKeys.all, 'list', source, params] as const,
};

function fetchList(source: ListSource, params: ListParams, signal: AbortSignal): Promise<ConversationPage> {
  const query = listQuery(source, params);
  if (source.kind === 'organization') return call(API.conversations.list, { params: { id: source.organizationId }, query, signal });
  return call(source.kind === 'favorites' ? API.library.favorites : API.library.shared, { query, signal });
}

export function listQuery(source: ListSource, params: ListParams): QueryInput<typeof API.library.shared> {
  return {
    page: params.page,
    size: params.size,
    sortField: params.sortField,
    sortCriteria: `${params.sortCriteria}`,
    text: params.text || undefined,
    tags: !params.noTags && params.tags.length > 0 ? params.tags.join(',') : undefined,
    filter: params.noTags ? 'notags' : undefined,
    keyword: params.keywords.length > 0 ? params.keywords.join(',') : undefined,
  };
}

export function useConversationList(source: ListSource | null, params: ListParams) {
  return useQuery({
    queryKey: exploreKeys.list(source ?? { kind: 'shared' }, params),
    queryFn: ({ signal }) => fetchList(source!, params, signal),
    enabled: source !== null,
    placeholderData: keepPreviousData,
  });
}

export function useDeleteConversations(organizationId: string | null | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => call(API.conversations.bulkDelete, { params: { id: organizationId! }, query: { conversationsId: ids.join(',') } }),
    onSuccess: (_data, ids) => {
      for (const id of ids) client.removeQueries({ queryKey: conversationKeys.detail(id), exact: true });
      return client.invalidateQueries({ queryKey: exploreKeys.lists });
    },
  });
}
