/** Business constants and limits (docs/PRODUCT.md, Limits). */
export const MAX_AUDIO_FILE_BYTES = 1024 * 1024 * 1024;
export const MIN_PASSWORD_LENGTH = 6;
/** One maximum for every password form (sign-up, reset, change) and for sign-in. */
export const MAX_PASSWORD_LENGTH = 128;
/** Longest accepted names and free texts, in characters (after trimming). */
export const TEXT_LIMITS = {
  personName: 100,
  organizationName: 100,
  organizationDescription: 2000,
  mediaName: 200,
  mediaDescription: 5000,
  profileName: 100,
  profileDescription: 1000,
  search: 200,
} as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** A media list counts its media up to this many past the page asked for; beyond, it says "more than". */
export const LIBRARY_COUNT_AHEAD = 1000;
export const LIST_LIMIT = 100;
export const DEFAULT_SORT_FIELD = 'last_update';
export const DEFAULT_SORT_CRITERIA = -1;

export const DAY_SECONDS = 24 * 60 * 60;
export const AUTH_TOKEN_TTL_SECONDS = 7 * DAY_SECONDS;
export const USER_ID_COOKIE_TTL_SECONDS = 7 * DAY_SECONDS;
export const REFRESH_TOKEN_TTL_SECONDS = 14 * DAY_SECONDS;
export const ORGA_SCOPE_COOKIE_TTL_SECONDS = 7 * DAY_SECONDS;
export const MAGIC_LINK_TTL_SECONDS = 15 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
export const EMAIL_VERIFICATION_TTL_SECONDS = 48 * 60 * 60;

export const MOBILE_THRESHOLD_PX = 500;
export const DEFAULT_INVITED_ROLE = 1;
export const OWNER_ROLE_LEVEL = 6;
export const BROKER_DOWN_NOTICES_BEFORE_CLOSE = 5;
export const TURN_SIZE = 2000;
export const TURNS_PER_PAGE = 10;
export const MAX_CHARACTERS_PER_PAGE = 20000;

export const FEATURES = {
  userCreationDisabled: false,
  sessionsEnabled: true,
  betaLiveTranscription: true,
  experimentalHighlight: false,
  watermark: { enabled: true, frequencySeconds: 600, durationSeconds: 10 },
} as const;

export const LOCALES = ['en-US', 'fr-FR'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

export const COOKIE = {
  authToken: 'authToken',
  refreshToken: 'refreshToken',
  userId: 'userId',
  orgaScope: 'cm_orga_scope',
  xsrf: 'XSRF-TOKEN',
} as const;
export const XSRF_HEADER = 'x-xsrf-token';

export const API_BASE = '/cm-api/api';
export const AUTH_BASE = '/cm-api/auth';
export const MEDIA_BASE = '/cm-api/media';
/** Paths a client uses before the endpoint table is loaded (the table names the same ones). */
export const HEALTH_PATH = '/healthcheck';
export const REFRESH_PATH = `${AUTH_BASE}/refresh`;
/** The GETs a first screen needs, which the web client asks for before its endpoint table loads. */
export const FIRST_SCREEN_PATHS = {
  config: `${API_BASE}/config`,
  self: `${API_BASE}/users/self`,
  organizations: `${API_BASE}/organizations`,
  recoverableMeeting: `${API_BASE}/users/self/quickMeeting/`,
  conversation: `${API_BASE}/conversations/:id`,
} as const;
