/** The transcript's history (snapshots): list, one with its transcript, restore. */
import { API } from '@palabre/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/call.ts';

export const historyKeys = {
  list: (conversationId: string) => ['conversations', conversationId, 'history'] as const,
  snapshot: (conversationId: string, snapshotId: string) => ['conversations', conversationId, 'history', snapshotId] as const,
};

/** Fetched again each time the panel opens: snapshots are taken while people edit. */
export function useHistory(conversationId: string) {
  return useQuery({
    queryKey: historyKeys.list(conversationId),
    queryFn: async () => (await call(API.transcript.history, { params: { id: conversationId } })).list,
    refetchOnMount: 'always',
  });
}

export function useSnapshot(conversationId: string, snapshotId: string | null) {
  return useQuery({
    queryKey: historyKeys.snapshot(conversationId, snapshotId ?? ''),
    queryFn: () => call(API.transcript.snapshot, { params: { id: conversationId, snapshotId: snapshotId! } }),
    enabled: Boolean(snapshotId),
    // A snapshot never changes.
    staleTime: Infinity,
  });
}

export function useRestoreSnapshot(conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (snapshotId: string) => call(API.transcript.restore, { params: { id: conversationId, snapshotId } }),
    onSettled: () => client.invalidateQueries({ queryKey: historyKeys.list(conversationId), exact: true }),
  });
}
