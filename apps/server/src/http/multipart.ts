/** Reads a small multipart form (fields + at most one file per name) into memory, within limits. */
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { assertStorable } from './text-input.ts';

export interface SmallForm {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

export async function readSmallForm(request: FastifyRequest, maxFileBytes: number): Promise<SmallForm> {
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
