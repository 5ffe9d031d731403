/**
 * The collaboration socket (socket.io 4 at /ws/socket.io): real-time transcript documents. The
 * protocol is described for third-party clients in docs/collaboration.md; these are its names and
 * payloads, for both ends. Binary payloads are Yjs encodings (Uint8Array on the wire, socket.io
 * sends them as binary attachments).
 *
 * Handshake: `auth: { token }` with an access token (never in the query string); refused like the
 * session socket (`connect_error` with `data.code`).
 *
 * 1. `doc:join` { conversationId, stateVector } → ack { ok, access, update, stateVector, you }:
 *    `update` is what the server has that the client lacks (sync step 2 for the client); the client
 *    answers with `doc:update` carrying what it has that the server lacks (encodeStateAsUpdate with the
 *    server's `stateVector`), if anything.
 * 2. `doc:update` { conversationId, update } → ack { ok } once the update is durably stored (an
 *    acknowledged update survives a crash), or { ok: false, error }: a refused update was not applied
 *    anywhere and the client must drop it (reload). The server relays accepted updates to the others
 *    with the server event `doc:update`.
 * 3. `doc:presence` { conversationId, turnId, typing } → the server adds who (user id, display name,
 *    colour: never client-claimed) and sends everyone `doc:presence` with the room's peers.
 * 4. Server events `doc:access` (the caller's right changed: now read or none) and `doc:error`.
 *
 * Every message names its document by `conversationId` and, for a subtitle version's screens,
 * `subtitleId` (absent: the media's transcript). Presence's `turnId` is then the screen's id.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors.ts';
import { COLLAB_LIMITS } from './collab-socket.ts';

export { COLLAB_LIMITS, COLLAB_SOCKET_PATH } from './collab-socket.ts';

const zBytes = (max: number) => z.custom<Uint8Array>((value) => value instanceof Uint8Array && value.byteLength <= max, { message: `must be binary of at most ${max} bytes` });

const zConversationId = z.string().uuid();
/** A subtitle version of the media; absent for the transcript. */
const zSubtitleId = z.string().uuid().optional();

/** Which document a message is about. */
export interface DocRef {
  conversationId: string;
  subtitleId?: string;
}

/**
 * How the join's `update` is encoded: Yjs' first update format (`Y.applyUpdate`), or its second
 * (`Y.applyUpdateV2`), which a three-hour transcript applies in about two thirds of the time. Other
 * updates, both ways, are always in the first.
 */
export const zUpdateEncoding = z.enum(['v1', 'v2']);
export type UpdateEncoding = z.infer<typeof zUpdateEncoding>;

export const zDocJoin = z.strictObject({
  conversationId: zConversationId,
  subtitleId: zSubtitleId,
  stateVector: zBytes(COLLAB_LIMITS.maxStateVectorBytes),
  /** The encoding wanted for the answer's `update`; v1 when absent. */
  encoding: zUpdateEncoding.optional(),
});
export const zDocLeave = z.strictObject({ conversationId: zConversationId, subtitleId: zSubtitleId });
/** Size is checked separately (to answer payload_too_large rather than validation_failed). */
export const zDocUpdate = z.strictObject({ conversationId: zConversationId, subtitleId: zSubtitleId, update: z.custom<Uint8Array>((value) => value instanceof Uint8Array) });
export const zDocPresence = z.strictObject({
  conversationId: zConversationId,
  subtitleId: zSubtitleId,
  /** The turn the user's caret is in, or null. */
  turnId: z.string().min(1).max(100).nullable(),
  /** The user typed in that turn within the last seconds: others see the turn as theirs (the lock). */
  typing: z.boolean(),
});

export const collabClientEventSchemas = {
  'doc:join': zDocJoin,
  'doc:leave': zDocLeave,
  'doc:update': zDocUpdate,
  'doc:presence': zDocPresence,
} as const;
export type CollabClientEventName = keyof typeof collabClientEventSchemas;
export type CollabClientPayload<E extends CollabClientEventName> = z.output<(typeof collabClientEventSchemas)[E]>;

export type DocAccess = 'read' | 'write';

/** A person in a document, as others see them: ids and display names only. */
export interface DocPeer {
  /** One per connection (a user with two tabs has two). */
  clientId: string;
  userId: string;
  name: string;
  /** CSS colour derived from the user id. */
  color: string;
  turnId: string | null;
  typing: boolean;
}

export type CollabFailure = { ok: false; error: ErrorCode };
export type DocJoinAck = { ok: true; access: DocAccess; update: Uint8Array; encoding: UpdateEncoding; stateVector: Uint8Array; you: DocPeer } | CollabFailure;
export type CollabAck = { ok: true } | CollabFailure;

export type CollabClientToServerEvents = {
  'doc:join': (payload: CollabClientPayload<'doc:join'>, ack: (response: DocJoinAck) => void) => void;
  'doc:leave': (payload: CollabClientPayload<'doc:leave'>, ack?: (response: CollabAck) => void) => void;
  'doc:update': (payload: CollabClientPayload<'doc:update'>, ack: (response: CollabAck) => void) => void;
  'doc:presence': (payload: CollabClientPayload<'doc:presence'>) => void;
};

export type CollabServerToClientEvents = {
  /** Another client's (or the server's) accepted update. */
  'doc:update': (message: DocRef & { update: Uint8Array }) => void;
  /** Everyone in the document now (sent on every change of presence). */
  'doc:presence': (message: DocRef & { peers: DocPeer[] }) => void;
  /** The caller's right on the document changed (`none`: the document was left for them). */
  'doc:access': (message: DocRef & { access: DocAccess | 'none' }) => void;
  /**
   * Something the client cannot fix by itself: `conflict` (the document was rewritten in a way the
   * client's state cannot follow: reload), `internal_error` (an update could not be stored).
   */
  'doc:error': (message: DocRef & { error: ErrorCode }) => void;
};
