/**
 * Watching an organization's room on the live socket: `watch_organization` at each connection,
 * acknowledged by the server once the socket is in the room (contracts/realtime.ts). A notice raised
 * before that moment (between a page's first fetch and the join, or while the socket was down) never
 * reaches this tab: on the acknowledgement, `onWatched` refetches what the notices refresh. Several
 * watches of one organization share the socket's room, left when the last one stops.
 */
import type { SocketAck } from '@palabre/shared';

/** What the watch needs of a socket.io client socket. */
export interface WatchSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
}

export interface OrganizationWatch<T> {
  /** The notice event of the organization (`orga_{id}_…_update`). */
  event: string;
  onNotice(notice: T): void;
  /** The socket is in the room: refetch what the notices refresh (those raised before were missed). */
  onWatched(): void;
  /** The socket is connected and has asked to watch (true), or lost its connection (false). */
  onConnected(connected: boolean): void;
  /** Whether the socket may watch now (false: it reconnects as whoever is signed in, and watches once connected). */
  mayWatch(): boolean;
}

/**
 * How many watches of each organization a socket has: the room is one per socket, so only the last
 * stop leaves it (an editor's watch goes on when a panel watching the same organization closes).
 */
const watchers = new WeakMap<WatchSocket, Map<string, number>>();

function count(socket: WatchSocket, organizationId: string, change: 1 | -1): number {
  const counts = watchers.get(socket) ?? new Map<string, number>();
  watchers.set(socket, counts);
  const now = (counts.get(organizationId) ?? 0) + change;
  if (now > 0) counts.set(organizationId, now);
  else counts.delete(organizationId);
  return now;
}

/** Watches while the socket is connected, again at each reconnection; returns the stop. */
export function watchOrganization<T>(socket: WatchSocket, organizationId: string, watch: OrganizationWatch<T>): () => void {
  let stopped = false;
  count(socket, organizationId, 1);
  const join = () => {
    if (!watch.mayWatch()) return;
    socket.emit('watch_organization', organizationId, (ack: SocketAck) => {
      if (ack.ok && !stopped) watch.onWatched();
    });
    watch.onConnected(true);
  };
  const lost = () => watch.onConnected(false);
  const handle = (notice: T) => watch.onNotice(notice);
  socket.on('connect', join);
  socket.on('disconnect', lost);
  socket.on(watch.event, handle);
  if (socket.connected) join();
  return () => {
    if (stopped) return;
    stopped = true;
    if (count(socket, organizationId, -1) === 0 && socket.connected) socket.emit('unwatch_organization', organizationId);
    socket.off('connect', join);
    socket.off('disconnect', lost);
    socket.off(watch.event, handle);
  };
}
