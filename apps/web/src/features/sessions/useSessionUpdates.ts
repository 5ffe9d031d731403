/**
 * Session notices (docs/sessions-api.md, Notices): every `orga_{id}_session_update` refreshes the
 * session queries (lists and the session itself); `onUpdate` also receives it.
 */
import { sessionUpdateEvent, type SessionUpdate } from '@palabre/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useOrganizationNotices } from '../realtime/organizationNotices.ts';
import { sessionKeys } from './api.ts';

export function useSessionUpdates(organizationId: string | null | undefined, onUpdate?: (update: SessionUpdate) => void): boolean {
  const client = useQueryClient();
  return useOrganizationNotices<SessionUpdate>(organizationId, sessionUpdateEvent, (update) => {
    void client.invalidateQueries({ queryKey: sessionKeys.all });
    onUpdate?.(update);
  });
}
