/** POST /organizations {name}: shared by the no-organization screen, the create page and sign-up. */
import { API } from '@palabre/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { ApiError } from '../../api/client.ts';
import { writeOrganizationScope } from '../../api/cookies.ts';
import { queryKeys } from '../../api/queries.ts';

export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(API.organizations.create, { body: { name } }),
    onSuccess: async (organization) => {
      writeOrganizationScope(organization._id);
      await client.invalidateQueries({ queryKey: queryKeys.organizations });
    },
  });
}

/** The name field's error for a failed creation: "Name already exist" for a duplicate. */
export function organizationNameError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'organization_name_exists') return 'error.name_exists';
  return error.fields.name ?? null;
}
