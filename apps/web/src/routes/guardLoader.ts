/**
 * Runs the navigation guard before every navigation (root loader, always revalidated): gathers the
 * inputs of decideNavigation and carries out its decision.
 */
import { FEATURES } from '@palabre/shared';
import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isAuthenticated } from '../api/cookies.ts';
import { fetchPublicConfig, queryKeys } from '../api/queries.ts';
import { queryClient } from '../app/queryClient.ts';
import { loginWithMagicLink } from '../features/auth/api.ts';
import { loadConversationRight } from '../features/conversations/access.ts';
import { recoverableOrganization } from '../features/quickMeeting/recovery.ts';
import { afterMagicLink, decideNavigation, type NavigationInput } from './guard.ts';
import { mergeHandles } from './handle.ts';
import { paths } from './paths.ts';

async function sessionsEnabled(): Promise<boolean> {
  try {
    const config = await queryClient.ensureQueryData({
      queryKey: queryKeys.config,
      queryFn: fetchPublicConfig,
      staleTime: Infinity,
    });
    return config.features.sessionsEnabled;
  } catch {
    return FEATURES.sessionsEnabled;
  }
}

/** Rule 2: validates the magic id, stores the sign-in and clears the organization scope. */
async function signInWithMagicLink(magicId: string, conversationId: string | null): Promise<never> {
  let target: string;
  try {
    await loginWithMagicLink(magicId);
    target = afterMagicLink(conversationId);
  } catch {
    target = paths.magicLinkInvalid;
  }
  throw redirect(target);
}

export function createGuardLoader(getRoutes: () => RouteObject[]) {
  return async function guardLoader({ request }: LoaderFunctionArgs) {
    const url = new URL(request.url);
    const matches = matchRoutes(getRoutes(), url.pathname) ?? [];
    const input: NavigationInput = {
      pathname: url.pathname,
      search: url.search,
      handle: mergeHandles(matches.map((m) => m.route.handle)),
      params: matches.at(-1)?.params ?? {},
      authenticated: isAuthenticated(),
      sessionsEnabled: await sessionsEnabled(),
    };
    let decision = decideNavigation(input);
    if (decision.type === 'checkRecoverable') {
      input.recoverableOrganizationId = await recoverableOrganization();
      decision = decideNavigation(input);
    }
    if (decision.type === 'checkConversationRight') {
      const right = await loadConversationRight(decision.conversationId);
      decision = right === null ? { type: 'proceed' } : decideNavigation({ ...input, conversationRight: right });
    }
    switch (decision.type) {
      case 'redirect':
        throw redirect(decision.to);
      case 'magicLink':
        return signInWithMagicLink(decision.magicId, decision.conversationId);
      default:
        return null;
    }
  };
}
