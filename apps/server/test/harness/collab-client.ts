/**
 * A collaboration client for tests, written against docs/collaboration.md: connects to the
 * collaboration socket with an access token, joins documents (a synced Y.Doc), sends edits and
 * waits for their acknowledgement, follows relayed updates, presence and access changes.
 *
 *   const client = await connectCollab(server.url, user.client.authToken!);
 *   const joined = await client.join(conversationId);       // throws CollabRefusal unless ok
 *   const ack = await joined.edit((doc) => textOf(turnsOf(doc).get(0)).insert(0, 'Hi '));
 *   await other.waitFor((doc) => ...);                      // a relayed change arrived
 *   await client.join(conversationId, { subtitleId });       // a subtitle version's screens
 *   await client.close();
 */
import { io, type Socket } from 'socket.io-client';
import * as Y from 'yjs';
import {
  COLLAB_SOCKET_PATH,
  type CollabAck,
  type CollabClientToServerEvents,
  type CollabServerToClientEvents,
  type DocAccess,
  type DocJoinAck,
  type DocPeer,
  type ErrorCode,
  type UpdateEncoding,
} from '@palabre/shared';

export type CollabSocket = Socket<CollabServerToClientEvents, CollabClientToServerEvents>;

const ACK_TIMEOUT_MS = 10_000;
const LOCAL = Symbol('local edit');
const REMOTE = Symbol('relayed update');

/** A refused join (its `code` is the ack's error). */
export class CollabRefusal extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode) {
    super(`refused: ${code}`);
    this.code = code;
  }
}

export interface JoinedDocument {
  conversationId: string;
  /** Set for a subtitle version's screen document. */
  subtitleId?: string;
  doc: Y.Doc;
  /** The access the server granted at join, then as `doc:access` changed it. */
  access: DocAccess | 'none';
  you: DocPeer;
  /** The last peer list the server sent. */
  peers: DocPeer[];
  /** Every `doc:access` and `doc:error` message received for this document, in order. */
  accessChanges: Array<DocAccess | 'none'>;
  errors: ErrorCode[];
  /** Changes the local doc in one transaction and sends the resulting update; answers the ack. */
  edit(fn: (doc: Y.Doc) => void): Promise<CollabAck>;
  /** Sends raw bytes as an update (the local doc is not changed). */
  send(update: Uint8Array): Promise<CollabAck>;
  presence(turnId: string | null, typing: boolean): void;
  /** Resolves once `predicate(doc)` holds (checked now and after each relayed update). */
  waitFor(predicate: (doc: Y.Doc) => boolean, timeoutMs?: number): Promise<void>;
  /** Resolves once a peer list satisfying `predicate` arrived (or the last one does). */
  waitForPeers(predicate: (peers: DocPeer[]) => boolean, timeoutMs?: number): Promise<DocPeer[]>;
  waitForAccess(access: DocAccess | 'none', timeoutMs?: number): Promise<void>;
  /** Relayed updates received so far (bytes as sent by the server). */
  received: Uint8Array[];
  leave(): Promise<CollabAck>;
}

export interface CollabClient {
  socket: CollabSocket;
  /** Joins a document; rejects with CollabRefusal when the server says no. */
  /** `encoding`: the update format asked for the join's answer (none asked: the first). */
  join(conversationId: string, options?: { doc?: Y.Doc; subtitleId?: string; encoding?: UpdateEncoding }): Promise<JoinedDocument>;
  /** The raw join answer (for tests about refusals). */
  tryJoin(conversationId: string, subtitleId?: string): Promise<DocJoinAck>;
  /** Resolves when the server disconnects this client. */
  disconnected(): Promise<string>;
  close(): Promise<void>;
}

function waitUntil(check: () => boolean, subscribe: (wake: () => void) => () => void, timeoutMs: number, what: string): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    const unsubscribe = subscribe(() => {
      if (!check()) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}

/** Which document a message names (the transcript, or one of the media's subtitle versions). */
type Ref = { conversationId: string; subtitleId?: string | undefined };
const keyOf = (ref: Ref) => (ref.subtitleId ? `${ref.conversationId}/${ref.subtitleId}` : ref.conversationId);
const refOf = (conversationId: string, subtitleId: string | undefined) => (subtitleId ? { conversationId, subtitleId } : { conversationId });

/** Connects with an access token in the handshake's auth payload; rejects with the refusal (`data.code`). */
export async function connectCollab(url: string, token: unknown): Promise<CollabClient> {
  const socket: CollabSocket = io(url, { path: COLLAB_SOCKET_PATH, auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(Object.assign(new Error(error.message), { data: (error as Error & { data?: unknown }).data }));
    });
  });
  const listeners = new Set<() => void>();
  const wake = () => {
    for (const listener of [...listeners]) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const documents = new Map<string, JoinedDocument>();
  socket.on('doc:update', ({ update, ...ref }) => {
    const joined = documents.get(keyOf(ref));
    if (!joined) return;
    const bytes = new Uint8Array(update);
    joined.received.push(bytes);
    Y.applyUpdate(joined.doc, bytes, REMOTE);
    wake();
  });
  socket.on('doc:presence', ({ peers, ...ref }) => {
    const joined = documents.get(keyOf(ref));
    if (joined) joined.peers = peers;
    wake();
  });
  socket.on('doc:access', ({ access, ...ref }) => {
    const joined = documents.get(keyOf(ref));
    if (joined) {
      joined.access = access;
      joined.accessChanges.push(access);
    }
    wake();
  });
  socket.on('doc:error', ({ error, ...ref }) => {
    documents.get(keyOf(ref))?.errors.push(error);
    wake();
  });
  let disconnectReason: string | null = null;
  socket.on('disconnect', (reason) => {
    disconnectReason = reason;
    wake();
  });

  const send = (ref: Ref, update: Uint8Array): Promise<CollabAck> => socket.timeout(ACK_TIMEOUT_MS).emitWithAck('doc:update', { ...ref, update });

  const client: CollabClient = {
    socket,
    tryJoin(conversationId, subtitleId) {
      return socket.timeout(ACK_TIMEOUT_MS).emitWithAck('doc:join', { ...refOf(conversationId, subtitleId), stateVector: Y.encodeStateVector(new Y.Doc()) });
    },
    async join(conversationId, options = {}) {
      const doc = options.doc ?? new Y.Doc();
      const ref = refOf(conversationId, options.subtitleId);
      const key = keyOf(ref);
      const joined: JoinedDocument = {
        ...ref,
        doc,
        access: 'none',
        you: undefined as unknown as DocPeer,
        peers: [],
        accessChanges: [],
        errors: [],
        received: [],
        async edit(fn) {
          const updates: Uint8Array[] = [];
          const capture = (update: Uint8Array, origin: unknown) => {
            if (origin === LOCAL) updates.push(update);
          };
          doc.on('update', capture);
          try {
            doc.transact(() => fn(doc), LOCAL);
          } finally {
            doc.off('update', capture);
          }
          if (updates.length === 0) return { ok: true };
          return send(ref, Y.mergeUpdates(updates));
        },
        send: (update) => send(ref, update),
        presence(turnId, typing) {
          socket.emit('doc:presence', { ...ref, turnId, typing });
        },
        waitFor: (predicate, timeoutMs = ACK_TIMEOUT_MS) => waitUntil(() => predicate(doc), subscribe, timeoutMs, 'a document change'),
        async waitForPeers(predicate, timeoutMs = ACK_TIMEOUT_MS) {
          await waitUntil(() => predicate(joined.peers), subscribe, timeoutMs, 'a presence change');
          return joined.peers;
        },
        waitForAccess: (access, timeoutMs = ACK_TIMEOUT_MS) => waitUntil(() => joined.access === access, subscribe, timeoutMs, `access ${access}`),
        async leave() {
          documents.delete(key);
          return socket.timeout(ACK_TIMEOUT_MS).emitWithAck('doc:leave', ref);
        },
      };
      // Relayed updates arriving before the join's answer are applied too (Yjs orders them).
      documents.set(key, joined);
      const asked = options.encoding ? { encoding: options.encoding } : {};
      const ack: DocJoinAck = await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('doc:join', { ...ref, stateVector: Y.encodeStateVector(doc), ...asked });
      if (!ack.ok) {
        documents.delete(key);
        throw new CollabRefusal(ack.error);
      }
      (ack.encoding === 'v2' ? Y.applyUpdateV2 : Y.applyUpdate)(doc, new Uint8Array(ack.update), REMOTE);
      joined.access = ack.access;
      joined.you = ack.you;
      // Sync step 2 the other way: what this client has that the server lacks (offline edits).
      const server = Y.decodeStateVector(new Uint8Array(ack.stateVector));
      const ahead = [...Y.decodeStateVector(Y.encodeStateVector(doc))].some(([clientId, clock]) => clock > (server.get(clientId) ?? 0));
      if (ahead && ack.access === 'write') {
        const sent = await send(ref, Y.encodeStateAsUpdate(doc, new Uint8Array(ack.stateVector)));
        if (!sent.ok) throw new CollabRefusal(sent.error);
      }
      return joined;
    },
    disconnected: () => waitUntil(() => disconnectReason !== null, subscribe, ACK_TIMEOUT_MS, 'a disconnection').then(() => disconnectReason!),
    async close() {
      socket.close();
    },
  };
  return client;
}
