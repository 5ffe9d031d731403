/** Calls of the sign-in and sign-up screens (docs/PRODUCT.md, API). */
import { API, type SetupBody, type TokenPair } from '@palabre/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { clearOrganizationScope, storeTokens } from '../../api/cookies.ts';
import { queryClient } from '../../app/queryClient.ts';

/** Stores a new sign-in and forgets whatever the previous one had cached. */
export function startSession(pair: TokenPair) {
  queryClient.clear();
  storeTokens(pair);
}

export async function loginWithPassword(email: string, password: string) {
  startSession(await call(API.auth.login, { body: { email, password } }));
  clearOrganizationScope();
}

/** Signs in with the id of a mailed magic link; the caller decides where to go next. */
export async function loginWithMagicLink(magicId: string) {
  storeTokens(await call(API.auth.magicLinkLogin, { body: { magicId } }));
  clearOrganizationScope();
  queryClient.clear();
}

export function requestMagicLink(email: string) {
  return call(API.auth.magicLinkRequest, { body: { email } });
}

export function requestPasswordReset(email: string) {
  return call(API.users.requestPasswordReset, { body: { email } });
}

export function resetPassword(token: string, password: string) {
  return call(API.users.resetPassword, { body: { token, password } });
}

export async function exchangeOidcCode(code: string) {
  startSession(await call(API.auth.oidcToken, { query: { code } }));
  clearOrganizationScope();
}

/** Spends the token of a verification link (it works once). */
export function verifyEmail(token: string) {
  return call(API.users.verifyEmail, { body: { token } });
}

/** Creates the first super administrator with the setup token, and signs it in. */
export async function setUpFirstAdministrator(body: SetupBody) {
  startSession(await call(API.users.setup, { body }));
  clearOrganizationScope();
}

/** Sign-up: the account's fields and an optional `picture` file, as multipart. */
export function createAccount(form: FormData) {
  return call(API.users.create, { form });
}

/** How many organizations the new account already belongs to (invitations accepted on sign-up); 0 when that cannot be read. */
export async function countMyOrganizations(): Promise<number> {
  return (await call(API.organizations.list).catch(() => null))?.count ?? 0;
}

/** Signs the session out on the server; the session may already be gone there, which is fine. */
export async function logout() {
  await call(API.auth.logout).catch(() => undefined);
}

export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: () => call(API.auth.providers),
    staleTime: Infinity,
    retry: false,
  });
}
