/** Server state shared across screens: the signed-in user, their organizations, the public config. */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
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

/** The signed-in user (the layout's menu, settings, rights shown in pages). */
const meQuery = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: () => call(API.users.self),
    enabled: isAuthenticated(),
    staleTime: 60_000,
    retry: false,
  });

/** The organizations the signed-in user belongs to (the layout's organization menu). */
const myOrganizationsQuery = () =>
  queryOptions({
    queryKey: queryKeys.organizations,
    queryFn: fetchMyOrganizations,
    enabled: isAuthenticated(),
    staleTime: 30_000,
  });

export const useMe = () => useQuery(meQuery());
export const useMyOrganizations = () => useQuery(myOrganizationsQuery());

/**
 * Asks for what the signed-in layout shows (the user, their organizations) without waiting for it: the
 * interface's route loader calls it, so the answers travel beside the navigation guard's checks instead
 * of after them. Fresh answers are not asked again.
 */
export function prefetchSignedInLayout(client: QueryClient): void {
  if (!isAuthenticated()) return;
  void client.prefetchQuery(meQuery());
  void client.prefetchQuery(myOrganizationsQuery());
}

export function invalidateSession(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: queryKeys.me }), client.invalidateQueries({ queryKey: queryKeys.organizations })]);
}
