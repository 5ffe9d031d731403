/**
 * The session socket (socket.io 4 at /cm-api/socket.io) on the HTTP server of the API. Its events and
 * payloads are contracts of `@palabre/shared` (contracts/realtime.ts), which types both ends.
 *
 * - Handshake: `auth.token` is an access token, checked by auth/authenticate.ts like a bearer token
 *   (signature, expiry, session not revoked, user active). A bad token is refused with the code an
 *   HTTP call would get (`connect_error` data). Without a token the socket is an anonymous viewer,
 *   who may only join and leave live session rooms.
 * - `watch_organization` / `unwatch_organization` (organization id): a member joins the
 *   organization's room and receives `orga_{id}_conversation_update` notices; the ack comes once the
 *   socket is in the room (the client refetches then). A non-member gets an ack error identical to a
 *   missing organization.
 * - `join_room` / `leave_room` ("orgId/sessionId"): live session rooms, for whoever may see the
 *   session, one at a time (live-rooms.ts); `partial`, `final`, `broker_ko` and `broker_ok` go there.
 * Every payload is validated with the contract's zod schema; notices carry ids, status and progress,
 * nothing secret, and reach only the users who may read the media.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import {
  clientEventSchemas,
  type LiveServerEvents,
  conversationUpdateEvent,
  sessionUpdateEvent,
  zConversationUpdate,
  zSessionUpdate,
  type ClientEventName,
  type ClientEventPayload,
  type ClientToServerEvents,
  type ConversationUpdate,
  type ServerToClientEvents,
  type SessionUpdate,
  type SocketAck,
  type SocketRefusal,
} from '@palabre/shared';
import { authenticate, type Actor } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { authorize } from '../organizations/service.ts';
import { audienceOf } from './audience.ts';
import type { EventBus } from './events.ts';
import { closeAdapter, fetchSocketsOfLiveNodes, type AdapterFactory } from './adapter.ts';
import { joinLiveRoom, leaveLiveRoom, liveRoomOf, recheckLiveRoom } from './live-rooms.ts';

export const SOCKET_PATH = '/cm-api/socket.io';

const zToken = z.string().min(1).max(4096);

type Ack = (response: SocketAck) => void;

/** An anonymous viewer's socket has no user, session nor token. */
interface SocketData {
  userId: string | null;
  sessionId: string | null;
  token: string | null;
  sessionRoom: string | null;
}

type NoEvents = Record<string, never>;
export type SessionServer = Server<ClientToServerEvents, ServerToClientEvents, NoEvents, SocketData>;
type SessionSocket = Socket<ClientToServerEvents, ServerToClientEvents, NoEvents, SocketData>;

export const organizationRoom = (organizationId: string) => `organization:${organizationId}`;

/**
 * The EventBus of the process: once a socket server is attached, a notice goes to the sockets of
 * the organization's room whose user may read the media (the policy decides, see audience.ts). A
 * deletion goes to those who could read the media just before it was deleted.
 */
export class SocketEventBus implements EventBus {
  private io: SessionServer | null = null;
  private audience: ReturnType<typeof audienceOf> | null = null;
  private log: AppContext['log'] | null = null;
  private ctx: AppContext | null = null;

  attach(io: SessionServer, ctx: AppContext): void {
    this.io = io;
    this.ctx = ctx;
    this.audience = audienceOf(ctx.db);
    this.log = ctx.log;
  }

  detach(): void {
    this.io = null;
    this.ctx = null;
    this.audience = null;
  }

  conversationChanged(organizationId: string, update: ConversationUpdate): void {
    const io = this.io;
    if (!io || !this.audience) return;
    // Only the contract's fields leave the server, whatever the caller passed.
    const message = zConversationUpdate.parse(update);
    const event = conversationUpdateEvent(organizationId);
    const room = organizationRoom(organizationId);
    // A deletion without a prior audience (see conversationDeleting) reaches nobody.
    if (message.kind === 'deleted') return;
    void Promise.all([this.audience(message.conversationId), fetchSocketsOfLiveNodes(io.in(room))])
      .then(([mayRead, sockets]) => {
        if (!mayRead) return;
        for (const socket of sockets) if (socket.data.userId && mayRead(socket.data.userId)) socket.emit(event, message);
      })
      .catch((error: unknown) => this.log?.warn({ err: error }, 'conversation event not delivered'));
  }

  sessionChanged(organizationId: string, update: SessionUpdate, mayView: (userId: string) => boolean): void {
    const io = this.io;
    if (!io) return;
    const message = zSessionUpdate.parse(update);
    const event = sessionUpdateEvent(organizationId);
    void fetchSocketsOfLiveNodes(io.in(organizationRoom(organizationId)))
      .then((sockets) => {
        for (const socket of sockets) if (socket.data.userId && mayView(socket.data.userId)) socket.emit(event, message);
      })
      .catch((error: unknown) => this.log?.warn({ err: error }, 'session event not delivered'));
    // Who may see the session may have changed: its live room keeps only them.
    const ctx = this.ctx;
    if (ctx && (message.kind === 'updated' || message.kind === 'deleted')) {
      void fetchSocketsOfLiveNodes(io.in(liveRoomOf(organizationId, message.sessionId)))
        .then((sockets) => recheckLiveRoom(ctx, sockets, organizationId, message.sessionId))
        .catch((error: unknown) => this.log?.warn({ err: error }, 'live room not checked'));
    }
  }

  liveEvent<E extends keyof LiveServerEvents>(organizationId: string, sessionId: string, event: E, payload: Parameters<LiveServerEvents[E]>[0]): void {
    const room = this.io?.to(liveRoomOf(organizationId, sessionId));
    (room?.emit as ((event: E, payload: Parameters<LiveServerEvents[E]>[0]) => boolean) | undefined)?.call(room, event, payload);
  }

  async conversationDeleting(organizationId: string, conversationId: string): Promise<() => void> {
    const io = this.io;
    if (!io || !this.audience) return () => undefined;
    const mayRead = await this.audience(conversationId, { fresh: true }).catch((error: unknown) => {
      this.log?.warn({ err: error }, 'conversation event not delivered');
      return null;
    });
    const event = conversationUpdateEvent(organizationId);
    const message = zConversationUpdate.parse({ conversationId, kind: 'deleted' });
    return () => {
      if (!mayRead) return;
      void fetchSocketsOfLiveNodes(io.in(organizationRoom(organizationId)))
        .then((sockets) => {
          for (const socket of sockets) if (socket.data.userId && mayRead(socket.data.userId)) socket.emit(event, message);
        })
        .catch((error: unknown) => this.log?.warn({ err: error }, 'conversation event not delivered'));
    };
  }
}

/** Rooms every signed-in socket joins on both socket servers, so a revocation finds it on any node. */
const ownerRooms = (data: { sessionId: string | null; userId: string | null }) =>
  data.userId && data.sessionId ? [`owner-session:${data.sessionId}`, `owner-user:${data.userId}`] : [];

/** Puts a signed-in socket in the rooms a revocation of its session or user targets. */
export function joinOwnerRooms(socket: { data: { sessionId: string | null; userId: string | null }; join(rooms: string[]): Promise<void> | void }): void {
  const rooms = ownerRooms(socket.data);
  if (rooms.length > 0) void socket.join(rooms);
}

/**
 * A revoked session (logout, password change, suspension) is disconnected at once from a socket
 * server whose sockets joined their owner's rooms (both the session and the collaboration socket);
 * through the adapter, on every node. Returns the function that stops listening.
 */
export function disconnectWhenRevoked(ctx: Pick<AppContext, 'tokens'>, io: { in(room: string): { disconnectSockets(close?: boolean): void } }): () => void {
  return ctx.tokens.onRevoke((target) => {
    io.in('sessionId' in target ? `owner-session:${target.sessionId}` : `owner-user:${target.userId}`).disconnectSockets(true);
  });
}

/** The refusal of a handshake: always "unauthorized", with the code an HTTP call would get in `data`. */
export function refused(refusal: AppError | null): Error {
  const code: SocketRefusal['code'] = refusal?.code === 'token_expired' || refusal?.code === 'token_revoked' ? refusal.code : 'unauthorized';
  return Object.assign(new Error('unauthorized'), { data: { code } satisfies SocketRefusal });
}

function ackOf(value: unknown): Ack {
  return typeof value === 'function' ? (value as Ack) : () => undefined;
}

/**
 * What each client request does once its sender is authenticated (null: an anonymous viewer) and its
 * payload valid; an AppError becomes the ack's error. A handler may answer what to send after the ack.
 */
type Handlers = { [E in ClientEventName]: (actor: Actor | null, payload: ClientEventPayload<E>) => Promise<void | (() => Promise<void>)> };

/** Events an anonymous viewer may send. */
const ANONYMOUS_EVENTS: readonly ClientEventName[] = ['join_room', 'leave_room'];

function signedIn(actor: Actor | null): Actor {
  if (!actor) throw new AppError('unauthorized', 'Sign in to do this');
  return actor;
}

function handlersOf(ctx: AppContext, socket: SessionSocket): Handlers {
  return {
    async watch_organization(actor, organizationId) {
      // A non-member is answered exactly as for a missing organization.
      await authorize(ctx, signedIn(actor), organizationId, 'read');
      await socket.join(organizationRoom(organizationId));
    },
    async unwatch_organization(_actor, organizationId) {
      await socket.leave(organizationRoom(organizationId));
    },
    join_room: (actor, room) => joinLiveRoom(ctx, socket, actor, room),
    leave_room: (_actor, room) => leaveLiveRoom(socket, room),
  };
}

export interface SocketServer {
  io: SessionServer;
  close(): Promise<void>;
}

export function attachSocketServer(ctx: AppContext, httpServer: HttpServer, bus: SocketEventBus, adapter?: AdapterFactory): SocketServer {
  const io: SessionServer = new Server(httpServer, { path: SOCKET_PATH, serveClient: false, maxHttpBufferSize: 64 * 1024, ...(adapter ? { adapter } : {}) });

  io.use((socket, next) => {
    const given = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    if (given === undefined || given === null) {
      socket.data = { userId: null, sessionId: null, token: null, sessionRoom: null };
      return next();
    }
    const token = zToken.safeParse(given);
    if (!token.success) return next(refused(null));
    authenticate(ctx, token.data).then(
      ({ actor, refusal }) => {
        if (!actor) return next(refused(refusal));
        socket.data = { userId: actor.user.id, sessionId: actor.sessionId, token: token.data, sessionRoom: null };
        next();
      },
      (error: unknown) => {
        ctx.log.error({ err: error }, 'socket authentication failed');
        next(refused(null));
      },
    );
  });

  io.on('connection', (socket) => {
    const handlers = handlersOf(ctx, socket);
    joinOwnerRooms(socket);

    /**
     * Every request re-checks the token (a revoked session or a suspended user stops at once), then
     * validates the payload with the contract's schema before its handler sees it.
     */
    async function answer<E extends ClientEventName>(event: E, payload: unknown, reply: Ack): Promise<void> {
      const token = socket.data.token;
      const actor = token === null ? null : (await authenticate(ctx, token)).actor;
      if (token !== null && !actor) {
        reply({ ok: false, error: 'unauthorized' });
        socket.disconnect(true);
        return;
      }
      if (!actor && !ANONYMOUS_EVENTS.includes(event)) return reply({ ok: false, error: 'unauthorized' });
      const parsed = clientEventSchemas[event].safeParse(payload);
      if (!parsed.success) return reply({ ok: false, error: 'validation_failed' });
      const after = await handlers[event](actor, parsed.data as ClientEventPayload<E>);
      reply({ ok: true });
      if (after) await after().catch((error: unknown) => ctx.log.error({ err: error, event }, 'socket event follow-up failed'));
    }

    for (const event of Object.keys(clientEventSchemas) as ClientEventName[]) {
      const listener = (payload: unknown, ack?: unknown) => {
        const reply = ackOf(ack);
        answer(event, payload, reply).catch((error: unknown) => {
          if (error instanceof AppError) return reply({ ok: false, error: error.code });
          ctx.log.error({ err: error, event }, 'socket event failed');
          reply({ ok: false, error: 'internal_error' });
        });
      };
      socket.on(event, listener);
    }
  });

  bus.attach(io, ctx);
  const stopListening = disconnectWhenRevoked(ctx, io);
  return {
    io,
    async close() {
      stopListening();
      bus.detach();
      io.local.disconnectSockets(true);
      // Not io.close(): it would close the HTTP server, which belongs to Fastify.
      io.engine.close();
      await closeAdapter(io);
    },
  };
}
