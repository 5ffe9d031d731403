/**
 * The navigation guard (docs/PRODUCT.md, Screens and routes), rules 1–7 in order of effect, as a pure function.
 * Inputs are plain values (no cookies, no network) so the rules can be unit-tested; the loader in
 * guardLoader.ts gathers them and carries out the decision.
 */
import type { RouteHandle } from './handle.ts';
import { isPathId, paths, trimSlash } from './paths.ts';

export interface NavigationInput {
  pathname: string;
  /** The query string, with or without the leading "?". */
  search: string;
  /** Merged flags of the matched routes. */
  handle: RouteHandle;
  /** Route parameters of the match (magicId, conversationId…). */
  params: Record<string, string | undefined>;
  authenticated: boolean;
  sessionsEnabled: boolean;
  /**
   * Rights of the signed-in user on the conversation of a conversation detail page, when known.
   * Undefined while there is no way to know (see loadConversationRight).
   */
  conversationRight?: number | undefined;
  /**
   * Rule 5: the organization of the signed-in user's quick meeting in progress, null when there is
   * none, undefined while not asked (see recoverableOrganization).
   */
  recoverableOrganizationId?: string | null | undefined;
}

export type NavigationDecision =
  | { type: 'proceed' }
  | { type: 'redirect'; to: string }
  /** Rule 2: validate the magic id, then go to the conversation or the inbox (or to the error page). */
  | { type: 'magicLink'; magicId: string; conversationId: string | null }
  /** Rule 5: whether a quick meeting is in progress must be known before deciding. */
  | { type: 'checkRecoverable' }
  /** Rule 7: the conversation's rights must be known before deciding. */
  | { type: 'checkConversationRight'; conversationId: string };

/** Only same-site absolute paths are followed, so ?next= cannot send anyone to another site. */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/** Where the magic link leads once validated (rule 2). */
export function afterMagicLink(conversationId: string | null): string {
  return conversationId ? paths.conversation(conversationId) : paths.inbox;
}

/** The quick session page, opened to recover the meeting in progress (rule 5). */
export function recoverPath(organizationId: string): string {
  return `${paths.quickSession(organizationId)}?recover=true`;
}

/**
 * Every identifier in a path (conversationId, organizationId, userId…) is a UUID; anything else can
 * name nothing, so the page is not found rather than an error. The magic id is a token, not an id.
 */
export function malformedIdParam(params: Record<string, string | undefined>): boolean {
  return Object.entries(params).some(([name, value]) => name !== 'magicId' && name.endsWith('Id') && value !== undefined && value !== '' && !isPathId(value));
}

/** The query parameters the rules read: the magic link's media (rule 2) and the wanted path (rule 4). */
const RULED_QUERY = ['conversationId', 'next'] as const;

/**
 * Whether a navigation runs the guard again. A new query string on the same page (a tab, a filter, a
 * page number) decides nothing new unless it changes a parameter the rules read; running the guard
 * there would hold the page's change until the guard's requests answer. Another page, or the same
 * address asked again, runs it.
 */
export function guardRunsAgain(current: URL, next: URL): boolean {
  if (trimSlash(current.pathname) !== trimSlash(next.pathname) || current.search === next.search) return true;
  return RULED_QUERY.some((name) => current.searchParams.get(name) !== next.searchParams.get(name));
}

export function decideNavigation(input: NavigationInput): NavigationDecision {
  const { handle, authenticated } = input;
  const query = new URLSearchParams(input.search);
  const pathname = trimSlash(input.pathname);

  // 1. Sessions feature disabled: session pages do not exist.
  if (handle.sessions && !input.sessionsEnabled) return { type: 'redirect', to: paths.notFound };

  // 2. Magic-link sign-in.
  if (input.params.magicId !== undefined && pathname.startsWith('/magiclink-auth/')) {
    return { type: 'magicLink', magicId: input.params.magicId, conversationId: query.get('conversationId') };
  }

  // 3. Not signed in on a page that needs it: sign in first, then come back.
  if (!authenticated && !handle.public) {
    if (pathname === paths.root || pathname === paths.interface) return { type: 'redirect', to: paths.login };
    const next = `${pathname}${input.search && !input.search.startsWith('?') ? '?' : ''}${input.search}`;
    return { type: 'redirect', to: `${paths.login}?${new URLSearchParams({ next }).toString()}` };
  }

  // A malformed identifier in the path names nothing: not found (after sign-in, like any other page).
  if (malformedIdParam(input.params)) return { type: 'redirect', to: paths.notFound };

  // 4. Signed in with a wanted path: go there.
  const next = authenticated ? safeNext(query.get('next')) : null;
  if (next && trimSlash(next.split('?')[0] ?? '') !== pathname) return { type: 'redirect', to: next };

  // 5. A quick meeting in progress (sessions enabled, not on the quick session page, not in the
  //    backoffice): back to it, to save, discard or continue it.
  if (authenticated && input.sessionsEnabled && !handle.quickSession && !handle.backoffice) {
    if (input.recoverableOrganizationId === undefined) return { type: 'checkRecoverable' };
    if (input.recoverableOrganizationId !== null) return { type: 'redirect', to: recoverPath(input.recoverableOrganizationId) };
  }

  // 6. Signed in on the root, on /interface or on a sign-in screen: go to the media library.
  if (authenticated && (pathname === paths.root || pathname === paths.interface || handle.auth)) {
    return { type: 'redirect', to: paths.explore };
  }

  // 7. Conversation pages need rights above 0.
  if (authenticated && handle.conversationDetail && input.params.conversationId) {
    if (input.conversationRight === undefined) return { type: 'checkConversationRight', conversationId: input.params.conversationId };
    if (input.conversationRight <= 0) return { type: 'redirect', to: paths.notFound };
  }

  return { type: 'proceed' };
}
