/**
 * Transcript exports (docs/exports.md): the caller's read right, the media's live transcript, one
 * document model built from the filter and flags, rendered by the asked format (or a PDF to preview).
 * A report flavour downloads that generated report instead (report-download.ts).
 */
import { EXPORT_MEDIA_TYPES, RIGHT, type DownloadBody, type DownloadQuery, type ExportFormat, type Report } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { access } from '../conversations/service.ts';
import type { Actor } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';
import { keywordsRepo } from '../keywords/repo.ts';
import { tagsRepo } from '../tags/repo.ts';
import { withExportSlot } from './fair-share.ts';
import { exportLanguage } from './labels.ts';
import { buildDocument } from './model.ts';
import { render } from './render.ts';
import { downloadReport } from './report-download.ts';

export interface ExportFile {
  bytes: Buffer;
  type: string;
  filename: string;
  disposition: 'inline' | 'attachment';
}

/**
 * The media's transcript, filtered and rendered (read right; outsiders are told the media does not
 * exist), or a generated report (its flavour), or a report's regeneration (`accepted`).
 */
export async function download(
  ctx: AppContext,
  actor: Actor,
  id: string,
  query: DownloadQuery,
  body: DownloadBody,
  acceptLanguage: string | undefined,
): Promise<ExportFile | { accepted: Report }> {
  if (query.flavor !== 'verbatim') return downloadReport(ctx, actor, id, query.flavor, query);
  const { row } = await access(ctx, actor, id, RIGHT.READ);
  const transcript = await ctx.documents.read(row.id);
  if (!transcript) throw new AppError('conflict', 'This media has no transcript to export yet: its processing is not done');
  const needsTags = body.metadata.tags;
  const tags = needsTags ? (await tagsRepo.onConversation(ctx.db, row.id)).tags.map((tag) => tag.name) : [];
  const keywords = body.metadata.keyword ? ((await keywordsRepo.of(ctx.db, row.id))?.keywords ?? []) : [];
  const media = { id: row.id, name: row.name, description: row.description, language: row.language, duration: row.duration, tags, keywords };
  const format: ExportFormat = query.preview ? 'pdf' : query.format;
  // Every format goes through the shared writer thread (fair-share.ts).
  const { doc, bytes } = await withExportSlot(ctx, { userId: actor.user.id, organizationId: row.organizationId }, async () => {
    const doc = buildDocument(media, transcript, body, { title: query.title, language: exportLanguage(actor.user.locale, acceptLanguage) });
    return { doc, bytes: await render(doc, format) };
  });
  const { type, extension } = EXPORT_MEDIA_TYPES[format];
  return { bytes, type, filename: `${doc.title}.${extension}`, disposition: query.preview ? 'inline' : 'attachment' };
}
