/**
 * Media processing notices: every `orga_{id}_conversation_update` invalidates the queries of that
 * conversation and, when they may show the change, the media lists (clients refetch; see
 * invalidation.ts).
 */
import { conversationUpdateEvent, type ConversationUpdate } from '@palabre/shared';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateAfterUpdate, invalidateAfterWatch } from './invalidation.ts';
import { useOrganizationNotices } from './organizationNotices.ts';

/**
 * Watches an organization's media updates. Each notice invalidates the media's queries and, when they
 * may show it, the media lists; `onUpdate` also receives it. Once in the room, the media queries on
 * screen refetch (notices raised before were missed). Returns whether the socket is connected.
 */
export function useConversationUpdates(organizationId: string | null | undefined, onUpdate?: (update: ConversationUpdate) => void): boolean {
  const client = useQueryClient();
  return useOrganizationNotices<ConversationUpdate>(
    organizationId,
    conversationUpdateEvent,
    (update) => {
      void invalidateAfterUpdate(client, update);
      onUpdate?.(update);
    },
    () => void invalidateAfterWatch(client),
  );
}
