/** The signed-in user's pending invitations: list, accept, decline. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type Organization } from '@palabre/shared';
import { call } from '../../api/call.ts';
import { isAuthenticated } from '../../api/cookies.ts';
import { queryKeys } from '../../api/queries.ts';

export const pendingInvitationsKey = ['users', 'self', 'invitations'] as const;

export function usePendingInvitations() {
  return useQuery({
    queryKey: pendingInvitationsKey,
    queryFn: async () => (await call(API.organizations.myInvitations)).list,
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
        ? call(API.organizations.acceptInvitation, { params: { id: organizationId } })
        : (await call(API.organizations.declineInvitation, { params: { id: organizationId } }), null),
    onSuccess: async (joined, variables) => {
      // The organizations first, so that whoever switches to the one just joined finds it.
      await client.invalidateQueries({ queryKey: queryKeys.organizations, exact: true });
      onAnswered(variables, joined);
    },
    onSettled: () => client.invalidateQueries({ queryKey: pendingInvitationsKey }),
  });
}
