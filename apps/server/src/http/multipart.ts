/** Reads a small multipart form (fields + at most one file per name) into memory, within limits. */
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { assertStorable } from './text-input.ts';

export interface SmallForm {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

/** What busboy's count limits mean for the client (it reports them as errors with these codes). */
const COUNT_LIMITS: Record<string, { field: string; key: string; what: string }> = {
  FST_PARTS_LIMIT: { field: '_', key: 'error.too_many_parts', what: 'parts' },
  FST_FILES_LIMIT: { field: 'file', key: 'error.too_many_files', what: 'files' },
  FST_FIELDS_LIMIT: { field: '_', key: 'error.too_many_fields', what: 'fields' },
};

/**
 * A form over one of the count limits is the client's mistake: a 400 naming the limit (never a
 * 413 or a 500). Answers null for any other error.
 */
export function multipartLimitError(error: unknown): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  const limit = typeof code === 'string' ? COUNT_LIMITS[code] : undefined;
  if (!limit) return null;
  return new AppError('validation_failed', `The form has too many ${limit.what}`, { [limit.field]: limit.key });
}

/** A body that is not a readable multipart form (no boundary, cut short, malformed part headers). */
export const malformedForm = () => new AppError('validation_failed', 'The form could not be read', { _: 'error.multipart_expected' });

/**
 * What a failure met while reading a form (its parts, or a file part's bytes) means for the client:
 * a count limit or a malformed body is their mistake, a 400; a size limit stays as it is (the error
 * handler answers 413), like the caller's own AppErrors. Busboy's errors are plain `Error`s, so
 * anything else that reading the form throws is taken as a malformed body.
 */
export function formReadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const limit = multipartLimitError(error);
  if (limit) return limit;
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413) return error;
  return malformedForm();
}

/** Awaits one read of the form (a part, a file part's next bytes), its failure told as `formReadError` says. */
export async function readingForm<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    throw formReadError(error);
  }
}

/**
 * The parts of a multipart request, like `request.parts()`, whose reading failures are the client's
 * (`formReadError`), and which refuses a part without a name: nothing could say what it is for.
 */
export async function* formParts(request: FastifyRequest, options: Parameters<FastifyRequest['parts']>[0]): AsyncGenerator<Multipart> {
  const iterator = request.parts(options)[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await readingForm(iterator.next());
      if (next.done) return;
      if (!next.value.fieldname) throw malformedForm();
      yield next.value;
    }
  } finally {
    await iterator.return?.(undefined);
  }
}

export async function readSmallForm(request: FastifyRequest, maxFileBytes: number): Promise<SmallForm> {
  try {
    return await readParts(request, maxFileBytes);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'validation_failed') throw error;
    // Busboy stopped reading: discard the rest of the body so the connection stays usable.
    request.raw.resume();
    throw error;
  }
}

async function readParts(request: FastifyRequest, maxFileBytes: number): Promise<SmallForm> {
  if (!request.isMultipart()) throw new AppError('validation_failed', 'Expected multipart/form-data');
  const form: SmallForm = { fields: {}, files: {} };
  for await (const part of formParts(request, { limits: { fileSize: maxFileBytes, files: 2, fields: 20, fieldSize: SMALL_FIELD_BYTES } })) {
    if (part.type === 'file') {
      if (part.fieldname in form.files) {
        part.file.resume();
        throw new AppError('validation_failed', `Only one file is expected for "${part.fieldname}"`, { [part.fieldname]: 'error.single_file' });
      }
      const buffer = await readingForm(part.toBuffer());
      if (part.file.truncated) throw new AppError('payload_too_large', `The file "${part.fieldname}" is too large`);
      if (buffer.length > 0) form.files[part.fieldname] = buffer;
    } else {
      // Busboy cuts a field at the limit and says so: refused rather than kept cut.
      if (part.valueTruncated) throw tooLongField(part.fieldname);
      form.fields[part.fieldname] = String(part.value);
    }
  }
  assertStorable(form.fields);
  return form;
}

/** The longest field of a small form, in bytes: far above any of its names. */
const SMALL_FIELD_BYTES = 10_000;

export const tooLongField = (name: string) => new AppError('validation_failed', `The field "${name}" is too long`, { [name]: 'error.too_long' });
