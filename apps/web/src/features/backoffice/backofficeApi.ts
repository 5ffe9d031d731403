/** Backoffice calls (/administration/…). The HTTP client adds userScope=backoffice on these pages. */
import { useQuery } from '@tanstack/react-query';
import { API, type BodyInput } from '@palabre/shared';
import { call } from '../../api/call.ts';

/** One page of a list: how many there are in all, and this page's items. */
export interface Page<T> {
  count: number;
  list: T[];
}

export const backofficeKeys = {
  users: (page: number, size: number, search: string) => ['backoffice', 'users', 'list', { page, size, search }] as const,
  usersAll: ['backoffice', 'users', 'list'] as const,
  user: (id: string) => ['backoffice', 'users', id] as const,
  organizations: (page: number, size: number) => ['backoffice', 'organizations', 'list', { page, size }] as const,
  organizationsAll: ['backoffice', 'organizations', 'list'] as const,
  counts: ['backoffice', 'counts'] as const,
};

export function useAdminUsers(page: number, size: number, search: string) {
  return useQuery({
    queryKey: backofficeKeys.users(page, size, search),
    queryFn: () => call(API.backoffice.users, { query: { page, size, search: search || undefined } }),
    placeholderData: (previous) => previous,
  });
}

export function useAdminUser(id: string | undefined) {
  return useQuery({
    queryKey: backofficeKeys.user(id ?? ''),
    queryFn: () => call(API.backoffice.user, { params: { id: id! } }),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useAdminOrganizations(page: number, size: number) {
  return useQuery({
    queryKey: backofficeKeys.organizations(page, size),
    queryFn: () => call(API.backoffice.organizations, { query: { page, size } }),
    placeholderData: (previous) => previous,
  });
}

/** Count queries ask for one item only (docs/PRODUCT.md, Limits). */
export function useBackofficeCounts() {
  return useQuery({
    queryKey: backofficeKeys.counts,
    queryFn: async () => {
      const [users, organizations] = await Promise.all([
        call(API.backoffice.users, { query: { page: 0, size: 1 } }),
        call(API.backoffice.organizations, { query: { page: 0, size: 1 } }),
      ]);
      return { users: users.count, organizations: organizations.count };
    },
  });
}

export function createUser(body: BodyInput<typeof API.backoffice.createUser>) {
  return call(API.backoffice.createUser, { body });
}

export function updateUser(userId: string, patch: BodyInput<typeof API.backoffice.updateUser>) {
  return call(API.backoffice.updateUser, { params: { id: userId }, body: patch });
}

export function deleteUser(userId: string) {
  return call(API.backoffice.removeUser, { params: { id: userId } });
}

export function createOrganization(body: BodyInput<typeof API.backoffice.createOrganization>) {
  return call(API.backoffice.createOrganization, { body });
}

export function deleteOrganization(organizationId: string) {
  return call(API.backoffice.removeOrganization, { params: { id: organizationId } });
}
