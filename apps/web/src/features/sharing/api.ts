/**
 * Rights on a media (docs/PRODUCT.md, Roles and permissions; API): who has access (GET
 * /conversations/{id}/users), a user's right (PUT and DELETE /conversations/{id}/users/{userId}), the
 * organization members' default right (PATCH /conversations/{id} membersRight), the user search (GET
 * /users/search) and the batch share (POST /conversations/shared/access, all or none).
 */
import { API, type BodyInput, type ConversationUsers } from '@palabre/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { conversationKeys } from '../conversations/api.ts';

/** The user search starts at this many characters (GET /users/search; docs/PRODUCT.md, API). */
export const USER_SEARCH_MIN_LENGTH = 2;
export const USER_SEARCH_DELAY_MS = 300;

export const sharingKeys = {
  users: (conversationId: string) => [...conversationKeys.detail(conversationId), 'users'] as const,
  search: (term: string) => ['users', 'search', term] as const,
};

/** Who has access to a media (for those who can share it). */
export function useConversationUsers(conversationId: string, enabled = true) {
  return useQuery({
    queryKey: sharingKeys.users(conversationId),
    queryFn: () => call(API.rights.users, { params: { id: conversationId } }),
    enabled,
    retry: false,
  });
}

/** After a change of rights: the new list, and the media itself (the caller's own right may follow). */
function useRefresh(conversationId: string) {
  const client = useQueryClient();
  return (users?: ConversationUsers) => {
    if (users) client.setQueryData(sharingKeys.users(conversationId), users);
    return client.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) });
  };
}

export function useSetUserRight(conversationId: string) {
  const refresh = useRefresh(conversationId);
  return useMutation({
    mutationFn: ({ userId, right }: { userId: string; right: number }) => call(API.rights.setUser, { params: { id: conversationId, userId }, body: { right } }),
    onSuccess: (users) => refresh(users),
  });
}

/** Removes a user's own right: a member falls back to the members' default right, someone outside loses access. */
export function useRemoveUserRight(conversationId: string) {
  const refresh = useRefresh(conversationId);
  return useMutation({
    mutationFn: (userId: string) => call(API.rights.removeUser, { params: { id: conversationId, userId } }),
    onSuccess: (users) => refresh(users),
  });
}

export function useSetMembersRight(conversationId: string) {
  const client = useQueryClient();
  const refresh = useRefresh(conversationId);
  return useMutation({
    mutationFn: (membersRight: number) => call(API.conversations.update, { params: { id: conversationId }, body: { membersRight } }),
    onSuccess: async () => {
      await refresh();
      await client.invalidateQueries({ queryKey: sharingKeys.users(conversationId) });
    },
  });
}

/** Public users matching a name or an email (private profiles are never listed; nor is the caller). */
export function useUserSearch(term: string) {
  const search = term.trim();
  return useQuery({
    queryKey: sharingKeys.search(search),
    queryFn: ({ signal }) => call(API.users.search, { query: { search }, signal }),
    enabled: search.length >= USER_SEARCH_MIN_LENGTH,
    staleTime: 30_000,
  });
}

export type ShareAccessBody = BodyInput<typeof API.rights.shareAccess>;

export function useShareAccess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareAccessBody) => call(API.rights.shareAccess, { body }),
    onSuccess: (_result, body) => Promise.all(body.conversations.map((id) => client.invalidateQueries({ queryKey: sharingKeys.users(id) }))),
  });
}
