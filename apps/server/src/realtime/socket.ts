/**
 * The session socket (socket.io 4 at /cm-api/socket.io) on the HTTP server of the API.
 *
 * - Handshake: `auth.token` is an access token, verified like a bearer token (signature, expiry,
 *   session not revoked) and the user must be active. Otherwise the connection is refused.
 * - `watch_organization` / `unwatch_organization` (organization id): a member joins the
 *   organization's room and receives `orga_{id}_conversation_update` notices. A non-member gets an
 *   ack error identical to a missing organization.
 * - `join_room` / `leave_room` ("orgId/sessionId"): live session rooms, members only, one at a time.
 * Every payload is validated with zod; notices carry ids, status and progress, nothing secret, and
 * reach only the users who may read the media.
 */
import type { Server as HttpServer } from 'node:http';
import { eq } from 'drizzle-orm';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { conversationUpdateEvent, zConversationUpdate, zWatchOrganization, type ConversationUpdate } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { organizations, users } from '../db/schema.ts';
import { organizationsRepo } from '../organizations/repo.ts';
import { audienceOf } from './audience.ts';
import type { EventBus } from './events.ts';

export const SOCKET_PATH = '/cm-api/socket.io';

const zToken = z.string().min(1).max(4096);
const zSessionRoom = z.string().regex(/^[0-9a-f-]{36}\/[0-9a-f-]{36}$/i).refine((room) => room.split('/').every((part) => z.string().uuid().safeParse(part).success));

type Ack = (response: { ok: true } | { ok: false; error: string }) => void;

interface SocketData {
  userId: string;
  sessionId: string;
  token: string;
  sessionRoom: string | null;
}

export const organizationRoom = (organizationId: string) => `organization:${organizationId}`;
const sessionRoom = (room: string) => `session:${room}`;

/**
 * The EventBus of the process: once a socket server is attached, a notice goes to the sockets of
 * the organization's room whose user may read the media (the policy decides, see audience.ts). A
 * deletion goes to those who could read the media just before it was deleted.
 */
export class SocketEventBus implements EventBus {
  private io: Server | null = null;
  private audience: ReturnType<typeof audienceOf> | null = null;
  private log: AppContext['log'] | null = null;

  attach(io: Server, ctx: Pick<AppContext, 'db' | 'log'>): void {
    this.io = io;
    this.audience = audienceOf(ctx.db);
    this.log = ctx.log;
  }

  detach(): void {
    this.io = null;
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
    void Promise.all([this.audience(message.conversationId), io.in(room).fetchSockets()])
      .then(([mayRead, sockets]) => {
        if (!mayRead) return;
        for (const socket of sockets) if (mayRead((socket.data as SocketData).userId)) socket.emit(event, message);
      })
      .catch((error: unknown) => this.log?.warn({ err: error }, 'conversation event not delivered'));
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
      void io
        .in(organizationRoom(organizationId))
        .fetchSockets()
        .then((sockets) => {
          for (const socket of sockets) if (mayRead((socket.data as SocketData).userId)) socket.emit(event, message);
        })
        .catch((error: unknown) => this.log?.warn({ err: error }, 'conversation event not delivered'));
    };
  }
}

async function activeUser(ctx: AppContext, token: string): Promise<{ userId: string; sessionId: string }> {
  const claims = await ctx.tokens.verifyAccess(token);
  const [user] = await ctx.db.select({ id: users.id, status: users.status }).from(users).where(eq(users.id, claims.userId));
  if (!user || user.status !== 'active') throw new Error('inactive');
  return { userId: user.id, sessionId: claims.sessionId };
}

async function isMember(ctx: AppContext, organizationId: string, userId: string): Promise<boolean> {
  if (await organizationsRepo.membership(ctx.db, organizationId, userId)) return true;
  const [organization] = await ctx.db.select({ ownerId: organizations.ownerId }).from(organizations).where(eq(organizations.id, organizationId));
  return organization?.ownerId === userId;
}

function ackOf(value: unknown): Ack {
  return typeof value === 'function' ? (value as Ack) : () => undefined;
}

export interface SocketServer {
  io: Server;
  close(): Promise<void>;
}

export function attachSocketServer(ctx: AppContext, httpServer: HttpServer, bus: SocketEventBus): SocketServer {
  const io = new Server(httpServer, { path: SOCKET_PATH, serveClient: false, maxHttpBufferSize: 64 * 1024 });

  io.use((socket, next) => {
    const token = zToken.safeParse((socket.handshake.auth as Record<string, unknown> | undefined)?.token);
    if (!token.success) return next(new Error('unauthorized'));
    activeUser(ctx, token.data).then(
      ({ userId, sessionId }) => {
        const data: SocketData = { userId, sessionId, token: token.data, sessionRoom: null };
        socket.data = data;
        next();
      },
      () => next(new Error('unauthorized')),
    );
  });

  io.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;

    /** Each request re-checks the token, so a revoked session or suspended user stops at once. */
    const guard = (handler: (payload: unknown, ack: Ack) => Promise<void>) => (payload: unknown, ack: unknown) => {
      const reply = ackOf(ack);
      activeUser(ctx, data.token)
        .then(
          () => handler(payload, reply),
          () => {
            reply({ ok: false, error: 'unauthorized' });
            socket.disconnect(true);
          },
        )
        .catch((error: unknown) => {
          ctx.log.error({ err: error }, 'socket event failed');
          reply({ ok: false, error: 'internal_error' });
        });
    };

    socket.on(
      'watch_organization',
      guard(async (payload, ack) => {
        const id = zWatchOrganization.safeParse(payload);
        if (!id.success) return ack({ ok: false, error: 'validation_failed' });
        if (!(await isMember(ctx, id.data, data.userId))) return ack({ ok: false, error: 'not_found' });
        await socket.join(organizationRoom(id.data));
        ack({ ok: true });
      }),
    );

    socket.on(
      'unwatch_organization',
      guard(async (payload, ack) => {
        const id = zWatchOrganization.safeParse(payload);
        if (!id.success) return ack({ ok: false, error: 'validation_failed' });
        await socket.leave(organizationRoom(id.data));
        ack({ ok: true });
      }),
    );

    socket.on(
      'join_room',
      guard(async (payload, ack) => {
        const room = zSessionRoom.safeParse(payload);
        if (!room.success) return ack({ ok: false, error: 'validation_failed' });
        const [organizationId] = room.data.split('/') as [string, string];
        if (!(await isMember(ctx, organizationId, data.userId))) return ack({ ok: false, error: 'not_found' });
        // One live session room at a time.
        if (data.sessionRoom && data.sessionRoom !== room.data) await socket.leave(sessionRoom(data.sessionRoom));
        data.sessionRoom = room.data;
        await socket.join(sessionRoom(room.data));
        ack({ ok: true });
      }),
    );

    socket.on(
      'leave_room',
      guard(async (payload, ack) => {
        const room = zSessionRoom.safeParse(payload);
        if (!room.success) return ack({ ok: false, error: 'validation_failed' });
        await socket.leave(sessionRoom(room.data));
        if (data.sessionRoom === room.data) data.sessionRoom = null;
        ack({ ok: true });
      }),
    );
  });

  bus.attach(io, ctx);
  // A revoked session (logout, password change, suspension) stops receiving anything at once.
  const stopListening = ctx.tokens.onRevoke((target) => {
    for (const socket of io.of('/').sockets.values()) {
      const data = socket.data as SocketData;
      if ('sessionId' in target ? data.sessionId === target.sessionId : data.userId === target.userId) socket.disconnect(true);
    }
  });
  return {
    io,
    async close() {
      stopListening();
      bus.detach();
      io.local.disconnectSockets(true);
      // Not io.close(): it would close the HTTP server, which belongs to Fastify.
      io.engine.close();
    },
  };
}
