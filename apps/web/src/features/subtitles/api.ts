/**
 * Calls of the subtitle pages (docs/subtitles-api.md): the media's versions, generating, renaming, changing the limits, copying and deleting versions, and the SubRip / WebVTT
 * files. Keys hang under the media's, so a `subtitles` notice of the session socket (which
 * invalidates the media's queries) refreshes an open list.
 */
import { API, type SubtitleExportType, type SubtitleSettings } from '@palabre/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callFile } from '../../api/call.ts';
import { conversationKeys } from '../conversations/api.ts';
import { saveFile } from '../publish/api.ts';
import { fallbackFilename } from '../publish/choices.ts';

export const subtitleKeys = {
  list: (conversationId: string) => [...conversationKeys.detail(conversationId), 'subtitles'] as const,
};

export function useSubtitleVersions(conversationId: string) {
  return useQuery({
    queryKey: subtitleKeys.list(conversationId),
    queryFn: async () => (await call(API.subtitles.list, { params: { id: conversationId } })).list,
  });
}

/** The mutations of the versions list; each refreshes the list when done. */
export function useSubtitleMutations(conversationId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: subtitleKeys.list(conversationId) });
  const params = (subtitleId: string) => ({ id: conversationId, subtitleId });
  return {
    create: useMutation({
      mutationFn: (body: { name: string; settings: SubtitleSettings }) => call(API.subtitles.create, { params: { id: conversationId }, body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ subtitleId, ...body }: { subtitleId: string; name?: string; settings?: SubtitleSettings }) => call(API.subtitles.update, { params: params(subtitleId), body }),
      onSuccess: refresh,
    }),
    copy: useMutation({
      mutationFn: ({ subtitleId, name }: { subtitleId: string; name: string }) => call(API.subtitles.copy, { params: params(subtitleId), body: { name } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (ids: readonly string[]) =>
        ids.length === 1
          ? call(API.subtitles.delete, { params: params(ids[0]!) })
          : call(API.subtitles.deleteMany, { params: { id: conversationId }, query: { ids: ids.join(',') } }),
      onSuccess: refresh,
    }),
  };
}

/** Fetches the version as SubRip or WebVTT and saves it under the server's file name. */
export async function downloadSubtitles(conversationId: string, subtitleId: string, type: SubtitleExportType, name: string): Promise<string> {
  const file = await callFile(API.subtitles.export, { params: { id: conversationId, subtitleId }, query: { type } });
  const filename = file.filename ?? fallbackFilename(name, type);
  saveFile(file.blob, filename);
  return filename;
}
