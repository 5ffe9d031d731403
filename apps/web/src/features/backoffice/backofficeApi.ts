/** Backoffice calls (/administration/…). The HTTP client adds userScope=backoffice on these pages. */
import { useQuery } from '@tanstack/react-query';
import type { Organization, User } from '@palabre/shared';
import { api } from '../../api/client.ts';

export interface Page<T> {
  count: number;
  list: T[];
}
export interface AdminUserDetail extends User {
  organizations: Array<{ _id: string; name: string; role: number }>;
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
    queryFn: () => api.get<Page<User>>('/administration/users', { page, size, search: search || undefined }),
    placeholderData: (previous) => previous,
  });
}

export function useAdminUser(id: string | undefined) {
  return useQuery({
    queryKey: backofficeKeys.user(id ?? ''),
    queryFn: () => api.get<AdminUserDetail>(`/administration/users/${id}`),
    enabled: Boolean(id),
    retry: false,
  });
}

export function useAdminOrganizations(page: number, size: number) {
  return useQuery({
    queryKey: backofficeKeys.organizations(page, size),
    queryFn: () => api.get<Page<Organization>>('/administration/organizations', { page, size }),
    placeholderData: (previous) => previous,
  });
}

/** Count queries ask for one item only (docs/PRODUCT.md, Limits). */
export function useBackofficeCounts() {
  return useQuery({
    queryKey: backofficeKeys.counts,
    queryFn: async () => {
      const [users, organizations] = await Promise.all([
        api.get<Page<User>>('/administration/users', { page: 0, size: 1 }),
        api.get<Page<Organization>>('/administration/organizations', { page: 0, size: 1 }),
      ]);
      return { users: users.count, organizations: organizations.count };
    },
  });
}
