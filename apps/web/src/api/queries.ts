/** Server state shared across screens: the signed-in user, their organizations, the public config. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { API, type ResponseOf } from '@palabre/shared';
import { call } from './call.ts';
import { isAuthenticated } from './cookies.ts';

/** The public configuration: application name, theme, feature flags, single sign-on. */
export type PublicConfig = ResponseOf<typeof API.system.config>;

export function fetchPublicConfig(): Promise<PublicConfig> {
  return call(API.system.config);
}

export async function fetchMyOrganizations() {
  return (await call(API.organizations.list)).list;
}

export const queryKeys = {
  config: ['config'] as const,
  me: ['users', 'self'] as const,
  organizations: ['organizations'] as const,
  organization: (id: string) => ['organizations', id] as const,
};

export function usePublicConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: fetchPublicConfig,
    staleTime: Infinity,
  });
}

export function useMe() {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: () => call(API.users.self),
    enabled: isAuthenticated(),
    staleTime: 60_000,
    retry: false,
  });
}

export function useMyOrganizations() {
  return useQuery({
    queryKey: queryKeys.organizations,
    queryFn: fetchMyOrganizations,
    enabled: isAuthenticated(),
    staleTime: 30_000,
  });
}

export function invalidateSession(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: queryKeys.me }), client.invalidateQueries({ queryKey: queryKeys.organizations })]);
}
