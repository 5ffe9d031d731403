/**
 * Socket events (session socket /cm-api/socket.io): their names and payloads, for both ends. Messages
 * are small "this changed" notices; clients refetch. The server validates every client payload with
 * `clientEventSchemas`; both ends type their socket with `ClientToServerEvents`/`ServerToClientEvents`.
 */
import { z } from 'zod';
import { REPORT_KINDS, REPORT_STATES } from './ai.ts';
import type { ErrorCode } from '../errors.ts';
import { MEDIA_STATUSES } from './conversations.ts';
import type { LiveServerEvents } from './live.ts';
import type { SessionUpdate, SessionUpdateEvent } from './sessions.ts';
import { BURN_STATES } from './subtitles.ts';

export const zWatchOrganization = z.string().uuid();

/** A live session room: "organizationId/sessionId", both UUIDs. */
export const zSessionRoom = z
  .string()
  .regex(/^[0-9a-f-]{36}\/[0-9a-f-]{36}$/i)
  .refine((room) => room.split('/').every((part) => z.string().uuid().safeParse(part).success));

/** Pushed to the room of an organization on `orga_{id}_conversation_update`. */
export const zConversationUpdate = z.object({
  conversationId: z.string().uuid(),
  kind: z.enum(['created', 'updated', 'progress', 'deleted', 'subtitles', 'burn', 'report', 'keywords', 'highlights', 'transcript']),
  status: z.enum(MEDIA_STATUSES).optional(),
  progress: z.number().min(0).max(1).optional(),
  /** `subtitles`: the media's versions changed (created, renamed, deleted); `burn`: a burn moved on. */
  subtitleId: z.string().uuid().optional(),
  burnState: z.enum(BURN_STATES).optional(),
  /** `report`: a report's state or text changed (with its progress while generating); `keywords`: the keywords did; `highlights`: a highlight was added, changed or removed; `transcript`: the stored transcript changed (an edit reached it), so reports and keywords may be outdated. */
  reportKind: z.enum(REPORT_KINDS).optional(),
  reportState: z.enum(REPORT_STATES).optional(),
});
export type ConversationUpdate = z.infer<typeof zConversationUpdate>;

export type ConversationUpdateEvent = `orga_${string}_conversation_update`;
export const conversationUpdateEvent = (organizationId: string): ConversationUpdateEvent => `orga_${organizationId}_conversation_update`;

/** The payload of each client request, by event name. */
export const clientEventSchemas = {
  /**
   * Join an organization's room (members only) to receive its notices. The acknowledgement (optional)
   * comes once the socket is in the room: a client refetches then what the notices refresh, since
   * one raised before never reaches it.
   */
  watch_organization: zWatchOrganization,
  unwatch_organization: zWatchOrganization,
  /**
   * Join a live session room, one at a time (an earlier room is left first): anyone the session's
   * visibility lets see it, anonymous sockets included for public sessions open to anonymous viewers.
   * The room's recent finals follow the acknowledgement, then its partials and finals as they come.
   */
  join_room: zSessionRoom,
  leave_room: zSessionRoom,
} as const;
export type ClientEventName = keyof typeof clientEventSchemas;
export type ClientEventPayload<E extends ClientEventName> = z.output<(typeof clientEventSchemas)[E]>;

/**
 * The answer to every client request. `error` is an API error code: `validation_failed` (bad
 * payload), `not_found` (a missing organization, or one the caller may not see), `unauthorized` (the
 * session ended: the socket is closed), `internal_error`.
 */
export type SocketAck = { ok: true } | { ok: false; error: ErrorCode };

export type ClientToServerEvents = {
  [E in ClientEventName]: (payload: ClientEventPayload<E>, ack?: (response: SocketAck) => void) => void;
};

export type ServerToClientEvents = {
  [event: ConversationUpdateEvent]: (update: ConversationUpdate) => void;
} & {
  /** A session of the organization was created, changed, changed status or was deleted (those who may see it). */
  [event: SessionUpdateEvent]: (update: SessionUpdate) => void;
} & LiveServerEvents;

/**
 * Why the server refused a connection, in the `connect_error`'s `data` (its message is always
 * "unauthorized"): the same code an HTTP call with that token would get.
 */
export interface SocketRefusal {
  code: 'unauthorized' | 'token_expired' | 'token_revoked';
}
