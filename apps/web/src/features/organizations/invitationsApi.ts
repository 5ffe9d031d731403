/** The signed-in user's pending invitations: list, accept, decline. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Organization, PendingInvitation } from '@palabre/shared';
import { api } from '../../api/client.ts';
import { isAuthenticated } from '../../api/cookies.ts';
import { queryKeys } from '../../api/queries.ts';

export const pendingInvitationsKey = ['users', 'self', 'invitations'] as const;

export function usePendingInvitations() {
  return useQuery({
    queryKey: pendingInvitationsKey,
    queryFn: async () => (await api.get<{ count: number; list: PendingInvitation[] }>('/users/self/invitations')).list,
    enabled: isAuthenticated(),
    staleTime: 30_000,
  });
}

export function useAnswerInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ organizationId, answer }: { organizationId: string; answer: 'accept' | 'decline' }) =>
      answer === 'accept'
        ? api.post<Organization>(`/users/self/invitations/${organizationId}/accept`)
        : (await api.post<null>(`/users/self/invitations/${organizationId}/decline`), null),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: pendingInvitationsKey }),
        client.invalidateQueries({ queryKey: queryKeys.organizations, exact: true }),
      ]);
    },
  });
}
