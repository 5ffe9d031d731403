/**
 * Calls of the publish page: the media's organization, name, language and speakers, the transcript as the JSON export
 * renders it (what the text preview shows), a file of any format saved under the server's name, and
 * the PDF preview (`preview=true`) as a blob for the page to show.
 */
import { API, EXPORT_MEDIA_TYPES, type ConversationDetail, type ExportFormat, type TranscriptExport } from '@palabre/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, callFile } from '../../api/call.ts';
import { isMissing } from '../../api/client.ts';
import { conversationKeys } from '../conversations/api.ts';
import { fallbackFilename, type ExportRequest } from './choices.ts';

export type PublishMedia = Pick<ConversationDetail, '_id' | 'organizationId' | 'name' | 'status' | 'language' | 'speakers' | 'right'>;
const FIELDS = ['organizationId', 'name', 'status', 'language', 'speakers', 'right'].join(',');

export const publishKeys = {
  media: (id: string) => [...conversationKeys.detail(id), 'publish'] as const,
  // Under the media's key: whatever refreshes the media (a changed transcript) refreshes the preview.
  preview: (id: string, request: ExportRequest) => [...conversationKeys.detail(id), 'export', request] as const,
};

export function usePublishMedia(conversationId: string | undefined) {
  return useQuery({
    queryKey: publishKeys.media(conversationId ?? ''),
    queryFn: async () => (await call(API.conversations.get, { params: { id: conversationId! }, query: { projection: FIELDS } })) as unknown as PublishMedia,
    enabled: Boolean(conversationId),
    retry: (count, error) => !isMissing(error) && count < 2,
  });
}

/** The filtered transcript with the metadata asked for, as the JSON export holds it; the last answer stays shown while the next loads. */
export function useExportPreview(conversationId: string, request: ExportRequest, enabled: boolean) {
  return useQuery({
    queryKey: publishKeys.preview(conversationId, request),
    queryFn: async ({ signal }) =>
      (await call(API.exports.download, {
        params: { id: conversationId },
        query: { ...request.query, format: 'json' },
        body: request.body,
        signal,
      })) as unknown as TranscriptExport,
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Fetches the export in `format` and saves it under the name the server gave it. */
export async function downloadExport(conversationId: string, request: ExportRequest, format: ExportFormat, title: string): Promise<string> {
  const file = await callFile(API.exports.download, { params: { id: conversationId }, query: { ...request.query, format }, body: request.body });
  const filename = file.filename ?? fallbackFilename(title, EXPORT_MEDIA_TYPES[format].extension);
  saveFile(file.blob, filename);
  return filename;
}

/** The PDF the preview shows: a blob the caller turns into a URL and revokes when done. */
export async function fetchPdfPreview(conversationId: string, request: ExportRequest): Promise<Blob> {
  const file = await callFile(API.exports.download, { params: { id: conversationId }, query: { ...request.query, format: 'pdf', preview: true }, body: request.body });
  // Typed, so the browser's viewer takes it whatever the answer's header said.
  return file.blob.type === 'application/pdf' ? file.blob : new Blob([file.blob], { type: 'application/pdf' });
}

/** Saves a blob under a file name, as a download of the browser. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by then; the URL only holds memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
