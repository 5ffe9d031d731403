/** Route flags (docs/PRODUCT.md, Screens and routes: "public", "backoffice", "responsive") and what the layout reads from a route. */
import { useMatches } from 'react-router';

/** Named views (docs/PRODUCT.md, Screens and routes). */
export type ViewName = 'inbox' | 'explore' | 'transcription' | 'overview' | 'publish' | 'subtitle';

export type BreadcrumbKey =
  | 'media'
  | 'upload'
  | 'createOrganization'
  | 'favorites'
  | 'organizationMedia'
  | 'overview'
  | 'settings'
  | 'guestMedia'
  | 'tags'
  | 'transcription'
  | 'profileSettings'
  | 'subtitles'
  | 'publish'
  | 'sessions'
  | 'createSession'
  | 'sessionSettings';

export interface RouteHandle {
  /** Reachable without signing in. */
  public?: boolean;
  backoffice?: boolean;
  /** Usable on a small screen (smaller side under 500 px). */
  responsive?: boolean;
  /** Sign-in and account screens: a signed-in user is sent to explore (guard rule 6). */
  auth?: boolean;
  /** Part of the sessions feature (guard rule 1). */
  sessions?: boolean;
  /** The quick session page: no recovery redirect there (guard rule 5). */
  quickSession?: boolean;
  /** A conversation detail page: needs rights above 0 (guard rule 7). */
  conversationDetail?: boolean;
  /** A list view: changing the organization keeps the user here. */
  listView?: boolean;
  /** Shown even to a signed-in user who belongs to no organization (otherwise: the no-organization screen). */
  noOrganizationNeeded?: boolean;
  view?: ViewName;
  breadcrumbs?: BreadcrumbKey[];
}

/** The merged flags of the matched routes; the deepest route wins. */
export function mergeHandles(handles: unknown[]): RouteHandle {
  return Object.assign({}, ...handles.filter((h): h is RouteHandle => typeof h === 'object' && h !== null)) as RouteHandle;
}

export function useRouteHandle(): RouteHandle {
  return mergeHandles(useMatches().map((m) => m.handle));
}
