/** One error model: AppError carries a stable code; the handler maps it to HTTP. */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody, ErrorCode } from '@palabre/shared';
import type { z } from 'zod';

const STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  token_expired: 401,
  token_revoked: 401,
  xsrf_missing: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  email_exists: 409,
  organization_name_exists: 409,
  rate_limited: 429,
  too_many_requests: 429,
  payload_too_large: 413,
  registration_disabled: 403,
  invitations_disabled: 403,
  owner_cannot_leave: 409,
  last_owner: 409,
  sso_failed: 401,
  magic_link_invalid: 401,
  reset_link_invalid: 400,
  verification_link_invalid: 400,
  setup_token_invalid: 403,
  wrong_password: 400,
  email_not_verified: 403,
  no_organization_rights: 403,
  turn_too_long: 422,
  invalid_document: 422,
  subtitle_merge_not_consecutive: 422,
  subtitle_merge_too_long: 422,
  subtitle_no_room: 422,
  subtitle_overlap: 422,
  not_a_video: 422,
  export_unavailable: 503,
  session_streaming: 409,
  session_status: 409,
  session_alias_exists: 409,
  quick_meeting_in_progress: 409,
  generation_in_progress: 409,
  ai_not_configured: 409,
  model_unavailable: 503,
  feature_disabled: 404,
  bot_limit_reached: 503,
  live_channel_limit_reached: 409,
  internal_error: 500,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.status = STATUS[code];
    this.fields = fields;
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);

/** The error key of a field's validation issue: its own `error.*` message, a text over its limit, or "not valid". */
export function fieldErrorKey(issue: { message: string; code?: string; origin?: string }): string {
  if (issue.message.startsWith('error.')) return issue.message;
  return issue.code === 'too_big' && issue.origin === 'string' ? 'error.too_long' : 'error.invalid';
}

/** Parses input with a zod schema; failures name each field with its error key (docs/PRODUCT.md, Validation). */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    if (!fields[key]) fields[key] = fieldErrorKey(issue);
  }
  throw new AppError('validation_failed', 'The request is not valid: please check the form', fields);
}

export function errorBody(error: AppError): ApiErrorBody {
  return { status: 'error', code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error));
    }
    const fe = error as FastifyError;
    if (fe.statusCode === 429) {
      return reply.status(429).send(errorBody(new AppError('rate_limited', 'Too many attempts, please wait a minute')));
    }
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return reply.status(413).send(errorBody(new AppError('payload_too_large', 'The request is too large')));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Malformed JSON, wrong content type, bad multipart: the client's fault, said plainly.
      return reply.status(fe.statusCode === 415 ? 415 : 400).send({ status: 'error', code: 'validation_failed', message: 'The request is malformed' } satisfies ApiErrorBody);
    }
    request.log.error({ err: error, url: request.url, method: request.method }, 'unhandled error');
    return reply.status(500).send({ ...errorBody(new AppError('internal_error', 'An internal error occurred')), requestId: request.id });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(new AppError('not_found', `No route ${request.method} ${request.url.split('?')[0]}`)));
  });
}
