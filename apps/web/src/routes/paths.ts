/** Paths of the route table (docs/PRODUCT.md, Screens and routes), so screens never spell URLs by hand. */
export const paths = {
  root: '/',
  login: '/login',
  loginOidc: '/login/oidc',
  createAccount: '/create-account',
  resetPassword: '/reset-password',
  magicLink: (magicId: string) => `/magiclink-auth/${encodeURIComponent(magicId)}`,
  magicLinkInvalid: '/magiclink-auth-invalid',
  verifyEmail: '/verify-email',
  setup: '/setup',

  interface: '/interface',
  inbox: '/interface/inbox',
  explore: '/interface/explore',
  sessionsList: '/interface/sessionsList',
  favorites: '/interface/favorites',
  shared: '/interface/shared',
  conversationCreate: '/interface/conversations/create',
  conversation: (id: string) => `/interface/conversations/${id}`,
  conversationTranscription: (id: string) => `/interface/conversations/${id}/transcription`,
  conversationSubtitles: (id: string) => `/interface/conversations/${id}/subtitles`,
  conversationSubtitle: (id: string, subtitleId: string) => `/interface/conversations/${id}/subtitles/${subtitleId}`,
  conversationPublish: (id: string) => `/interface/conversations/${id}/publish`,
  sessionCreate: '/interface/sessions/create',
  session: (organizationId: string, sessionId: string) => `/interface/${organizationId}/sessions/${sessionId}`,
  sessionSettings: (organizationId: string, sessionId: string) => `/interface/${organizationId}/sessions/${sessionId}/settings`,
  quickSession: (organizationId: string) => `/interface/${organizationId}/quick-session`,
  organizationCreate: '/interface/organizations/create',
  organizationSettings: (id: string) => `/interface/organizations/${id}`,
  userSettings: '/interface/user/settings',
  tagsSettings: '/interface/tags/settings',
  notFound: '/interface/404',

  backoffice: '/backoffice',
  backofficeUsers: '/backoffice/users',
  backofficeOrganizations: '/backoffice/organizations',
  backofficeTranscriberProfiles: '/backoffice/transcriberProfiles',
  backofficeAiProfiles: '/backoffice/aiProfiles',
  backofficeApiKeys: '/backoffice/apiKeys',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every identifier in a path (conversationId, organizationId, userId…) is a UUID. */
export const isPathId = (value: string) => UUID.test(value);

/** A path without its trailing slashes ("/" stays "/"). */
export const trimSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

const segmentsOf = (pathname: string) => trimSlash(pathname).split('/').slice(1);

/**
 * A media's page read from an address, before the router has matched it: the media and which of its
 * pages ('' for its overview, 'transcription', 'publish', 'subtitles/{id}'…), or null elsewhere.
 */
export function mediaPageOf(pathname: string): { conversationId: string; page: string } | null {
  const [root, section, conversationId, ...page] = segmentsOf(pathname);
  if (`/${root}` !== paths.interface || section !== 'conversations' || !conversationId || !isPathId(conversationId)) return null;
  return { conversationId, page: page.join('/') };
}

/** Whether an address is an organization's quick session page (paths.quickSession). */
export function isQuickSessionPath(pathname: string): boolean {
  const [root, organizationId, page, ...rest] = segmentsOf(pathname);
  return `/${root}` === paths.interface && organizationId !== undefined && isPathId(organizationId) && page === 'quick-session' && rest.length === 0;
}
