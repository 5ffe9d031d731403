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
  /**
   * Updates per user, every socket of the user on one server together: a bucket of `updateBurst`
   * refilled at `updatesPerSecond`, and one of `updateBytesBurst` bytes refilled at
   * `updateBytesPerSecond`; beyond either, `rate_limited`.
   */
  updatesPerSecond: 40,
  updateBurst: 200,
  updateBytesPerSecond: 256 * 1024,
  updateBytesBurst: 4 * 1024 * 1024,
  /**
   * Entries of a transcript's `speakers` map, used by a turn or not (as many as the REST transcript
   * edit takes); an update past it is refused with `invalid_document`.
   */
  maxSpeakers: 500,
  /**
   * Largest encoded state of a document (Yjs' first update format). A six-hour transcript weighs
   * about 6 MB, 8 to 10 MB once every turn has been edited; an update that would take a document
   * past this is refused with `payload_too_large`.
   */
  maxDocumentBytes: 24 * 1024 * 1024,
  /** Presence messages per second per socket (more are dropped silently). */
  presencePerSecond: 10,
  /** Documents one socket may have joined at once. */
  maxJoinedDocuments: 8,
} as const;
