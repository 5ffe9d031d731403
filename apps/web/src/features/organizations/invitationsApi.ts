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

export interface InvitationAnswer {
  organizationId: string;
  answer: 'accept' | 'decline';
}

/**
 * Accepts or declines an invitation. `onAnswered` is given to the hook rather than to `mutate`:
 * the answered invitation leaves the list (and its row unmounts) before the answer is reported.
 */
export function useAnswerInvitation(onAnswered: (variables: InvitationAnswer, joined: Organization | null) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ organizationId, answer }: InvitationAnswer) =>
      answer === 'accept'
        ? api.post<Organization>(`/users/self/invitations/${organizationId}/accept`)
        : (await api.post<null>(`/users/self/invitations/${organizationId}/decline`), null),
    onSuccess: async (joined, variables) => {
      // The organizations first, so that whoever switches to the one just joined finds it.
      await client.invalidateQueries({ queryKey: queryKeys.organizations, exact: true });
      onAnswered(variables, joined);
    },
    onSettled: () => client.invalidateQueries({ queryKey: pendingInvitationsKey }),
  });
}
