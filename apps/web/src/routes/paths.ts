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
