/**
 * Calls for API keys (docs/api-keys.md): an organization's (`organizationId`) or the platform's
 * (null). Listing never carries a secret; creating and renewing answer it, once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type ApiKeyRole, type ApiKeyWithSecret } from '@palabre/shared';
import { call } from '../../api/call.ts';

/** Whose keys: an organization's, or the platform's (null). */
export type KeyOwner = string | null;

const keysKey = (owner: KeyOwner) => ['apiKeys', owner ?? 'platform'] as const;

export function useApiKeys(owner: KeyOwner) {
  return useQuery({
    queryKey: keysKey(owner),
    queryFn: () => (owner === null ? call(API.apiKeys.platformList) : call(API.apiKeys.organizationList, { params: { id: owner } })),
  });
}

export interface CreateKeyInput {
  name: string;
  role: ApiKeyRole;
  expiresAt: string | null;
}

export function useCreateApiKey(owner: KeyOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateKeyInput): Promise<ApiKeyWithSecret> =>
      owner === null
        ? call(API.apiKeys.platformCreate, { body: { ...input, role: input.role as 'reader' | 'user' | 'administrator' } })
        : call(API.apiKeys.organizationCreate, { params: { id: owner }, body: { ...input, role: input.role as 'reader' | 'member' | 'maintainer' | 'admin' } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey(owner) }),
  });
}

export function useRenewApiKey(owner: KeyOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, expiresAt }: { id: string; expiresAt: string | null }): Promise<ApiKeyWithSecret> =>
      owner === null
        ? call(API.apiKeys.platformRenew, { params: { id }, body: { expiresAt } })
        : call(API.apiKeys.organizationRenew, { params: { id: owner, keyId: id }, body: { expiresAt } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey(owner) }),
  });
}

export function useRevokeApiKey(owner: KeyOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      owner === null ? call(API.apiKeys.platformRevoke, { params: { id } }) : call(API.apiKeys.organizationRevoke, { params: { id: owner, keyId: id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey(owner) }),
  });
}
