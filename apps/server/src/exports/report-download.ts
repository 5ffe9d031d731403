/**
 * A generated report through the download form (docs/reports.md, "Downloads"): `flavor` names the
 * report kind, `format` is docx, pdf (or `preview`), text (its Markdown, or plain text with
 * `llmOutputType=text`) or json; `regenerate=true` queues a new generation instead and answers the
 * report (202). Read right to download, the generation rights to regenerate.
 */
import { EXPORT_MEDIA_TYPES, markdownToText, parseMarkdown, REPORT_EXPORT_FORMATS, type DownloadQuery, type Report, type ReportKind } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { Actor } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';
import { exportLanguageOf, reportTitle } from '../reports/labels.ts';
import * as reports from '../reports/service.ts';
import { labelsFor } from './labels.ts';
import { withExportSlot } from './fair-share.ts';
import { renderReport } from './render.ts';
import type { ExportFile } from './service.ts';

type ReportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
const isReportFormat = (format: string): format is ReportFormat => (REPORT_EXPORT_FORMATS as readonly string[]).includes(format);

const MARKDOWN_TYPE = { type: 'text/markdown; charset=utf-8', extension: 'md' };

/** The report's JSON download. */
export function reportJson(report: Report): Buffer {
  const { kind, state, method, markdown, generatedAt } = report;
  return Buffer.from(JSON.stringify({ kind, state, method, markdown, generatedAt }, null, 2) + '\n', 'utf8');
}

export async function downloadReport(ctx: AppContext, actor: Actor, id: string, kind: ReportKind, query: DownloadQuery): Promise<ExportFile | { accepted: Report }> {
  if (query.regenerate) return { accepted: await reports.regenerate(ctx, actor, id, kind) };
  const { report, mediaName, organizationId } = await reports.reportText(ctx, actor, id, kind);
  const format = query.preview ? 'pdf' : query.format;
  if (!isReportFormat(format)) {
    throw new AppError('validation_failed', `A report is downloaded as ${REPORT_EXPORT_FORMATS.join(', ')}`, { format: 'error.invalid' });
  }
  const markdown = report.markdown ?? '';
  const title = query.title ?? reportTitle(kind, report.language, mediaName);
  const file = (bytes: Buffer, media: { type: string; extension: string }): ExportFile => ({
    bytes,
    type: media.type,
    filename: `${title}.${media.extension}`,
    disposition: query.preview ? 'inline' : 'attachment',
  });
  switch (format) {
    case 'json':
      return file(reportJson(report), EXPORT_MEDIA_TYPES.json);
    case 'text':
      return query.llmOutputType === 'text'
        ? file(Buffer.from(markdownToText(parseMarkdown(markdown)), 'utf8'), EXPORT_MEDIA_TYPES.text)
        : file(Buffer.from(markdown, 'utf8'), MARKDOWN_TYPE);
    case 'docx':
    case 'pdf': {
      const language = exportLanguageOf(report.language);
      const bytes = await withExportSlot(ctx, { userId: actor.user.id, organizationId }, () =>
        renderReport({ title, language, labels: labelsFor(language), exportedAt: new Date(), blocks: parseMarkdown(markdown) }, format),
      );
      return file(bytes, EXPORT_MEDIA_TYPES[format]);
    }
  }
}
