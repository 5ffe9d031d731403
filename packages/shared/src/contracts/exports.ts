/**
 * Exports of a media's transcript (docs/exports.md): `POST /conversations/{id}/download?format=…`
 * with a body of filter and metadata flags. Read right. The verbatim tab of the publish page shows the
 * same choices and previews the PDF.
 */
import { z } from 'zod';
import { TEXT_LIMITS } from '../constants.ts';

export const EXPORT_FORMATS = ['json', 'text', 'docx', 'pdf', 'odt', 'srt', 'vtt'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What each format is served as. */
export const EXPORT_MEDIA_TYPES: Record<ExportFormat, { type: string; extension: string }> = {
  json: { type: 'application/json; charset=utf-8', extension: 'json' },
  text: { type: 'text/plain; charset=utf-8', extension: 'txt' },
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  pdf: { type: 'application/pdf', extension: 'pdf' },
  odt: { type: 'application/vnd.oasis.opendocument.text', extension: 'odt' },
  srt: { type: 'application/x-subrip; charset=utf-8', extension: 'srt' },
  vtt: { type: 'text/vtt; charset=utf-8', extension: 'vtt' },
};

/** Report flavours of the generic form: the transcript itself (verbatim) or one of the generated reports (docs/reports.md). */
export const EXPORT_FLAVORS = ['verbatim', 'summary', 'cra', 'cred', 'cri'] as const;
export type ExportFlavor = (typeof EXPORT_FLAVORS)[number];
/** The formats a generated report is served in (`text`: its Markdown). */
export const REPORT_EXPORT_FORMATS = ['docx', 'pdf', 'text', 'json'] as const;

const zFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** The generic form's query fields. */
export const zDownloadQuery = z.object({
  format: z.enum(EXPORT_FORMATS),
  /** `true`: a PDF to show in the page (inline), whatever `format` says. */
  preview: zFlag.default(false),
  flavor: z.enum(EXPORT_FLAVORS).default('verbatim'),
  /**
   * A report flavour: queue a regeneration (generate-summary permission) and answer 202 with the
   * report's state instead of a document. The verbatim export is always made from the current transcript.
   */
  regenerate: zFlag.default(false),
  /** The document's title (default: the media's name). */
  title: z.string().trim().min(1).max(TEXT_LIMITS.mediaName).optional(),
  /** A report flavour's output kind: `markdown` (default) or `text` (Markdown stripped) for format=text; ignored otherwise. */
  llmOutputType: z.string().max(50).optional(),
});
export type DownloadQuery = z.output<typeof zDownloadQuery>;

/** Comma-joined values (speaker ids or names; keywords), as the spec's filter carries them. */
const zCommaList = z
  .string()
  .max(2000)
  .transform((s) =>
    s
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );

export const zDownloadFilter = z.strictObject({
  /** Keep the turns of these speakers (ids or names, comma joined); empty: every speaker. */
  speaker: zCommaList.optional(),
  /** Keep the turns containing one of these words (comma joined, case and accents ignored); empty: every turn. */
  keyword: zCommaList.optional(),
});

export const zDownloadMetadata = z.strictObject({
  description: z.boolean().default(false),
  tags: z.boolean().default(false),
  keyword: z.boolean().default(false),
  /** Times before each turn. */
  timestamp: z.boolean().default(true),
  /** Speaker names before each turn. */
  speakers: z.boolean().default(true),
});

export const zDownloadBody = z
  .strictObject({
    filter: zDownloadFilter.default({}),
    metadata: zDownloadMetadata.default({ description: false, tags: false, keyword: false, timestamp: true, speakers: true }),
  })
  .default({ filter: {}, metadata: { description: false, tags: false, keyword: false, timestamp: true, speakers: true } });
export type DownloadBody = z.output<typeof zDownloadBody>;

/**
 * The JSON export: the filtered transcript with every word's times and confidence, and the metadata
 * the flags asked for. Its JSON Schema (z.toJSONSchema) is published in docs/exports.md.
 */
export const zTranscriptExport = z.object({
  format: z.literal('palabre.transcript'),
  version: z.literal(1),
  title: z.string(),
  conversationId: z.string(),
  language: z.string().nullable(),
  /** Seconds. */
  duration: z.number().nullable(),
  exportedAt: z.string(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  keywords: z.array(z.string()).optional(),
  speakers: z.array(z.object({ id: z.string(), name: z.string() })),
  turns: z.array(
    z.object({
      id: z.string(),
      speakerId: z.string(),
      speaker: z.string(),
      language: z.string().optional(),
      start: z.number(),
      end: z.number(),
      text: z.string(),
      words: z.array(z.object({ word: z.string(), start: z.number(), end: z.number(), confidence: z.number() })),
    }),
  ),
});
export type TranscriptExport = z.infer<typeof zTranscriptExport>;
