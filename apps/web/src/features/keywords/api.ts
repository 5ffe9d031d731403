/**
 * A media's keywords: GET /conversations/{id}/keywords (read right), POST to extract them (again) as a
 * job. `keywords` notices refetch them (realtime/invalidation.ts); while a job runs and the socket is
 * down, they are polled slowly.
 */
import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, conversationUpdateEvent, type ConversationUpdate, type Keywords } from '@palabre/shared';
import { call } from '../../api/call.ts';
import { conversationKeys } from '../conversations/api.ts';
import { useOrganizationNotices } from '../realtime/organizationNotices.ts';

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

/** The stored transcript, whose fingerprint tells outdated keywords, follows an edit within a couple of seconds. */
const STORED_TRANSCRIPT_DELAY_MS = 4_000;

/**
 * After an edit of the media (an `updated` notice), asks for the keywords again once the stored
 * transcript has caught up, so that "outdated" shows without a reload.
 */
export function useKeywordsFollowEdits(organizationId: string, conversationId: string) {
  const client = useQueryClient();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useOrganizationNotices<ConversationUpdate>(organizationId, conversationUpdateEvent, (update) => {
    if (update.conversationId !== conversationId || update.kind !== 'updated') return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void client.invalidateQueries({ queryKey: keywordKeys.of(conversationId) }), STORED_TRANSCRIPT_DELAY_MS);
  });
}
