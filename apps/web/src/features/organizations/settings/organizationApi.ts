/**
 * Reading and changing one organization, either as a member (/organizations/:id) or from the
 * backoffice (/administration/organizations/:id). Both answer with the full Organization.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Organization, OrganizationPermissions } from '@palabre/shared';
import { api } from '../../../api/client.ts';
import { queryKeys } from '../../../api/queries.ts';

export type OrganizationScope = 'member' | 'admin';

export interface OrganizationPatch {
  name?: string;
  description?: string;
  visibility?: Organization['visibility'];
  permissions?: Partial<OrganizationPermissions>;
  matchingEmails?: string[];
}

export const organizationPath = (scope: OrganizationScope, id: string) =>
  scope === 'admin' ? `/administration/organizations/${id}` : `/organizations/${id}`;

export const organizationKey = (scope: OrganizationScope, id: string) =>
  scope === 'admin' ? (['backoffice', 'organizations', id] as const) : queryKeys.organization(id);

export function useOrganization(scope: OrganizationScope, id: string | undefined) {
  return useQuery({
    queryKey: organizationKey(scope, id ?? ''),
    queryFn: () => api.get<Organization>(organizationPath(scope, id!)),
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
    mutationFn: (patch: OrganizationPatch) => api.patch<Organization>(organizationPath(scope, id), patch),
    onSuccess: store,
  });
}
