/** Domain events pushed to socket rooms after a change is committed. The socket server implements it. */
import type { ConversationUpdate, LiveFinal, LiveServerEvents, SessionUpdate } from '@palabre/shared';

export interface EventBus {
  conversationChanged(organizationId: string, update: ConversationUpdate): void;
  /**
   * Called before a media is deleted, while its rights can still be read: the returned function,
   * called once it is gone, tells those who could read it.
   */
  conversationDeleting?(organizationId: string, conversationId: string): Promise<() => void>;
  /** A session notice, for the sockets of the organization's room whose user `mayView` accepts. */
  sessionChanged?(organizationId: string, update: SessionUpdate, mayView: (userId: string) => boolean): void;
  /** A live caption or broker notice, for the sockets in the session's live room. */
  liveEvent?<E extends keyof LiveServerEvents>(organizationId: string, sessionId: string, event: E, payload: Parameters<LiveServerEvents[E]>[0]): void;
}

/** Until the socket server is attached (or in commands without one), events go nowhere. */
export const silentEvents: EventBus = { conversationChanged: () => undefined };

/** Prepares the deletion notice of a media (before deleting it); call the result once it is gone. */
export async function prepareDeletionNotice(events: EventBus, organizationId: string, conversationId: string): Promise<() => void> {
  if (events.conversationDeleting) return events.conversationDeleting(organizationId, conversationId);
  return () => events.conversationChanged(organizationId, { conversationId, kind: 'deleted' });
}

/** The same bus, the live finals also handed to `onFinal` (videoconference bots post them into their calls). */
export function withFinalsTo(bus: EventBus, onFinal: (final: LiveFinal) => void): EventBus {
  return {
    conversationChanged: (organizationId, update) => bus.conversationChanged(organizationId, update),
    ...(bus.conversationDeleting ? { conversationDeleting: (organizationId: string, conversationId: string) => bus.conversationDeleting!(organizationId, conversationId) } : {}),
    ...(bus.sessionChanged
      ? { sessionChanged: (organizationId: string, update: SessionUpdate, mayView: (userId: string) => boolean) => bus.sessionChanged!(organizationId, update, mayView) }
      : {}),
    liveEvent<E extends keyof LiveServerEvents>(organizationId: string, sessionId: string, event: E, payload: Parameters<LiveServerEvents[E]>[0]): void {
      bus.liveEvent?.(organizationId, sessionId, event, payload);
      if (event === 'final') onFinal(payload as LiveFinal);
    },
  };
}
