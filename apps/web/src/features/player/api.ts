/** What the player reads from the server: the media stream and its precomputed waveform peaks. */
import type { WaveformPeaks } from '@palabre/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { conversationKeys } from '../conversations/api.ts';

export const mediaUrl = (conversationId: string) => `/cm-api/api/conversations/${encodeURIComponent(conversationId)}/media`;

/** Peaks JSON of GET /conversations/{id}/media?mediatype=json (WaveformPeaks, from @palabre/shared). */
export function usePeaks(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...conversationKeys.detail(conversationId), 'peaks'],
    queryFn: () => api.get<WaveformPeaks>(`/conversations/${encodeURIComponent(conversationId)}/media`, { mediatype: 'json' }),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
