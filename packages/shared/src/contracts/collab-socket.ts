/**
 * The collaboration socket's path and limits (contracts/collab.ts): plain values without schemas, so
 * that a client can open the socket before the contracts (and their validation library) are loaded.
 */
export const COLLAB_SOCKET_PATH = '/ws/socket.io';

/** Limits the server enforces on every client message. */
export const COLLAB_LIMITS = {
  /** Largest accepted `doc:update` (bytes); bigger ones are refused with `payload_too_large`. */
  maxUpdateBytes: 1024 * 1024,
  /** Largest state vector (bytes). */
  maxStateVectorBytes: 64 * 1024,
  /** Updates per socket: a bucket of `updateBurst` refilled at `updatesPerSecond`; beyond, `rate_limited`. */
  updatesPerSecond: 40,
  updateBurst: 200,
  /** Presence messages per second per socket (more are dropped silently). */
  presencePerSecond: 10,
  /** Documents one socket may have joined at once. */
  maxJoinedDocuments: 8,
} as const;
