/**
 * Live session rooms on the session socket (docs/live.md): "organizationId/sessionId", one at a time
 * per socket. Anyone who may see the session joins: members per its visibility, anyone signed in for
 * a public one, anonymous sockets for a public one open to anonymous viewers (policy `sessionAccess`,
 * through sessions/access.ts); for everyone else the session does not exist. A viewer who joins
 * receives the room's recent finals and the state of its transcribers, then captions as they come.
 */
import { LIVE_LIMITS, type LiveServerEvents } from '@palabre/shared';
import type { Actor } from '../auth/authenticate.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { captionsRepo, finalOf } from '../live/repo.ts';
import { sessionFor } from '../sessions/access.ts';
import { sessionsRepo, type SessionRow } from '../sessions/repo.ts';
import { usersRepo } from '../users/repo.ts';

/** The socket.io room of a live session. */
export const liveRoom = (room: string) => `session:${room}`;
export const liveRoomOf = (organizationId: string, sessionId: string) => liveRoom(`${organizationId}/${sessionId}`);

/** What the live rooms need of a socket. */
export interface LiveViewer {
  data: { userId: string | null; sessionRoom: string | null };
  join(room: string): Promise<void> | void;
  leave(room: string): Promise<void> | void;
  emit<E extends keyof LiveServerEvents>(event: E, ...args: Parameters<LiveServerEvents[E]>): boolean;
}

/** The session of a room, if this viewer may see it (not found otherwise, like a missing session). */
async function visibleSession(ctx: AppContext, actor: Actor | null, room: string): Promise<SessionRow> {
  const [organizationId, sessionId] = room.split('/') as [string, string];
  const { row } = await sessionFor(ctx, actor, sessionId, 'public', organizationId);
  return row;
}

/**
 * Joins a live room (leaving any earlier one); answers what to send once the join is acknowledged:
 * the recent finals of each channel, then `broker_ko` for each failing transcriber or one `broker_ok`.
 */
export async function joinLiveRoom(ctx: AppContext, socket: LiveViewer, actor: Actor | null, room: string): Promise<() => Promise<void>> {
  const session = await visibleSession(ctx, actor, room);
  const earlier = socket.data.sessionRoom;
  if (earlier && earlier !== room) await socket.leave(liveRoom(earlier));
  socket.data.sessionRoom = room;
  await socket.join(liveRoom(room));
  return () => sendRoomState(ctx, socket, session.id);
}

export async function leaveLiveRoom(socket: LiveViewer, room: string): Promise<void> {
  await socket.leave(liveRoom(room));
  if (socket.data.sessionRoom === room) socket.data.sessionRoom = null;
}

async function sendRoomState(ctx: AppContext, socket: LiveViewer, sessionId: string): Promise<void> {
  const [channels, finals] = await Promise.all([sessionsRepo.channels(ctx.db, [sessionId]), captionsRepo.recent(ctx.db, sessionId, LIVE_LIMITS.backlog)]);
  for (const row of finals) socket.emit('final', finalOf(row));
  const failing = channels.filter((channel) => channel.transcriberStatus === 'errored');
  for (const channel of failing) socket.emit('broker_ko', { sessionId, channelIndex: channel.position });
  if (failing.length === 0) socket.emit('broker_ok', { sessionId });
}

/**
 * A session changed (its visibility, anonymous access) or was deleted: the sockets of its room that
 * may no longer see it leave the room.
 */
export async function recheckLiveRoom(ctx: AppContext, sockets: LiveViewer[], organizationId: string, sessionId: string): Promise<void> {
  if (sockets.length === 0) return;
  const room = `${organizationId}/${sessionId}`;
  const ids = [...new Set(sockets.flatMap((socket) => (socket.data.userId ? [socket.data.userId] : [])))];
  const rows = await usersRepo.byIds(ctx.db, ids);
  const byId = new Map(rows.map((user) => [user.id, user]));
  const verdicts = new Map<string | null, Promise<boolean>>();
  const maySee = (userId: string | null) => {
    let verdict = verdicts.get(userId);
    if (!verdict) {
      const user = userId ? byId.get(userId) : null;
      // An account gone since it joined sees nothing; the actor's session plays no part in the rights.
      verdict =
        user === undefined
          ? Promise.resolve(false)
          : visibleSession(ctx, user ? { user, sessionId: '' } : null, room).then(
              () => true,
              (error: unknown) => {
                if (error instanceof AppError) return false;
                throw error;
              },
            );
      verdicts.set(userId, verdict);
    }
    return verdict;
  };
  for (const socket of sockets) if (!(await maySee(socket.data.userId))) await leaveLiveRoom(socket, room);
}
