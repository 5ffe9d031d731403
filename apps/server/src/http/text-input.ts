/**
 * Text the database cannot store is refused at the door, for every route: PostgreSQL's text and
 * jsonb types reject the NUL character, so a NUL anywhere in a request (path parameters, query,
 * JSON body, multipart fields and file names) is a validation error naming the field, never a
 * database failure.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const UNSTORABLE = /\u0000/;
const UNSTORABLE_KEY = 'error.unauthorized_caracters';

/** The path of the first string (value or key) the database cannot store, or null. */
export function unstorableField(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path || '_' : null;
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return null;
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const at = path ? `${path}.${key}` : key;
    if (UNSTORABLE.test(key)) return at.replace(UNSTORABLE, '');
    const found = unstorableField(item, at, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Throws the validation error for the first unstorable field of these inputs. */
export function assertStorable(...inputs: unknown[]): void {
  for (const input of inputs) {
    const field = unstorableField(input);
    if (field) throw new AppError('validation_failed', 'The request is not valid: please check the form', { [field]: UNSTORABLE_KEY });
  }
}

export function registerTextInputCheck(app: FastifyInstance): void {
  // preValidation: after the body is parsed, before any handler; multipart forms are read by the
  // handlers, which call assertStorable on their fields (see multipart.ts and the upload).
  app.addHook('preValidation', async (request) => {
    assertStorable(request.params, request.query, request.body);
  });
}
