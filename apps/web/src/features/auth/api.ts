/** Calls of the sign-in screens (docs/PRODUCT.md, API). */
import { AUTH_BASE, type AuthProvider, type TokenPair } from '@palabre/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { clearOrganizationScope, storeTokens } from '../../api/cookies.ts';
import { queryClient } from '../../app/queryClient.ts';

/** Stores a new sign-in and forgets whatever the previous one had cached. */
export function startSession(pair: TokenPair) {
  queryClient.clear();
  storeTokens(pair);
}

export async function loginWithPassword(email: string, password: string) {
  startSession(await api.post<TokenPair>('/login', { email, password }, { base: AUTH_BASE }));
  clearOrganizationScope();
}

export function requestMagicLink(email: string) {
  return api.post<{ message: string }>('/magic-link', { email }, { base: AUTH_BASE });
}

export function requestPasswordReset(email: string) {
  return api.post<{ message: string }>('/users/self/reset-password', { email });
}

export function resetPassword(token: string, password: string) {
  return api.put<{ message: string }>('/users/self/reset-password', { token, password });
}

export async function exchangeOidcCode(code: string) {
  startSession(await api.get<TokenPair>('/oidc/token', { code }, { base: AUTH_BASE }));
  clearOrganizationScope();
}

export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: () => api.get<AuthProvider[]>('/list', undefined, { base: AUTH_BASE }),
    staleTime: Infinity,
    retry: false,
  });
}
