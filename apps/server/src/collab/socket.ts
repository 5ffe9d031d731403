/**
 * The collaboration socket (socket.io 4 at COLLAB_SOCKET_PATH): transcript documents, and the screen
 * documents of subtitle versions (messages carrying `subtitleId`), in real time. The protocol is
 * contracts/collab.ts, described for third-party clients in docs/collaboration.md.
 *
 * - Handshake: `auth.token` only, checked by auth/authenticate.ts; refused like the session socket.
 * - Joining asks the policy for read access on the media (and a subtitle version must be one of that
 *   media's); the right decides between `write` and `read`. Every
 *   update re-checks the write right (remembered for a few seconds, forgotten when rights change),
 *   so a reader's update never reaches the shared document.
 * - Updates are size-limited, rate-limited per user (all their sockets together, update-budgets.ts),
 *   checked against the document's invariants and bounds and acknowledged only once stored (host.ts).
 * - Across nodes (with the PostgreSQL adapter, realtime/adapter.ts): each node relays updates to its
 *   own sockets only, and tells the others which log row it stored so they read the log at once;
 *   presence, rights re-checks and deleted documents are told to every node; revocations disconnect
 *   sockets on every node (their owner's rooms).
 */
import crypto from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import * as Y from 'yjs';
import { z } from 'zod';
import {
  COLLAB_LIMITS,
  COLLAB_SOCKET_PATH,
  collabClientEventSchemas,
  type CollabAck,
  type CollabClientToServerEvents,
  type CollabServerToClientEvents,
  type DocAccess,
  type DocPeer,
  type DocJoinAck,
  type DocRef,
  type ErrorCode,
} from '@palabre/shared';
import { authenticate, type Actor } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import type { MediaFacts } from '../conversations/repo.ts';
import { accessFacts } from '../conversations/service.ts';
import { AppError } from '../http/errors.ts';
import { documentAccess } from '../policy.ts';
import { closeAdapter, emitterServer, type AdapterFactory } from '../realtime/adapter.ts';
import { disconnectWhenRevoked, joinOwnerRooms, refused } from '../realtime/socket.ts';
import { colorOf, PRESENCE_ANNOUNCE_MS, PresenceRooms, RemotePresence } from './presence.ts';
import type { DocumentAudience, DocumentHost } from './host.ts';
import type { DocumentView } from './open-document.ts';
import { subtitlesRepo } from '../subtitles/repo.ts';
import { UpdateBudgets } from './update-budgets.ts';

/** How long a checked right is trusted before an update checks it again (other nodes' changes). */
const RIGHT_RECHECK_MS = 5_000;

const zToken = z.string().min(1).max(4096);

interface Joined {
  ref: DocRef;
  organizationId: string;
  access: DocAccess;
  checkedAt: number;
  lastPresenceAt: number;
}

interface SocketData {
  userId: string;
  sessionId: string;
  token: string;
  name: string;
  joined: Map<string, Joined>;
}

type RightsScope = { conversationId?: string; userId?: string; organizationId?: string };

/** What the collaboration servers of different nodes tell each other (through the adapter). */
interface NodeEvents {
  /** A node stored this log row of the document. */
  'doc:appended': (ref: DocRef, rowId: number) => void;
  /** The peers a node has in a document (all of them: an empty list means none any more). */
  'doc:peers': (ref: DocRef, node: string, peers: DocPeer[]) => void;
  /** A node's first peer joined a document: the others say who they have there. */
  'doc:peers?': (ref: DocRef) => void;
  'doc:rights': (scope: RightsScope) => void;
  'doc:dropped': (ref: DocRef) => void;
}

type CollabServer = Server<CollabClientToServerEvents, CollabServerToClientEvents, NodeEvents, SocketData>;
type CollabSocket = Socket<CollabClientToServerEvents, CollabServerToClientEvents, NodeEvents, SocketData>;

/** One key per document: the media's id for its transcript, media and version ids for subtitles. */
const keyOf = (ref: DocRef) => (ref.subtitleId ? `${ref.conversationId}/${ref.subtitleId}` : ref.conversationId);
const room = (key: string) => `doc:${key}`;
/** The reference messages carry (no `subtitleId` key at all for a transcript). */
const refOf = (payload: DocRef): DocRef =>
  payload.subtitleId ? { conversationId: payload.conversationId, subtitleId: payload.subtitleId } : { conversationId: payload.conversationId };
const failure = (error: ErrorCode) => ({ ok: false as const, error });
const codeOf = (error: unknown): ErrorCode | null => (error instanceof AppError ? error.code : null);
/** A state vector the client built with Yjs (bytes of anything else are the client's mistake, not the server's). */
function readableStateVector(bytes: Uint8Array): boolean {
  try {
    Y.decodeStateVector(bytes);
    return true;
  } catch {
    return false;
  }
}

export interface CollabSocketServer {
  io: CollabServer;
  close(): Promise<void>;
}

/** The documents served: each kind is held by its host, keyed by media id or by version id. */
export interface CollabHosts {
  transcripts: DocumentHost<DocumentView>;
  subtitles: DocumentHost<DocumentView>;
}

export function attachCollabSocket(ctx: AppContext, httpServer: HttpServer, hosts: CollabHosts, adapter?: AdapterFactory): CollabSocketServer {
  const hostOf = (ref: DocRef) => (ref.subtitleId ? { host: hosts.subtitles, id: ref.subtitleId } : { host: hosts.transcripts, id: ref.conversationId });
  const io: CollabServer = new Server(httpServer, {
    path: COLLAB_SOCKET_PATH,
    serveClient: false,
    // Room for the largest accepted update, so a bigger one is answered payload_too_large rather than cut off.
    maxHttpBufferSize: COLLAB_LIMITS.maxUpdateBytes * 2,
    ...(adapter ? { adapter } : {}),
  });
  const presence = new PresenceRooms();
  /** Per user, not per socket: more sockets do not widen what a user may send. */
  const budgets = new UpdateBudgets();
  /** Peers on other nodes, and this server's name among them. */
  const remote = new RemotePresence();
  const node = crypto.randomUUID();
  /** Tells the other nodes (only with an adapter: the in-memory one has no other node). */
  const tellNodes: CollabServer['serverSideEmit'] = (...args) => (adapter ? io.serverSideEmit(...args) : true);

  io.use((socket, next) => {
    const token = zToken.safeParse((socket.handshake.auth as Record<string, unknown> | undefined)?.token);
    if (!token.success) return next(refused(null));
    authenticate(ctx, token.data).then(
      ({ actor, refusal }) => {
        if (!actor) return next(refused(refusal));
        socket.data = {
          userId: actor.user.id,
          sessionId: actor.sessionId,
          token: token.data,
          name: `${actor.user.firstname} ${actor.user.lastname}`.trim(),
          joined: new Map(),
        };
        next();
      },
      (error: unknown) => {
        ctx.log.error({ err: error }, 'collaboration socket authentication failed');
        next(refused(null));
      },
    );
  });

  /** The documents this node has peers in (announced again now and then, so others forget a dead node's). */
  const present = new Map<string, DocRef>();
  const showPresence = (ref: DocRef) => {
    const key = keyOf(ref);
    io.local.to(room(key)).emit('doc:presence', { ...ref, peers: [...presence.peers(key), ...remote.peers(key)] });
  };
  const announce = (ref: DocRef) => tellNodes('doc:peers', ref, node, presence.peers(keyOf(ref)));
  const broadcastPresence = (ref: DocRef) => {
    const key = keyOf(ref);
    if (presence.peers(key).length > 0) present.set(key, ref);
    else present.delete(key);
    showPresence(ref);
    announce(ref);
  };
  const announcer = setInterval(() => {
    for (const ref of present.values()) announce(ref);
  }, PRESENCE_ANNOUNCE_MS);
  announcer.unref();
  io.on('doc:peers', (ref, from, peers) => {
    remote.set(keyOf(ref), from, peers);
    showPresence(ref);
  });
  io.on('doc:peers?', (ref) => {
    if (present.has(keyOf(ref))) announce(ref);
  });

  /** The caller's current access to a document, from a fresh authentication and the policy. */
  async function accessOf(socket: CollabSocket, ref: DocRef): Promise<{ actor: Actor | null; access: DocAccess | 'none'; row?: MediaFacts }> {
    const { actor } = await authenticate(ctx, socket.data.token);
    if (!actor) return { actor: null, access: 'none' };
    try {
      const found = await accessFacts(ctx, actor, ref.conversationId);
      // A version of another media does not exist here, whatever the right on this one.
      if (ref.subtitleId && (await subtitlesRepo.conversationOf(ctx.db, ref.subtitleId)) !== ref.conversationId) return { actor, access: 'none' };
      return { actor, access: documentAccess(found.right), row: found.row };
    } catch (error) {
      if (codeOf(error) === 'not_found' || codeOf(error) === 'forbidden') return { actor, access: 'none' };
      throw error;
    }
  }

  async function leave(socket: CollabSocket, ref: DocRef): Promise<void> {
    const key = keyOf(ref);
    if (!socket.data.joined.delete(key)) return;
    await socket.leave(room(key));
    if (presence.leave(key, socket.id)) broadcastPresence(ref);
    const { host, id } = hostOf(ref);
    await host.release(id);
  }

  /** Re-checks one socket's documents (rights changed, or the remembered right is old). */
  async function recheck(socket: CollabSocket, keys: string[]): Promise<void> {
    for (const key of keys) {
      const joined = socket.data.joined.get(key);
      if (!joined) continue;
      const now = await accessOf(socket, joined.ref);
      if (!now.actor) {
        socket.disconnect(true);
        return;
      }
      joined.checkedAt = Date.now();
      if (now.access === joined.access) continue;
      socket.emit('doc:access', { ...joined.ref, access: now.access });
      if (now.access === 'none') await leave(socket, joined.ref);
      else joined.access = now.access;
    }
  }

  io.on('connection', (socket) => {
    const data = socket.data;

    async function join(payload: unknown): Promise<DocJoinAck> {
      const parsed = collabClientEventSchemas['doc:join'].safeParse(payload);
      if (!parsed.success) return failure('validation_failed');
      const ref = refOf(parsed.data);
      const key = keyOf(ref);
      const { host, id } = hostOf(ref);
      const { stateVector, encoding = 'v1' } = parsed.data;
      if (!readableStateVector(stateVector)) return failure('validation_failed');
      const now = await accessOf(socket, ref);
      if (!now.actor) {
        socket.disconnect(true);
        return failure('unauthorized');
      }
      if (now.access === 'none' || !now.row) return failure('not_found');
      // A media still being processed has no document yet: the editor shows its processing state.
      if (!ref.subtitleId && !now.row.hasTranscript) return failure('conflict');
      if (!data.joined.has(key)) {
        if (data.joined.size >= COLLAB_LIMITS.maxJoinedDocuments) return failure('rate_limited');
        await host.hold(id);
        data.joined.set(key, { ref, organizationId: now.row.organizationId, access: now.access, checkedAt: Date.now(), lastPresenceAt: 0 });
        if (socket.disconnected) {
          // Gone while the document loaded: its disconnect found nothing to release.
          await leave(socket, ref);
          return failure('unauthorized');
        }
        await socket.join(room(key));
      } else {
        const joined = data.joined.get(key)!;
        joined.access = now.access;
        joined.checkedAt = Date.now();
      }
      const you = { clientId: socket.id, userId: data.userId, name: data.name, color: colorOf(data.userId), turnId: null, typing: false };
      const first = !present.has(key);
      presence.join(key, { ...you });
      const sync = await host.sync(id, stateVector, encoding);
      broadcastPresence(ref);
      if (first) tellNodes('doc:peers?', ref);
      return { ok: true, access: now.access, update: sync.update, encoding, stateVector: sync.stateVector, you };
    }

    async function update(payload: unknown): Promise<CollabAck> {
      const parsed = collabClientEventSchemas['doc:update'].safeParse(payload);
      if (!parsed.success) return failure('validation_failed');
      const { update: bytes } = parsed.data;
      const ref = refOf(parsed.data);
      const key = keyOf(ref);
      if (bytes.byteLength > COLLAB_LIMITS.maxUpdateBytes) return failure('payload_too_large');
      const joined = data.joined.get(key);
      if (!joined) return failure('not_found');
      if (!budgets.take(data.userId, bytes.byteLength)) return failure('rate_limited');
      if (Date.now() - joined.checkedAt > RIGHT_RECHECK_MS) await recheck(socket, [key]);
      if (!socket.connected) return failure('unauthorized');
      const current = data.joined.get(key);
      if (!current) return failure('not_found');
      if (current.access !== 'write') return failure('forbidden');
      const { host, id } = hostOf(ref);
      await host.applyUpdate(id, bytes, data.userId, socket.id);
      return { ok: true };
    }

    joinOwnerRooms(socket);

    socket.on('doc:join', (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      join(payload).then(reply, (error: unknown) => {
        const code = codeOf(error);
        if (!code) ctx.log.error({ err: error }, 'document join failed');
        reply(failure(code === 'not_found' || code === 'conflict' ? code : 'internal_error'));
      });
    });

    socket.on('doc:update', (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      update(payload).then(reply, (error: unknown) => {
        const code = codeOf(error);
        if (!code) ctx.log.error({ err: error }, 'document update failed');
        reply(failure(code ?? 'internal_error'));
      });
    });

    socket.on('doc:leave', (payload, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const parsed = collabClientEventSchemas['doc:leave'].safeParse(payload);
      if (!parsed.success) return reply(failure('validation_failed'));
      leave(socket, refOf(parsed.data)).then(
        () => reply({ ok: true }),
        (error: unknown) => {
          ctx.log.error({ err: error }, 'document leave failed');
          reply(failure('internal_error'));
        },
      );
    });

    socket.on('doc:presence', (payload) => {
      const parsed = collabClientEventSchemas['doc:presence'].safeParse(payload);
      if (!parsed.success) return;
      const { turnId, typing } = parsed.data;
      const ref = refOf(parsed.data);
      const key = keyOf(ref);
      const joined = data.joined.get(key);
      if (!joined) return;
      // Beyond the limit messages are dropped: the next one carries the current state anyway.
      const now = Date.now();
      if (now - joined.lastPresenceAt < 1000 / COLLAB_LIMITS.presencePerSecond) return;
      joined.lastPresenceAt = now;
      if (presence.update(key, socket.id, { turnId, typing })) broadcastPresence(ref);
    });

    socket.on('disconnect', () => {
      for (const joined of [...data.joined.values()]) {
        leave(socket, joined.ref).catch((error: unknown) => ctx.log.error({ err: error }, 'document release failed'));
      }
    });
  });

  /** Rights changed (here or on another node): the sockets of this node concerned check theirs again. */
  function recheckLocal(scope: RightsScope): void {
    for (const socket of io.of('/').sockets.values()) {
      if (scope.userId && socket.data.userId !== scope.userId) continue;
      const ids = [...socket.data.joined.entries()]
        .filter(
          ([, joined]) =>
            (!scope.conversationId || scope.conversationId === joined.ref.conversationId) && (!scope.organizationId || scope.organizationId === joined.organizationId),
        )
        .map(([key]) => key);
      if (ids.length === 0) continue;
      // Until the check answers, the remembered right is not trusted.
      for (const id of ids) socket.data.joined.get(id)!.checkedAt = 0;
      recheck(socket, ids).catch((error: unknown) => ctx.log.error({ err: error }, 'document rights re-check failed'));
    }
  }

  /** A document was deleted: this node's sockets in it are told they have no access any more. */
  function droppedLocal(ref: DocRef): void {
    const key = keyOf(ref);
    for (const socket of io.of('/').sockets.values()) {
      if (!socket.data.joined.delete(key)) continue;
      socket.emit('doc:access', { ...refOf(ref), access: 'none' });
      void socket.leave(room(key));
      presence.leave(key, socket.id);
    }
    present.delete(key);
  }

  const audience: DocumentAudience = {
    relay(ref, update, except) {
      // Other nodes relay to their own sockets what they read from the log (see appended).
      const target = io.local.to(room(keyOf(ref)));
      (except ? target.except(except) : target).emit('doc:update', { ...ref, update });
    },
    appended(ref, rowId) {
      tellNodes('doc:appended', ref, rowId);
    },
    rightsChanged(scope) {
      recheckLocal(scope);
      tellNodes('doc:rights', scope);
    },
    dropped(ref) {
      droppedLocal(ref);
      tellNodes('doc:dropped', ref);
    },
  };
  io.on('doc:appended', (ref, rowId) => {
    const { host, id } = hostOf(ref);
    host.nudge(id, rowId).catch((error: unknown) => ctx.log.warn({ err: error, document: ref }, 'document log not read'));
  });
  io.on('doc:rights', (scope) => recheckLocal(scope));
  io.on('doc:dropped', (ref) => {
    const { host, id } = hostOf(ref);
    host.forget(id);
    droppedLocal(ref);
  });
  const close = serveDocuments(ctx, io, hosts, audience, () => {
    clearInterval(announcer);
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  return { io, close };
}

/**
 * A node without a collaboration socket (worker, live) still tells the nodes that have one what its
 * server code does to documents: the log rows it stored (a re-transcription reaches open editors at
 * once), rights changes, deleted documents; and its revocations disconnect their sockets.
 */
export function attachCollabEmitter(ctx: AppContext, hosts: CollabHosts, adapter: AdapterFactory): CollabSocketServer {
  const io = emitterServer<CollabServer>(adapter);
  const audience: DocumentAudience = {
    relay: () => undefined,
    appended: (ref, rowId) => void io.serverSideEmit('doc:appended', ref, rowId),
    rightsChanged: (scope) => void io.serverSideEmit('doc:rights', scope),
    dropped: (ref) => void io.serverSideEmit('doc:dropped', ref),
  };
  return { io, close: serveDocuments(ctx, io, hosts, audience) };
}

/**
 * Gives the document hosts their audience and disconnects revoked sockets (on every node, through the
 * adapter). The close it returns stops both, then closes what is this node's own (`closeLocal`: its
 * sockets), then the adapter.
 */
function serveDocuments(ctx: AppContext, io: CollabServer, hosts: CollabHosts, audience: DocumentAudience, closeLocal?: () => void): () => Promise<void> {
  hosts.transcripts.attach(audience);
  hosts.subtitles.attach(audience);
  const stopListening = disconnectWhenRevoked(ctx, io);
  return async () => {
    stopListening();
    hosts.transcripts.detach();
    hosts.subtitles.detach();
    closeLocal?.();
    await closeAdapter(io);
  };
}
