/**
 * Conversation (media) calls (docs/PRODUCT.md, API) used by the create page, the status page and the overview:
 * read, rename, delete, retry, transcriber profiles, and the multipart creation with upload progress.
 */
import { API, isActiveMediaStatus, type BodyInput, type ConversationDetail, type CreateConversationFields, type TranscriptionConfig } from '@palabre/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, upload } from '../../api/call.ts';
import { ApiError, isMissing } from '../../api/client.ts';

/** GET /conversations/{id}: the media, plus its transcript (speakers, turns) once processed. */
export type { ConversationDetail } from '@palabre/shared';

export const conversationKeys = {
  all: ['conversations'] as const,
  detail: (id: string) => ['conversations', id] as const,
  profiles: (organizationId: string) => ['organizations', organizationId, 'transcriber_profiles'] as const,
};

export function useConversation(conversationId: string | undefined, options: { pollWhileProcessing?: number } = {}) {
  return useQuery({
    queryKey: conversationKeys.detail(conversationId ?? ''),
    // Without `projection` or `key` the whole media comes back, never a projection.
    queryFn: async () => (await call(API.conversations.get, { params: { id: conversationId! } })) as ConversationDetail,
    enabled: Boolean(conversationId),
    retry: (count, error) => !isMissing(error) && count < 2,
    // Slow fallback when the socket is down: every 10 s while the media is being processed.
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isActiveMediaStatus(status) ? (options.pollWhileProcessing ?? 10_000) : false;
    },
  });
}

export function useTranscriberProfiles(organizationId: string | undefined) {
  return useQuery({
    queryKey: conversationKeys.profiles(organizationId ?? ''),
    queryFn: async () => (await call(API.transcriberProfiles.ofOrganization, { params: { id: organizationId! } })).list,
    enabled: Boolean(organizationId),
    staleTime: 30_000,
  });
}

export function useUpdateConversation(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; description?: string }) => call(API.conversations.update, { params: { id: conversationId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) }),
  });
}

export function useDeleteConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => call(API.conversations.remove, { params: { id: conversationId } }),
    onSuccess: (_data, conversationId) => {
      client.removeQueries({ queryKey: conversationKeys.detail(conversationId) });
      return client.invalidateQueries({ queryKey: conversationKeys.all });
    },
  });
}

/** Another language or transcriber profile for the retry; absent ones stay as they were. */
export type RetrySettings = NonNullable<BodyInput<typeof API.conversations.retry>>;

export function useRetryConversation(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: RetrySettings = {}) => call(API.conversations.retry, { params: { id: conversationId }, body: settings }),
    onSuccess: () => client.invalidateQueries({ queryKey: conversationKeys.detail(conversationId) }),
  });
}

/** What the creation form holds (docs/PRODUCT.md, Entities). */
export interface MediaSettings {
  name: string;
  description: string;
  membersRight: number;
  serviceName: string | null;
  lang: CreateConversationFields['lang'];
  acoustic: NonNullable<CreateConversationFields['acoustic']> | null;
  modelQuality: NonNullable<CreateConversationFields['modelQuality']> | null;
  transcriptionConfig: TranscriptionConfig;
}

export type MediaSource = { kind: 'files'; tracks: { file: Blob; fileName: string; name: string }[] } | { kind: 'url'; url: string };

export function buildCreateForm(settings: MediaSettings, source: MediaSource): FormData {
  const form = new FormData();
  form.set('name', settings.name.trim());
  form.set('description', settings.description.trim());
  form.set('membersRight', String(settings.membersRight));
  if (settings.serviceName) form.set('serviceName', settings.serviceName);
  form.set('transcriptionConfig', JSON.stringify(settings.transcriptionConfig));
  form.set('lang', settings.lang);
  if (settings.acoustic) form.set('acoustic', settings.acoustic);
  if (settings.modelQuality) form.set('modelQuality', settings.modelQuality);
  if (source.kind === 'url') {
    form.set('url', source.url.trim());
  } else {
    form.set('channelNames', JSON.stringify(source.tracks.map((track, index) => track.name.trim() || `Track ${index + 1}`)));
    for (const track of source.tracks) form.append('file', track.file, track.fileName);
  }
  return form;
}

export function createConversation(organizationId: string, form: FormData, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  return upload(API.conversations.create, { params: { id: organizationId }, form, onProgress, signal });
}

/** The media-creation message (docs/PRODUCT.md, Messages) for a failed creation (an i18n key of the conversations namespace). */
export function creationErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.tryLater';
  if (error.status === 413) return 'errors.tooBig';
  if (error.status === 403) return 'errors.noUploadRight';
  if (error.status === 400) return error.fields.file === 'error.required' ? 'errors.noFile' : 'errors.checkForm';
  return 'errors.tryLater';
}
