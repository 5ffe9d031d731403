/** Signing in and out: password, magic link, refresh, single sign-on. */
import { z } from 'zod';
import { zAuthProviderList, zLoginBody, zMagicLinkLoginBody, zMagicLinkRequestBody, zRefreshBody, zTokenPair } from '../auth.ts';
import { zMessage } from '../common.ts';
import { A, endpoint } from './define.ts';
import { REFRESH_PATH } from '../../constants.ts';

export const authEndpoints = {
  providers: endpoint({ method: 'GET', path: `${A}/list`, summary: 'Enabled sign-in providers', tag: 'auth', auth: false, response: zAuthProviderList }),
  login: endpoint({
    method: 'POST',
    path: `${A}/login`,
    summary: 'Sign in with email and password (rate limited)',
    tag: 'auth',
    auth: false,
    body: zLoginBody,
    response: zTokenPair,
  }),
  magicLinkLogin: endpoint({
    method: 'POST',
    path: `${A}/login/magic-link`,
    summary: 'Sign in with a one-shot magic link id',
    tag: 'auth',
    auth: false,
    body: zMagicLinkLoginBody,
    response: zTokenPair,
  }),
  magicLinkRequest: endpoint({
    method: 'POST',
    path: `${A}/magic-link`,
    summary: 'Mail a magic sign-in link (same answer for unknown addresses)',
    tag: 'auth',
    auth: false,
    body: zMagicLinkRequestBody,
    response: zMessage,
  }),
  refresh: endpoint({
    method: 'POST',
    path: REFRESH_PATH,
    summary: 'Exchange a refresh token for a new token pair (rotation)',
    tag: 'auth',
    auth: false,
    body: zRefreshBody,
    response: zTokenPair,
  }),
  logout: endpoint({ method: 'POST', path: `${A}/logout`, summary: 'Revoke the current session', tag: 'auth', auth: true, status: 204 }),
  oidcStart: endpoint({ method: 'GET', path: `${A}/oidc`, summary: 'Start OpenID Connect single sign-on (redirect)', tag: 'auth', auth: false, status: 302 }),
  oidcCallback: endpoint({ method: 'GET', path: `${A}/oidc/callback`, summary: 'OpenID Connect return (redirects to /login/oidc)', tag: 'auth', auth: false, status: 302 }),
  oidcToken: endpoint({
    method: 'GET',
    path: `${A}/oidc/token`,
    summary: 'Exchange the single sign-on code for tokens',
    tag: 'auth',
    auth: false,
    query: z.object({ code: z.string().min(16).max(256) }),
    response: zTokenPair,
  }),
};
