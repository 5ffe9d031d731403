/**
 * What the verbatim tab asks of an export (docs/exports.md): the title, the download filter (speakers,
 * keywords) and the metadata flags, turned into the query and body of POST /conversations/{id}/download.
 * The text preview, every download and the PDF preview are built from the same request, so what the
 * page shows is what the files hold.
 */
import { TEXT_LIMITS, type BodyInput, type ExportFormat, type QueryInput, type API, type ReportKind } from '@palabre/shared';

export type MetadataFlag = 'description' | 'tags' | 'keyword' | 'timestamp' | 'speakers';
/** In the order the form lists them. */
export const METADATA_FLAGS: readonly MetadataFlag[] = ['timestamp', 'speakers', 'description', 'tags', 'keyword'];

export interface ExportChoices {
  /** As typed; blank means the media's name. */
  title: string;
  /** Ids of the speakers to keep; none: every speaker. */
  speakers: string[];
  /** Comma-separated words, as typed. */
  keywords: string;
  metadata: Record<MetadataFlag, boolean>;
}

export const DEFAULT_CHOICES: ExportChoices = {
  title: '',
  speakers: [],
  keywords: '',
  metadata: { timestamp: true, speakers: true, description: false, tags: false, keyword: false },
};

/** The formats of the download menu, in the order it lists them. */
export const DOWNLOAD_FORMATS: readonly ExportFormat[] = ['docx', 'pdf', 'odt', 'text', 'json', 'srt', 'vtt'];

export const TITLE_MAX = TEXT_LIMITS.mediaName;

/** The words of a comma-separated list: trimmed, without blanks or repeats (case ignored). */
export function keywordList(raw: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const part of raw.split(',')) {
    const word = part.trim();
    const key = word.toLocaleLowerCase();
    if (!word || seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  return words;
}

/** The comma-joined filter words with `keyword` added, or taken out when it is there (case ignored). */
export function toggleKeyword(raw: string, keyword: string): string {
  const words = keywordList(raw);
  const kept = words.filter((word) => word.toLocaleLowerCase() !== keyword.toLocaleLowerCase());
  return (kept.length < words.length ? kept : [...words, keyword]).join(', ');
}

type DownloadEndpoint = typeof API.exports.download;
export interface ExportRequest {
  query: Omit<NonNullable<QueryInput<DownloadEndpoint>>, 'format' | 'preview'>;
  body: NonNullable<BodyInput<DownloadEndpoint>>;
}

/** The request of the choices; the title is left out when it is blank or the media's name (the server's default). */
export function exportRequest(choices: ExportChoices, mediaName: string): ExportRequest {
  const title = choices.title.trim().slice(0, TITLE_MAX);
  const keywords = keywordList(choices.keywords);
  const filter: ExportRequest['body']['filter'] = {};
  if (choices.speakers.length > 0) filter.speaker = choices.speakers.join(',');
  if (keywords.length > 0) filter.keyword = keywords.join(',');
  return {
    query: { flavor: 'verbatim', ...(title && title !== mediaName ? { title } : {}) },
    body: { filter, metadata: { ...choices.metadata } },
  };
}

/** The formats a report downloads in, in the order its menu lists them (`text`: its Markdown). */
export const REPORT_DOWNLOAD_FORMATS: readonly ExportFormat[] = ['docx', 'pdf', 'text'];

/** The request of a report's download: the report flavour, under the server's default title (the kind and the media's name). */
export function reportExportRequest(kind: ReportKind): ExportRequest {
  return { query: { flavor: kind }, body: {} };
}

/** Whether the choices keep only part of the transcript. */
export function isFiltered(choices: ExportChoices): boolean {
  return choices.speakers.length > 0 || keywordList(choices.keywords).length > 0;
}

/** The name to save a file under when the server gave none: the title, without characters file systems refuse. */
export function fallbackFilename(title: string, extension: string): string {
  const base =
    title
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'transcript';
  return `${base}.${extension}`;
}

/** A turn's start as the exported files write it: 65.4 → "00:01:05". */
export function exportClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
