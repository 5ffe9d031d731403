/**
 * A media's keywords: GET /conversations/{id}/keywords (read right), POST to extract them (again) as a
 * job. `keywords` and `transcript` notices refetch them (realtime/invalidation.ts); while a job runs and the socket is
 * down, they are polled slowly.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, type Keywords } from '@palabre/shared';
import { call } from '../../api/call.ts';
import { conversationKeys } from '../conversations/api.ts';

export const keywordKeys = {
  of: (conversationId: string) => [...conversationKeys.detail(conversationId), 'keywords'] as const,
};

export const isRunning = (keywords: Keywords | undefined) => keywords?.state === 'queued' || keywords?.state === 'generating';

export function useKeywords(conversationId: string) {
  return useQuery({
    queryKey: keywordKeys.of(conversationId),
    queryFn: ({ signal }) => call(API.keywords.get, { params: { id: conversationId }, signal }),
    refetchInterval: (query) => (isRunning(query.state.data) ? 5_000 : false),
  });
}

/** Extracts with the default AI profile of the organization, else statistically. */
export function useExtractKeywords(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.keywords.extract, { params: { id: conversationId }, body: {} }),
    onSuccess: (keywords) => client.setQueryData(keywordKeys.of(conversationId), keywords),
  });
}
