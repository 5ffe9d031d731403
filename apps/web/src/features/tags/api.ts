/**
 * Tags and categories of an organization (docs/PRODUCT.md, Entities and API):
 * GET /organizations/{id}/categories (each with its tags), category create / rename / recolor /
 * delete and tag rename / move / delete (maintainers and above), tag creation (members), and tags
 * on a media: POST and DELETE /conversations/{id}/tags/{tagId} (write right).
 */
import type { Category, CategoryColor, Conversation, Tag } from '@palabre/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { conversationKeys, type ConversationDetail } from '../conversations/api.ts';
import { exploreKeys } from '../explore/api.ts';

export const tagKeys = {
  categories: (organizationId: string) => ['organizations', organizationId, 'categories'] as const,
};

/** A tag with the category it belongs to (for chips and pickers). */
export type TagWithCategory = Tag & { category: Category };

export function useCategories(organizationId: string | null | undefined) {
  return useQuery({
    queryKey: tagKeys.categories(organizationId ?? ''),
    queryFn: async ({ signal }) => {
      const body = await api.get<{ count: number; list: Category[] } | Category[]>(
        `/organizations/${encodeURIComponent(organizationId!)}/categories`,
        undefined,
        { signal },
      );
      return Array.isArray(body) ? body : body.list;
    },
    enabled: Boolean(organizationId),
    staleTime: 30_000,
  });
}

/**
 * The tags on one media with their categories (GET /conversations/{id}/tags): readable by anyone
 * who reads the media, guests included. The tag ids are part of the key, so a change of the media's
 * tags fetches them again.
 */
export function useConversationTags(conversationId: string, tagIds: string[]) {
  return useQuery({
    queryKey: [...conversationKeys.detail(conversationId), 'tags', tagIds.join(',')] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ count: number; list: Category[] }>(`/conversations/${encodeURIComponent(conversationId)}/tags`, undefined, { signal })).list,
    enabled: tagIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Every tag of the organization by id, with its category. */
export function indexTags(categories: Category[] | undefined): Map<string, TagWithCategory> {
  const index = new Map<string, TagWithCategory>();
  for (const category of categories ?? []) for (const tag of category.tags) index.set(tag._id, { ...tag, category });
  return index;
}

const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}`;

/** Mutations of the tag settings; each refreshes the categories, and lists (tag chips) when tags change. */
export function useTagMutations(organizationId: string) {
  const client = useQueryClient();
  const refresh = (lists: boolean) => async () => {
    await client.invalidateQueries({ queryKey: tagKeys.categories(organizationId) });
    if (lists) await client.invalidateQueries({ queryKey: conversationKeys.all });
  };
  return {
    createCategory: useMutation({
      mutationFn: (body: { name: string; color: CategoryColor }) => api.post<Category>(`${base(organizationId)}/categories`, body),
      onSuccess: refresh(false),
    }),
    updateCategory: useMutation({
      mutationFn: ({ id, ...body }: { id: string; name?: string; color?: CategoryColor }) =>
        api.patch<Category>(`${base(organizationId)}/categories/${encodeURIComponent(id)}`, body),
      onSuccess: refresh(false),
    }),
    deleteCategory: useMutation({
      mutationFn: (id: string) => api.delete<void>(`${base(organizationId)}/categories/${encodeURIComponent(id)}`),
      onSuccess: refresh(true),
    }),
    createTag: useMutation({
      mutationFn: (body: { name: string; categoryId: string }) => api.post<Tag>(`${base(organizationId)}/tags`, body),
      onSuccess: refresh(false),
    }),
    updateTag: useMutation({
      mutationFn: ({ id, ...body }: { id: string; name?: string; categoryId?: string }) =>
        api.patch<Tag>(`${base(organizationId)}/tags/${encodeURIComponent(id)}`, body),
      onSuccess: refresh(false),
    }),
    deleteTag: useMutation({
      mutationFn: (id: string) => api.delete<void>(`${base(organizationId)}/tags/${encodeURIComponent(id)}`),
      onSuccess: refresh(true),
    }),
  };
}

/** Puts a tag on a media or takes it off; the media (as the server returns it) updates the caches. */
export function useMediaTag(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ tagId, on }: { tagId: string; on: boolean }) => {
      const path = `/conversations/${encodeURIComponent(conversationId)}/tags/${encodeURIComponent(tagId)}`;
      return on ? api.post<Conversation>(path) : api.delete<Conversation>(path);
    },
    onSuccess: (media) => {
      client.setQueryData<ConversationDetail>(conversationKeys.detail(conversationId), (old) => (old && media?.tags ? { ...old, tags: media.tags } : old));
      return client.invalidateQueries({ queryKey: exploreKeys.lists });
    },
  });
}

export type TagMutations = ReturnType<typeof useTagMutations>;
