/**
 * Session notices (docs/sessions-api.md, Notices): every `orga_{id}_session_update` refreshes the
 * session queries (lists and the session itself), as does the join of the room (notices raised before
 * were missed); `onUpdate` also receives each notice.
 */
import { sessionUpdateEvent, type SessionUpdate } from '@palabre/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useOrganizationNotices } from '../realtime/organizationNotices.ts';
import { sessionKeys } from './api.ts';

export function useSessionUpdates(organizationId: string | null | undefined, onUpdate?: (update: SessionUpdate) => void): boolean {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: sessionKeys.all });
  return useOrganizationNotices<SessionUpdate>(
    organizationId,
    sessionUpdateEvent,
    (update) => {
      refresh();
      onUpdate?.(update);
    },
    // Once in the room: what a notice raised before would have refreshed.
    refresh,
  );
}
