/**
 * Reading and changing one organization, either as a member (/organizations/:id) or from the
 * backoffice (/administration/organizations/:id). Both answer with the full Organization. Also its
 * members, invitations, the invitation of matching addresses, leaving and deleting it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type BodyInput, type Organization } from '@palabre/shared';
import { call } from '../../../api/call.ts';
import { queryKeys } from '../../../api/queries.ts';

export type OrganizationScope = 'member' | 'admin';

export type OrganizationPatch = BodyInput<typeof API.organizations.update>;

const readEntry = (scope: OrganizationScope) => (scope === 'admin' ? API.backoffice.organization : API.organizations.get);
const updateEntry = (scope: OrganizationScope) => (scope === 'admin' ? API.backoffice.updateOrganization : API.organizations.update);

export const organizationKey = (scope: OrganizationScope, id: string) => (scope === 'admin' ? (['backoffice', 'organizations', id] as const) : queryKeys.organization(id));

export function useOrganization(scope: OrganizationScope, id: string | undefined) {
  return useQuery({
    queryKey: organizationKey(scope, id ?? ''),
    queryFn: () => call(readEntry(scope), { params: { id: id! } }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** Stores an Organization answer in the cache and refreshes the lists that show it. */
export function useStoreOrganization(scope: OrganizationScope) {
  const client = useQueryClient();
  return (org: Organization) => {
    client.setQueryData(organizationKey(scope, org._id), org);
    void client.invalidateQueries({ queryKey: queryKeys.organizations, exact: true });
    void client.invalidateQueries({ queryKey: ['backoffice', 'organizations', 'list'] });
  };
}

export function usePatchOrganization(scope: OrganizationScope, id: string) {
  const store = useStoreOrganization(scope);
  return useMutation({
    mutationFn: (patch: OrganizationPatch) => call(updateEntry(scope), { params: { id }, body: patch }),
    onSuccess: store,
  });
}

export function inviteMember(organizationId: string, body: BodyInput<typeof API.organizations.invite>) {
  return call(API.organizations.invite, { params: { id: organizationId }, body });
}

export function cancelInvitation(organizationId: string, email: string) {
  return call(API.organizations.cancelInvitation, { params: { id: organizationId }, body: { email } });
}

export function updateMember(organizationId: string, body: BodyInput<typeof API.organizations.updateMember>) {
  return call(API.organizations.updateMember, { params: { id: organizationId }, body });
}

export function removeMember(organizationId: string, userId: string) {
  return call(API.organizations.removeMember, { params: { id: organizationId }, body: { userId } });
}

/** How many verified accounts match the organization's domains and are not in it yet. */
export function countMatchingUsers(organizationId: string) {
  return call(API.organizations.matchingUsersCount, { params: { id: organizationId } });
}

export function inviteMatchingUsers(organizationId: string) {
  return call(API.organizations.inviteMatching, { params: { id: organizationId } });
}

export function leaveOrganization(organizationId: string) {
  return call(API.organizations.leave, { params: { id: organizationId } });
}

export function deleteOrganization(organizationId: string) {
  return call(API.organizations.remove, { params: { id: organizationId } });
}
