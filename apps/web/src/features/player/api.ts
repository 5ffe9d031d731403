/** What the player reads from the server: the media stream and its precomputed waveform peaks. */
import { API, type WaveformPeaks } from '@palabre/shared';
import { useQuery } from '@tanstack/react-query';
import { call, fillPath } from '../../api/call.ts';
import { conversationKeys } from '../conversations/api.ts';

export const mediaUrl = (conversationId: string) => fillPath(API.conversations.media.path, { id: conversationId });

/** Peaks JSON of GET /conversations/{id}/media?mediatype=json (WaveformPeaks, from @palabre/shared). */
export function usePeaks(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...conversationKeys.detail(conversationId), 'peaks'],
    // The entry answers audio or JSON depending on `mediatype`, so it declares no JSON schema: the peaks are typed here.
    queryFn: async () => (await call(API.conversations.media, { params: { id: conversationId }, query: { mediatype: 'json' } })) as unknown as WaveformPeaks,
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
