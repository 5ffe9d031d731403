/**
 * Favorites (docs/PRODUCT.md, States: added or removed locally after the server call succeeds; API):
 * PUT and DELETE /users/self/favorites/{id}. On success the media's `favorite` flag is set in every
 * cached copy (overview and lists), and the favorites lists are fetched again.
 */
import { API } from '@palabre/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { conversationKeys, type ConversationDetail } from '../conversations/api.ts';
import { exploreKeys, type ConversationPage, type ListSource } from '../explore/api.ts';

export function useToggleFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, favorite }: { conversationId: string; favorite: boolean }) =>
      call(favorite ? API.library.addFavorite : API.library.removeFavorite, { params: { id: conversationId } }),
    onSuccess: (_data, { conversationId, favorite }) => {
      client.setQueryData<ConversationDetail>(conversationKeys.detail(conversationId), (old) => (old ? { ...old, favorite } : old));
      client.setQueriesData<ConversationPage>({ queryKey: exploreKeys.lists }, (old) =>
        old ? { ...old, list: old.list.map((item) => (item._id === conversationId ? { ...item, favorite } : item)) } : old,
      );
      return client.invalidateQueries({
        queryKey: exploreKeys.lists,
        predicate: (query) => (query.queryKey[2] as ListSource | undefined)?.kind === 'favorites',
      });
    },
  });
}
