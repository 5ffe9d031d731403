/**
 * The collaboration socket (socket.io 4 at COLLAB_SOCKET_PATH): transcript documents in real time.
 * The protocol is contracts/collab.ts, described for third-party clients in docs/collaboration.md.
 *
 * - Handshake: `auth.token` only, checked by auth/authenticate.ts; refused like the session socket.
 * - Joining asks the policy for read access; the right decides between `write` and `read`. Every
 *   update re-checks the write right (remembered for a few seconds, forgotten when rights change),
 *   so a reader's update never reaches the shared document.
 * - Updates are size- and rate-limited, checked against the transcript invariants and acknowledged
 *   only once stored (registry.ts).
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import {
  COLLAB_LIMITS,
  COLLAB_SOCKET_PATH,
  collabClientEventSchemas,
  type CollabAck,
  type CollabClientToServerEvents,
  type CollabServerToClientEvents,
  type DocAccess,
  type DocJoinAck,
  type ErrorCode,
} from '@palabre/shared';
import { authenticate, type Actor } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import type { MediaFacts } from '../conversations/repo.ts';
import { accessFacts } from '../conversations/service.ts';
import { AppError } from '../http/errors.ts';
import { documentAccess } from '../policy.ts';
import { disconnectWhenRevoked, refused } from '../realtime/socket.ts';
import { colorOf, PresenceRooms } from './presence.ts';
import type { DocumentAudience, DocumentRegistry } from './registry.ts';
import { TokenBucket } from './token-bucket.ts';

/** How long a checked right is trusted before an update checks it again (other nodes' changes). */
const RIGHT_RECHECK_MS = 5_000;

const zToken = z.string().min(1).max(4096);

interface Joined {
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
  updates: TokenBucket;
}

type NoEvents = Record<string, never>;
type CollabServer = Server<CollabClientToServerEvents, CollabServerToClientEvents, NoEvents, SocketData>;
type CollabSocket = Socket<CollabClientToServerEvents, CollabServerToClientEvents, NoEvents, SocketData>;

const room = (conversationId: string) => `doc:${conversationId}`;
const failure = (error: ErrorCode) => ({ ok: false as const, error });
const codeOf = (error: unknown): ErrorCode | null => (error instanceof AppError ? error.code : null);

export interface CollabSocketServer {
  io: CollabServer;
  close(): Promise<void>;
}

export function attachCollabSocket(ctx: AppContext, httpServer: HttpServer, documents: DocumentRegistry): CollabSocketServer {
  const io: CollabServer = new Server(httpServer, {
    path: COLLAB_SOCKET_PATH,
    serveClient: false,
    // Room for the largest accepted update, so a bigger one is answered payload_too_large rather than cut off.
    maxHttpBufferSize: COLLAB_LIMITS.maxUpdateBytes * 2,
  });
  const presence = new PresenceRooms();

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
          updates: new TokenBucket(COLLAB_LIMITS.updateBurst, COLLAB_LIMITS.updatesPerSecond),
        };
        next();
      },
      (error: unknown) => {
        ctx.log.error({ err: error }, 'collaboration socket authentication failed');
        next(refused(null));
      },
    );
  });

  const broadcastPresence = (conversationId: string) => io.to(room(conversationId)).emit('doc:presence', { conversationId, peers: presence.peers(conversationId) });

  /** The caller's current access to a document, from a fresh authentication and the policy. */
  async function accessOf(socket: CollabSocket, conversationId: string): Promise<{ actor: Actor | null; access: DocAccess | 'none'; row?: MediaFacts }> {
    const { actor } = await authenticate(ctx, socket.data.token);
    if (!actor) return { actor: null, access: 'none' };
    try {
      const found = await accessFacts(ctx, actor, conversationId);
      return { actor, access: documentAccess(found.right), row: found.row };
    } catch (error) {
      if (codeOf(error) === 'not_found' || codeOf(error) === 'forbidden') return { actor, access: 'none' };
      throw error;
    }
  }

  async function leave(socket: CollabSocket, conversationId: string): Promise<void> {
    if (!socket.data.joined.delete(conversationId)) return;
    await socket.leave(room(conversationId));
    if (presence.leave(conversationId, socket.id)) broadcastPresence(conversationId);
    await documents.release(conversationId);
  }

  /** Re-checks one socket's documents (rights changed, or the remembered right is old). */
  async function recheck(socket: CollabSocket, conversationIds: string[]): Promise<void> {
    for (const conversationId of conversationIds) {
      const joined = socket.data.joined.get(conversationId);
      if (!joined) continue;
      const now = await accessOf(socket, conversationId);
      if (!now.actor) {
        socket.disconnect(true);
        return;
      }
      joined.checkedAt = Date.now();
      if (now.access === joined.access) continue;
      socket.emit('doc:access', { conversationId, access: now.access });
      if (now.access === 'none') await leave(socket, conversationId);
      else joined.access = now.access;
    }
  }

  io.on('connection', (socket) => {
    const data = socket.data;

    async function join(payload: unknown): Promise<DocJoinAck> {
      const parsed = collabClientEventSchemas['doc:join'].safeParse(payload);
      if (!parsed.success) return failure('validation_failed');
      const { conversationId, stateVector } = parsed.data;
      const now = await accessOf(socket, conversationId);
      if (!now.actor) {
        socket.disconnect(true);
        return failure('unauthorized');
      }
      if (now.access === 'none' || !now.row) return failure('not_found');
      // A media still being processed has no document yet: the editor shows its processing state.
      if (!now.row.hasTranscript) return failure('conflict');
      if (!data.joined.has(conversationId)) {
        if (data.joined.size >= COLLAB_LIMITS.maxJoinedDocuments) return failure('rate_limited');
        await documents.hold(conversationId);
        data.joined.set(conversationId, { organizationId: now.row.organizationId, access: now.access, checkedAt: Date.now(), lastPresenceAt: 0 });
        if (socket.disconnected) {
          // Gone while the document loaded: its disconnect found nothing to release.
          await leave(socket, conversationId);
          return failure('unauthorized');
        }
        await socket.join(room(conversationId));
      } else {
        const joined = data.joined.get(conversationId)!;
        joined.access = now.access;
        joined.checkedAt = Date.now();
      }
      const you = { clientId: socket.id, userId: data.userId, name: data.name, color: colorOf(data.userId), turnId: null, typing: false };
      presence.join(conversationId, { ...you });
      const sync = await documents.sync(conversationId, stateVector);
      broadcastPresence(conversationId);
      return { ok: true, access: now.access, update: sync.update, stateVector: sync.stateVector, you };
    }

    async function update(payload: unknown): Promise<CollabAck> {
      const parsed = collabClientEventSchemas['doc:update'].safeParse(payload);
      if (!parsed.success) return failure('validation_failed');
      const { conversationId, update: bytes } = parsed.data;
      if (bytes.byteLength > COLLAB_LIMITS.maxUpdateBytes) return failure('payload_too_large');
      const joined = data.joined.get(conversationId);
      if (!joined) return failure('not_found');
      if (!data.updates.take()) return failure('rate_limited');
      if (Date.now() - joined.checkedAt > RIGHT_RECHECK_MS) await recheck(socket, [conversationId]);
      if (!socket.connected) return failure('unauthorized');
      const current = data.joined.get(conversationId);
      if (!current) return failure('not_found');
      if (current.access !== 'write') return failure('forbidden');
      await documents.applyUpdate(conversationId, bytes, data.userId, socket.id);
      return { ok: true };
    }

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
      leave(socket, parsed.data.conversationId).then(
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
      const { conversationId, turnId, typing } = parsed.data;
      const joined = data.joined.get(conversationId);
      if (!joined) return;
      // Beyond the limit messages are dropped: the next one carries the current state anyway.
      const now = Date.now();
      if (now - joined.lastPresenceAt < 1000 / COLLAB_LIMITS.presencePerSecond) return;
      joined.lastPresenceAt = now;
      if (presence.update(conversationId, socket.id, { turnId, typing })) broadcastPresence(conversationId);
    });

    socket.on('disconnect', () => {
      for (const conversationId of [...data.joined.keys()]) {
        leave(socket, conversationId).catch((error: unknown) => ctx.log.error({ err: error }, 'document release failed'));
      }
    });
  });

  const audience: DocumentAudience = {
    relay(conversationId, update, except) {
      const target = io.to(room(conversationId));
      (except ? target.except(except) : target).emit('doc:update', { conversationId, update });
    },
    rightsChanged(scope) {
      for (const socket of io.of('/').sockets.values()) {
        if (scope.userId && socket.data.userId !== scope.userId) continue;
        const ids = [...socket.data.joined.entries()]
          .filter(([id, joined]) => (!scope.conversationId || scope.conversationId === id) && (!scope.organizationId || scope.organizationId === joined.organizationId))
          .map(([id]) => id);
        if (ids.length === 0) continue;
        // Until the check answers, the remembered right is not trusted.
        for (const id of ids) socket.data.joined.get(id)!.checkedAt = 0;
        recheck(socket, ids).catch((error: unknown) => ctx.log.error({ err: error }, 'document rights re-check failed'));
      }
    },
    dropped(conversationId) {
      for (const socket of io.of('/').sockets.values()) {
        if (!socket.data.joined.delete(conversationId)) continue;
        socket.emit('doc:access', { conversationId, access: 'none' });
        void socket.leave(room(conversationId));
        presence.leave(conversationId, socket.id);
      }
    },
  };
  documents.attach(audience);

  const stopListening = disconnectWhenRevoked(ctx, io);

  return {
    io,
    async close() {
      stopListening();
      documents.detach();
      io.local.disconnectSockets(true);
      io.engine.close();
    },
  };
}
