/** Reads a small multipart form (fields + at most one file per name) into memory, within limits. */
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

export async function readSmallForm(request: FastifyRequest, maxFileBytes: number): Promise<SmallForm> {
  try {
    return await readParts(request, maxFileBytes);
  } catch (error) {
    const refusal = multipartLimitError(error);
    if (!refusal) throw error;
    // Busboy stopped reading: discard the rest of the body so the connection stays usable.
    request.raw.resume();
    throw refusal;
  }
}

async function readParts(request: FastifyRequest, maxFileBytes: number): Promise<SmallForm> {
  if (!request.isMultipart()) throw new AppError('validation_failed', 'Expected multipart/form-data');
  const form: SmallForm = { fields: {}, files: {} };
  for await (const part of request.parts({ limits: { fileSize: maxFileBytes, files: 2, fields: 20, fieldSize: 10_000 } })) {
    if (part.type === 'file') {
      if (part.fieldname in form.files) {
        part.file.resume();
        throw new AppError('validation_failed', `Only one file is expected for "${part.fieldname}"`, { [part.fieldname]: 'error.single_file' });
      }
      const buffer = await part.toBuffer();
      if (part.file.truncated) throw new AppError('payload_too_large', `The file "${part.fieldname}" is too large`);
      if (buffer.length > 0) form.files[part.fieldname] = buffer;
    } else {
      form.fields[part.fieldname] = String(part.value);
    }
  }
  assertStorable(form.fields);
  return form;
}
