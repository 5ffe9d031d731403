/**
 * Runs the navigation guard before every navigation (root loader; see guardRunsAgain): gathers the
 * inputs of decideNavigation and carries out its decision.
 */
import { FEATURES } from '@palabre/shared';
import { matchRoutes, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isAuthenticated } from '../api/cookies.ts';
import { fetchPublicConfig, queryKeys } from '../api/queries.ts';
import { queryClient } from '../app/queryClient.ts';
import { loginWithMagicLink } from '../features/auth/api.ts';
import { loadConversationRight } from '../features/conversations/access.ts';
import { loadEditorRight } from '../features/editor/mediaQuery.ts';
import { askRecoverableAhead, recoverableOrganization } from '../features/quickMeeting/recovery.ts';
import { afterMagicLink, decideNavigation, type NavigationInput } from './guard.ts';
import { mergeHandles } from './handle.ts';
import { isPathId, paths } from './paths.ts';

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

interface AskedAhead {
  sessionsEnabled: Promise<boolean>;
  /** The caller's right on the page's media, when the page is one of a media's. */
  conversationRight: Promise<number | null> | null;
}

/**
 * What the rules may need is asked at once rather than one rule after the other: the configuration,
 * the meeting in progress (rule 5) and the right on the media (rule 7). Each answer is used only if
 * its rule is reached; asking one that is not costs one request and decides nothing. On the editor's
 * page the right is read from the editor's fields, asked once for both.
 */
function askAhead(input: Omit<NavigationInput, 'sessionsEnabled'>): AskedAhead {
  const asked: AskedAhead = { sessionsEnabled: sessionsEnabled(), conversationRight: null };
  if (!input.authenticated) return asked;
  if (!input.handle.quickSession && !input.handle.backoffice) askRecoverableAhead();
  const conversationId = input.params.conversationId;
  if (input.handle.conversationDetail && conversationId && isPathId(conversationId)) {
    asked.conversationRight = input.handle.view === 'transcription' ? loadEditorRight(queryClient, conversationId) : loadConversationRight(conversationId);
  }
  return asked;
}

export function createGuardLoader(getRoutes: () => RouteObject[]) {
  return async function guardLoader({ request }: LoaderFunctionArgs) {
    const url = new URL(request.url);
    const matches = matchRoutes(getRoutes(), url.pathname) ?? [];
    const known = {
      pathname: url.pathname,
      search: url.search,
      handle: mergeHandles(matches.map((m) => m.route.handle)),
      params: matches.at(-1)?.params ?? {},
      authenticated: isAuthenticated(),
    };
    const asked = askAhead(known);
    const input: NavigationInput = { ...known, sessionsEnabled: await asked.sessionsEnabled };
    let decision = decideNavigation(input);
    if (decision.type === 'checkRecoverable') {
      input.recoverableOrganizationId = await recoverableOrganization();
      decision = decideNavigation(input);
    }
    if (decision.type === 'checkConversationRight') {
      const right = await (asked.conversationRight ?? loadConversationRight(decision.conversationId));
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
