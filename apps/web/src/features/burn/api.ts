/**
 * Calls of the burned-in video (docs/burn.md): the media's organization and whether it has a video,
 * the version's burn status (polled slowly while a burn is under way, as a fallback for the socket),
 * starting a burn, and the address of the finished video (the authToken cookie authenticates it).
 */
import { API, type BurnStatus } from '@palabre/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, fillPath } from '../../api/call.ts';
import { conversationKeys } from '../conversations/api.ts';
import { isUnderWay } from './state.ts';

/** Slow fallback when the socket is down: the status every 5 s while a burn is queued or running. */
const POLL_MS = 5_000;

export const burnKeys = {
  // Under the media's key: whatever refreshes the media refreshes these too.
  media: (conversationId: string) => [...conversationKeys.detail(conversationId), 'burn-media'] as const,
  status: (conversationId: string, subtitleId: string) => [...conversationKeys.detail(conversationId), 'burn', subtitleId] as const,
};

export interface BurnMedia {
  organizationId: string;
  name: string;
  media: { video: boolean };
}

export function useBurnMedia(conversationId: string) {
  return useQuery({
    queryKey: burnKeys.media(conversationId),
    queryFn: async () => (await call(API.conversations.get, { params: { id: conversationId }, query: { projection: 'organizationId,name,media' } })) as unknown as BurnMedia,
  });
}

export function useBurnStatus(conversationId: string, subtitleId: string, enabled: boolean) {
  return useQuery({
    queryKey: burnKeys.status(conversationId, subtitleId),
    queryFn: ({ signal }) => call(API.subtitles.burnStatus, { params: { id: conversationId, subtitleId }, signal }),
    enabled,
    refetchInterval: (query) => (isUnderWay(query.state.data) ? POLL_MS : false),
  });
}

export function useStartBurn(conversationId: string, subtitleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.subtitles.burn, { params: { id: conversationId, subtitleId } }),
    onSuccess: (status: BurnStatus) => client.setQueryData(burnKeys.status(conversationId, subtitleId), status),
  });
}

export const burnedVideoUrl = (conversationId: string, subtitleId: string) => fillPath(API.subtitles.burnedVideo.path, { id: conversationId, subtitleId });
