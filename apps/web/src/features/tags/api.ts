/**
 * Tags and categories of an organization (docs/PRODUCT.md, Entities and API):
 * GET /organizations/{id}/categories (each with its tags), category create / rename / recolor /
 * delete and tag rename / move / delete (maintainers and above), tag creation (members), and tags
 * on a media: POST and DELETE /conversations/{id}/tags/{tagId} (write right).
 */
import { API, type Category, type CategoryColor, type Tag } from '@palabre/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
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
    queryFn: async ({ signal }) => (await call(API.tags.categories, { params: { id: organizationId! }, signal })).list,
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
    queryFn: async ({ signal }) => (await call(API.tags.ofConversation, { params: { id: conversationId }, signal })).list,
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

/** Mutations of the tag settings; each refreshes the categories, and lists (tag chips) when tags change. */
export function useTagMutations(organizationId: string) {
  const client = useQueryClient();
  const refresh = (lists: boolean) => async () => {
    await client.invalidateQueries({ queryKey: tagKeys.categories(organizationId) });
    if (lists) await client.invalidateQueries({ queryKey: conversationKeys.all });
  };
  return {
    createCategory: useMutation({
      mutationFn: (body: { name: string; color: CategoryColor }) => call(API.tags.createCategory, { params: { id: organizationId }, body }),
      onSuccess: refresh(false),
    }),
    updateCategory: useMutation({
      mutationFn: ({ id, ...body }: { id: string; name?: string; color?: CategoryColor }) =>
        call(API.tags.updateCategory, { params: { id: organizationId, categoryId: id }, body }),
      onSuccess: refresh(false),
    }),
    deleteCategory: useMutation({
      mutationFn: (id: string) => call(API.tags.removeCategory, { params: { id: organizationId, categoryId: id } }),
      onSuccess: refresh(true),
    }),
    createTag: useMutation({
      mutationFn: (body: { name: string; categoryId: string }) => call(API.tags.createTag, { params: { id: organizationId }, body }),
      onSuccess: refresh(false),
    }),
    updateTag: useMutation({
      mutationFn: ({ id, ...body }: { id: string; name?: string; categoryId?: string }) => call(API.tags.updateTag, { params: { id: organizationId, tagId: id }, body }),
      onSuccess: refresh(false),
    }),
    deleteTag: useMutation({
      mutationFn: (id: string) => call(API.tags.removeTag, { params: { id: organizationId, tagId: id } }),
      onSuccess: refresh(true),
    }),
  };
}

/** Puts a tag on a media or takes it off; the media (as the server returns it) updates the caches. */
export function useMediaTag(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ tagId, on }: { tagId: string; on: boolean }) =>
      call(on ? API.tags.addToConversation : API.tags.removeFromConversation, { params: { id: conversationId, tagId } }),
    onSuccess: (media) => {
      client.setQueryData<ConversationDetail>(conversationKeys.detail(conversationId), (old) => (old ? { ...old, tags: media.tags } : old));
      return client.invalidateQueries({ queryKey: exploreKeys.lists });
    },
  });
}

export type TagMutations = ReturnType<typeof useTagMutations>;
