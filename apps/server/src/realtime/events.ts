/** Domain events pushed to socket rooms after a change is committed. The socket server implements it. */
import type { ConversationUpdate } from '@palabre/shared';

export interface EventBus {
  conversationChanged(organizationId: string, update: ConversationUpdate): void;
}

/** Until the socket server is attached (or in commands without one), events go nowhere. */
export const silentEvents: EventBus = { conversationChanged: () => undefined };
