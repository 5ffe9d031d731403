/**
 * Backoffice calls for AI profiles: GET /ai_profiles (every profile from the backoffice, the client
 * adds userScope=backoffice), POST, PUT/DELETE /ai_profiles/:id.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type BodyInput } from '@palabre/shared';
import { call } from '../../api/call.ts';

/** What POST and PUT send; apiKey absent keeps the stored key, "" removes it. */
export type AiProfileBody = BodyInput<typeof API.aiProfiles.create>;

export const aiProfileKeys = {
  all: ['backoffice', 'aiProfiles'] as const,
  list: ['backoffice', 'aiProfiles', 'list'] as const,
};

/** Every profile, with its availability (checked by the server, remembered briefly). */
export function useAdminAiProfiles() {
  return useQuery({ queryKey: aiProfileKeys.list, queryFn: async () => (await call(API.aiProfiles.list)).list });
}

/** The profiles lists of the organizations' pages show them too. */
const isOrganizationList = (key: readonly unknown[]) => key[2] === 'ai_profiles';

export function useSaveAiProfile(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AiProfileBody) => (id ? call(API.aiProfiles.replace, { params: { id }, body }) : call(API.aiProfiles.create, { body })),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: aiProfileKeys.list });
      void client.invalidateQueries({ predicate: (query) => isOrganizationList(query.queryKey) });
    },
  });
}

export function useDeleteAiProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(API.aiProfiles.remove, { params: { id } }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: aiProfileKeys.list });
      void client.invalidateQueries({ predicate: (query) => isOrganizationList(query.queryKey) });
    },
  });
}
