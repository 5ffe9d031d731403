/**
 * Backoffice calls for transcriber profiles (docs/PRODUCT.md, API): GET /transcriber_profiles (every profile from
 * the backoffice, the client adds userScope=backoffice), GET/PUT/DELETE /transcriber_profiles/:id, POST.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, MAX_PAGE_SIZE, type BodyInput, type TranscriberProfile } from '@palabre/shared';
import { call } from '../../api/call.ts';
import type { Page } from './backofficeApi.ts';

/** What POST and PUT send; apiKey absent keeps the stored key, "" removes it. */
export type TranscriberProfileBody = BodyInput<typeof API.transcriberProfiles.create>;

export const transcriberProfileKeys = {
  all: ['backoffice', 'transcriberProfiles'] as const,
  list: ['backoffice', 'transcriberProfiles', 'list'] as const,
  detail: (id: string) => ['backoffice', 'transcriberProfiles', id] as const,
  organizations: ['backoffice', 'transcriberProfiles', 'organizations'] as const,
};

/** Every profile; the table pages through them on the client (the call is not paginated). */
export function useAdminTranscriberProfiles(page: number, size: number) {
  return useQuery({
    queryKey: transcriberProfileKeys.list,
    queryFn: () => call(API.transcriberProfiles.list),
    select: (data): Page<TranscriberProfile> & { all: TranscriberProfile[] } => ({
      count: data.count,
      list: data.list.slice(page * size, (page + 1) * size),
      all: data.list,
    }),
  });
}

export function useAdminTranscriberProfile(id: string | undefined) {
  return useQuery({
    queryKey: transcriberProfileKeys.detail(id ?? ''),
    queryFn: () => call(API.transcriberProfiles.get, { params: { id: id! } }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** The organizations a profile may belong to (scope select, scope column): the first page of the largest size. */
export function useScopeOrganizations() {
  return useQuery({
    queryKey: transcriberProfileKeys.organizations,
    queryFn: () => call(API.backoffice.organizations, { query: { page: 0, size: MAX_PAGE_SIZE } }),
    select: (data) => data.list.map((org) => ({ _id: org._id, name: org.name })),
    staleTime: 60_000,
  });
}

export function useSaveTranscriberProfile(id?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TranscriberProfileBody) => (id ? call(API.transcriberProfiles.replace, { params: { id }, body }) : call(API.transcriberProfiles.create, { body })),
    onSuccess: async (profile) => {
      client.setQueryData(transcriberProfileKeys.detail(profile._id), profile);
      await client.invalidateQueries({ queryKey: transcriberProfileKeys.list });
      // The media forms and the organization settings list the profiles too.
      void client.invalidateQueries({ predicate: (query) => query.queryKey[2] === 'transcriber_profiles' });
    },
  });
}

/** Deletes one profile or several (bulk delete is one DELETE per profile); resolves to the ids that failed. */
export function useDeleteTranscriberProfiles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map((id) => call(API.transcriberProfiles.remove, { params: { id } })));
      const failed = ids.filter((_, i) => results[i]!.status === 'rejected');
      const firstError = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')?.reason as unknown;
      return { deleted: ids.length - failed.length, failed, firstError };
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: transcriberProfileKeys.list });
      void client.invalidateQueries({ predicate: (query) => query.queryKey[2] === 'transcriber_profiles' });
    },
  });
}
