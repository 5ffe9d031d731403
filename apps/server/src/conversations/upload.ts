/**
 * POST /organizations/{id}/conversations/create: the multipart form streamed part by part. Each
 * `file` part goes straight to storage (never whole in memory); the size limit is enforced while
 * streaming; any failure (too big, wrong format, bad form, client gone) removes what was stored.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { fileName, zCreateConversationFields, type CreateConversationFields } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { MediaFiles } from '../db/schema.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, fieldErrorKey } from '../http/errors.ts';
import { formParts, multipartLimitError, readingForm, tooLongField } from '../http/multipart.ts';
import { authorize } from '../organizations/service.ts';
import { profileForLanguage, profileForOrganization, supportsLanguage } from '../transcriber-profiles/service.ts';
import { emit, enqueue } from './effects.ts';
import { conversationsRepo, type FilesWithSource } from './repo.ts';
import { deleteFiles } from './service.ts';
import { refuseUpload, servedMediaType, SNIFF_BYTES } from './sniff.ts';
import { tooManyImports, withinImportCap } from './import-quota.ts';
import { checkImportUrl, ImportRefused } from './url-import.ts';
import type { ImportRefusal } from './import-common.ts';
import { assertStorable } from '../http/text-input.ts';

/** The form's words for a refused import address: not allowed, no such host, or not importable at all. */
const REFUSAL_KEYS: Record<ImportRefusal, string> = {
  address_not_allowed: 'error.address_not_allowed',
  host_not_found: 'error.host_not_found',
  forbidden_url: 'error.forbidden_url',
};

export const MESSAGES = {
  created: 'The media has been created',
  tooBig: 'The audio file is too big. The maximum size is 1GB.',
  noFile: 'Error: you did not upload any audio file',
  checkForm: 'Error: please check the form',
} as const;

const MAX_TRACKS = 16;

class TooBig extends Error {}

/** Next to the pipeline's derived files (media/<id>/…). */
export const originalKey = (conversationId: string, index: number, ext: string) => `media/${conversationId}/original-${index}${ext}`;

type Original = MediaFiles['originals'][number];

/** "Interview.WAV" → ".wav"; only plain short extensions are kept in storage keys. */
export function extensionOf(filename: string | undefined): string {
  const ext = path.extname(filename ?? '').toLowerCase();
  return /^\.[a-z0-9]{1,8}$/.test(ext) ? ext : '';
}

/** A track's name: the one given in channelNames, else the file name without extension. */
export function channelName(index: number, given: string[] | undefined, filename: string | undefined): string {
  const fromFile = path
    .basename(filename ?? '', path.extname(filename ?? ''))
    .trim()
    .slice(0, 100);
  return given?.[index] ?? (fromFile || `Track ${index + 1}`);
}

async function drain(stream: Readable): Promise<void> {
  await readingForm(
    (async () => {
      for await (const _ of stream) {
        // discard
      }
    })(),
  );
}

/**
 * Streams one file part into storage. Resolves to the stored original, or null when the part was
 * refused (the reason is returned); throws TooBig when it exceeds the limit (nothing kept).
 */
async function storePart(ctx: AppContext, part: MultipartFile, key: string): Promise<{ stored: Original } | { refused: string }> {
  const iterator = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < SNIFF_BYTES) {
    const next = await readingForm(iterator.next());
    if (next.done) {
      ended = true;
      break;
    }
    first.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(first);
  const refused = refuseUpload(head.subarray(0, SNIFF_BYTES));
  if (refused) {
    if (!ended) await drain(Readable.from({ [Symbol.asyncIterator]: () => iterator }));
    return { refused };
  }
  const body = Readable.from(
    (async function* () {
      if (head.length > 0) yield head;
      if (!ended) {
        for (;;) {
          const next = await readingForm(iterator.next());
          if (next.done) break;
          yield next.value;
        }
      }
      // busboy stops at the limit and ends the stream marked truncated: fail the write so that
      // storage discards its temporary file.
      if (part.file.truncated) throw new TooBig();
    })(),
  );
  const { size } = await ctx.storage.put(key, body);
  return { stored: { key, name: fileName(part.filename, 'media'), size, mimeType: servedMediaType(head.subarray(0, SNIFF_BYTES)) } };
}

function formError(issues: Array<{ path: PropertyKey[]; message: string; code?: string; origin?: string }>): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!fields[key]) fields[key] = fieldErrorKey(issue);
  }
  return new AppError('validation_failed', MESSAGES.checkForm, fields);
}

export async function createFromRequest(ctx: AppContext, actor: Actor, organizationId: string, request: FastifyRequest): Promise<{ message: string; conversationId: string }> {
  const { org } = await authorize(ctx, actor, organizationId, 'upload');
  if (!request.isMultipart()) throw new AppError('validation_failed', MESSAGES.checkForm, { _: 'error.multipart_expected' });

  const conversationId = crypto.randomUUID();
  const raw: Record<string, string> = {};
  const originals: Original[] = [];
  const fileNames: string[] = [];
  let refusal: string | null = null;
  let tooBig = false;
  let tooMany = false;
  let inserted = false;
  let sourceUrl: string | undefined;
  try {
    // throwFileSizeLimit: false (read by @fastify/multipart, missing from the parts() typings):
    // a file over the limit ends truncated and storePart discards it, instead of an error thrown
    // from the middle of the iteration.
    const options = {
      throwFileSizeLimit: false,
      limits: { fileSize: ctx.config.maxUploadBytes, files: MAX_TRACKS + 1, fields: 40, fieldSize: 100_000, parts: 60 },
    };
    for await (const part of formParts(request, options as Parameters<FastifyRequest['parts']>[0])) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw tooLongField(part.fieldname);
        if (typeof part.value === 'string') raw[part.fieldname] = part.value;
        continue;
      }
      // After a refusal the rest of the body is read and discarded, so the client gets the answer.
      if (part.fieldname !== 'file' || refusal || tooBig || tooMany) {
        await drain(part.file);
        continue;
      }
      if (originals.length >= MAX_TRACKS) {
        tooMany = true;
        await drain(part.file);
        continue;
      }
      const key = originalKey(conversationId, originals.length, extensionOf(part.filename));
      try {
        const result = await storePart(ctx, part, key);
        if ('refused' in result) refusal = `${fileName(part.filename, 'file')}: ${result.refused}`;
        else {
          originals.push(result.stored);
          fileNames.push(fileName(part.filename, ''));
        }
      } catch (error) {
        if (!(error instanceof TooBig)) throw error;
        tooBig = true;
        await drain(part.file);
      }
    }

    if (tooBig) throw new AppError('payload_too_large', MESSAGES.tooBig, { file: 'error.file_too_big' });
    if (refusal) throw new AppError('validation_failed', `${MESSAGES.checkForm}: ${refusal}`, { file: 'error.invalid_format' });
    if (tooMany) throw new AppError('validation_failed', `${MESSAGES.checkForm}: at most ${MAX_TRACKS} tracks`, { file: 'error.too_many_files' });

    assertStorable(raw, { file: fileNames.join('/') });
    const parsed = zCreateConversationFields.safeParse(raw);
    if (!parsed.success) throw formError(parsed.error.issues);
    const fields: CreateConversationFields = parsed.data;
    if (originals.length === 0 && !fields.url) throw new AppError('validation_failed', MESSAGES.noFile, { file: 'error.required' });
    if (originals.length > 0 && fields.url) throw new AppError('validation_failed', MESSAGES.checkForm, { url: 'error.file_or_url' });
    if (fields.channelNames && fields.channelNames.length > originals.length && originals.length > 0) {
      throw new AppError('validation_failed', MESSAGES.checkForm, { channelNames: 'error.invalid' });
    }

    const profile = fields.serviceName ? await profileForOrganization(ctx, org.id, fields.serviceName) : await profileForLanguage(ctx, org.id, fields.lang);
    if (fields.serviceName && !profile) throw new AppError('validation_failed', MESSAGES.checkForm, { serviceName: 'error.invalid' });
    // Refused now rather than failing later in processing.
    if (!supportsLanguage(profile, fields.lang)) {
      throw new AppError('validation_failed', `${MESSAGES.checkForm}: the transcriber profile does not transcribe this language`, { lang: 'error.unsupported_language' });
    }

    if (fields.url) {
      try {
        await checkImportUrl(ctx, fields.url);
      } catch (error) {
        if (error instanceof ImportRefused) throw new AppError('validation_failed', `${MESSAGES.checkForm}: ${error.message}`, { url: REFUSAL_KEYS[error.reason] });
        throw error;
      }
    }

    const files: FilesWithSource = fields.url ? { originals: [], sourceUrl: fields.url } : { originals };
    const channels = fields.url
      ? [{ index: 0, name: fields.channelNames?.[0] ?? fields.name }]
      : originals.map((_, index) => ({ index, name: channelName(index, fields.channelNames, fileNames[index]) }));
    await conversationsRepo.insert(ctx.db, {
      id: conversationId,
      organizationId: org.id,
      ownerId: actor.user.id,
      name: fields.name,
      description: fields.description,
      source: fields.url ? 'url' : 'upload',
      status: 'pending',
      requestedLanguage: fields.lang,
      acoustic: fields.acoustic ?? null,
      modelQuality: fields.modelQuality ?? null,
      transcriberProfileId: profile?.id ?? null,
      transcriptionConfig: fields.transcriptionConfig ?? {},
      membersRight: fields.membersRight,
      channels,
      files,
    });
    inserted = true;
    sourceUrl = fields.url;
  } catch (error) {
    // Whatever happened (including the client going away halfway), nothing stays behind.
    if (!inserted)
      await deleteFiles(
        ctx,
        originals.map((o) => o.key),
      );
    throw multipartLimitError(error) ?? error;
  }

  if (sourceUrl && !(await withinImportCap(ctx, actor.user.id))) {
    await conversationsRepo.delete(ctx.db, conversationId);
    throw tooManyImports(ctx.config.mediaImportsPerUser);
  }

  try {
    if (sourceUrl) await enqueue(ctx, 'media.import-url', { conversationId, url: sourceUrl });
    else await enqueue(ctx, 'media.preprocess', { conversationId });
  } catch (error) {
    // The media exists with its files: say so on it (it can be retried) rather than leave it pending.
    ctx.log.error({ err: error, conversationId }, 'could not queue the processing of a new media');
    await conversationsRepo.update(ctx.db, conversationId, { status: 'error', processing: { steps: [], log: 'The processing could not be queued; retry it.' } });
    throw new AppError('internal_error', 'Error: please try again later');
  }
  emit(ctx, org.id, { conversationId, kind: 'created', status: 'pending' });
  return { message: MESSAGES.created, conversationId };
}
