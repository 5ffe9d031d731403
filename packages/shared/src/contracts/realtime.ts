/** Socket events (session socket /cm-api/socket.io). Messages are small "this changed" notices; clients refetch. */
import { z } from 'zod';
import { MEDIA_STATUSES } from './conversations.ts';

export const zWatchOrganization = z.string().uuid();

/** Pushed to the room of an organization on `orga_{id}_conversation_update`. */
export const zConversationUpdate = z.object({
  conversationId: z.string().uuid(),
  kind: z.enum(['created', 'updated', 'progress', 'deleted']),
  status: z.enum(MEDIA_STATUSES).optional(),
  progress: z.number().min(0).max(1).optional(),
});
export type ConversationUpdate = z.infer<typeof zConversationUpdate>;
export const conversationUpdateEvent = (organizationId: string) => `orga_${organizationId}_conversation_update`;
