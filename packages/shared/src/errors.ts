/** Stable error codes. Clients read the code, never the message. */
export const ERROR_CODES = [
  'validation_failed',
  'unauthorized',
  'invalid_credentials',
  'token_expired',
  'token_revoked',
  'xsrf_missing',
  'forbidden',
  'not_found',
  'conflict',
  'email_exists',
  'organization_name_exists',
  'rate_limited',
  'too_many_requests',
  'payload_too_large',
  'registration_disabled',
  /** The server's administrator turned invitations off (INVITATIONS_DISABLED). */
  'invitations_disabled',
  'owner_cannot_leave',
  'last_owner',
  'sso_failed',
  'magic_link_invalid',
  'reset_link_invalid',
  'verification_link_invalid',
  /** The setup token is wrong, or the installation has its first account already (403). */
  'setup_token_invalid',
  'wrong_password',
  'email_not_verified',
  'no_organization_rights',
  'turn_too_long',
  'invalid_document',
  'subtitle_merge_not_consecutive',
  'subtitle_merge_too_long',
  'subtitle_no_room',
  'subtitle_overlap',
  'not_a_video',
  'export_unavailable',
  'session_streaming',
  'session_status',
  'session_alias_exists',
  /** A quick meeting of the caller is already in progress in this organization (the body names it). */
  'quick_meeting_in_progress',
  /** Every videoconference bot slot of the server is taken. */
  'bot_limit_reached',
  /** Starting the session would exceed the listening channels allowed to its organization or its owner (409). */
  'live_channel_limit_reached',
  /** A report or keywords are being generated: their text cannot change until the job ends (409). */
  'generation_in_progress',
  /** No AI profile is usable here: the conversation with a transcript needs one (409). */
  'ai_not_configured',
  /** The model provider could not be reached or answered a temporary error: try again later (503). */
  'model_unavailable',
  /** The highlight feature is off (experimental flag) (404). */
  'feature_disabled',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  status: 'error';
  code: ErrorCode;
  message: string;
  /** Validation errors: field name → error key (docs/PRODUCT.md, Messages; e.g. error.invalid_email). */
  fields?: Record<string, string>;
  /** Internal errors: the request's id (X-Request-Id), for the user to quote when reporting the failure. */
  requestId?: string;
}
