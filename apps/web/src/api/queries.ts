/** Server state shared across screens: the signed-in user, their organizations, the public config. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { API, FEATURES } from '@palabre/shared';
import { call } from './call.ts';
import { isAuthenticated } from './cookies.ts';

/** The feature flags as values (FEATURES holds their defaults as literal types). */
type Widen<T> = T extends boolean ? boolean : T extends number ? number : T extends string ? string : { -readonly [K in keyof T]: Widen<T[K]> };

export interface PublicConfig {
  appName: string;
  theme: 'green' | 'blue' | 'violet';
  userCreationDisabled: boolean;
  features: Widen<typeof FEATURES>;
  sso: { name: string; path: string } | null;
}

/** The public configuration; its entry declares no schema, so the answer is typed here. */
export async function fetchPublicConfig(): Promise<PublicConfig> {
  return (await call(API.system.config)) as unknown as PublicConfig;
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
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.me }),
    client.invalidateQueries({ queryKey: queryKeys.organizations }),
  ]);
}
