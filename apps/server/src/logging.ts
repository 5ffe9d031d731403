/**
 * The one logger configuration, shared by the HTTP layer and the services.
 *
 * Logs never carry secrets: objects pass through `redact` (known secret fields at any of the
 * depths the code logs them), and errors through a serializer that keeps what helps an operator
 * (type, message, stack, database error code, constraint) but drops the values a query was bound
 * with: database drivers (pg, PGlite) and drizzle attach the parameters to their errors, and
 * drizzle also writes them into the message.
 */
import pino, { type DestinationStream, type LoggerOptions } from 'pino';

const SECRET_KEYS = [
  'password',
  'passwordHash',
  'password_hash',
  'currentPassword',
  'newPassword',
  'apiKey',
  'api_key',
  'streamKey',
  'stream_key',
  'token',
  'accessToken',
  'refreshToken',
  'refresh_token',
  'auth_token',
  'authToken',
  'magicId',
  'secret',
  'clientSecret',
  'client_secret',
  'secretAccessKey',
  'S3_SECRET_ACCESS_KEY',
  'cookie',
  'authorization',
];

/** Paths for pino's redaction: each key at the top level and up to two objects deep, plus headers. */
export const REDACT_PATHS = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  // The S3 secret key sits deeper in the configuration (config.storage.s3.credentials).
  '*.s3.credentials.secretAccessKey',
  '*.*.s3.credentials.secretAccessKey',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
];

/** Properties of driver errors that hold bound values or row contents, never logged. */
const VALUE_PROPERTIES = new Set(['params', 'parameters', 'values', 'queryOptions', 'detail', 'where', 'internalQuery']);

/** Drizzle's "Failed query: … params: a,b,c": everything from "params:" on is a bound value. */
function withoutParams(text: string): string {
  const at = text.search(/\n?params:/);
  return at === -1 ? text : `${text.slice(0, at)}\nparams: [not logged]`;
}

/** An error as a plain object without bound values; follows `cause` a few levels deep. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const out: Record<string, unknown> = { type: error.name || error.constructor?.name, message: withoutParams(error.message) };
  if (error.stack) out.stack = withoutParams(error.stack);
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_PROPERTIES.has(key) || key === 'cause' || key === 'message' || key === 'stack') continue;
    if (value === undefined || typeof value === 'function') continue;
    // Scalars only (code, severity, constraint, statusCode…): nested objects may hold row data.
    if (typeof value === 'string') out[key] = key === 'query' ? withoutParams(value) : value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
  };
}

/** The process logger; a destination may be given (tests read what was logged). */
export function createLogger(level: string, destination?: DestinationStream): pino.Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}
