/**
 * The live socket (docs/PRODUCT.md, API): socket.io at /cm-api/socket.io, authenticated with the
 * authToken cookie (anonymous without one: live rooms of public sessions only), one for the whole tab. `watch_organization` joins an organization's room, whose
 * notices (`orga_{id}_…_update`) the hooks of this folder listen to (watchOrganization.ts). Events and payloads are the
 * contracts of `@palabre/shared` (contracts/realtime.ts).
 */
import { COOKIE, type ClientToServerEvents, type ServerToClientEvents } from '@palabre/shared';
import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { onSessionChange, readCookie, signedInUser } from '../../api/cookies.ts';
import { watchOrganization, type WatchSocket } from './watchOrganization.ts';

export type SessionSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * One socket for the whole tab, shared by every watcher; `identity`: whom its last handshake carried
 * (null: anonymous), and the unsubscribe of its sign-in listener.
 */
let shared: { socket: SessionSocket; users: number; identity: string | null; unsubscribe: () => void } | null = null;

/**
 * Connects the socket again when whoever is signed in now is not whom its handshake carried (a sign-in
 * after an anonymous live page, a sign-out, another account in another tab); answers whether the
 * socket is right as it is. A refreshed token of the same account keeps the connection.
 */
function matchSignedInUser(): boolean {
  if (!shared?.socket.connected || shared.identity === signedInUser()) return true;
  shared.socket.disconnect().connect();
  return false;
}

/** The tab's socket, connecting it if needed; every acquire is matched by a `releaseSocket`. */
export function acquireSocket(): SessionSocket {
  if (!shared) {
    const socket: SessionSocket = io({
      path: '/cm-api/socket.io',
      // The token is read at each (re)connection: it may have been refreshed meanwhile.
      auth: (cb) => {
        const token = readCookie(COOKIE.authToken);
        if (shared) shared.identity = signedInUser();
        cb(token ? { token } : {});
      },
      // Client defaults (docs/PRODUCT.md, API).
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20_000,
    });
    shared = { socket, users: 0, identity: null, unsubscribe: onSessionChange(matchSignedInUser) };
  } else if (!shared.socket.active) {
    // Closed on purpose earlier (the live page's broker-down rule): a new user opens it again.
    shared.socket.connect();
  }
  shared.users += 1;
  return shared.socket;
}

export function releaseSocket() {
  if (!shared) return;
  shared.users -= 1;
  if (shared.users <= 0) {
    shared.unsubscribe();
    shared.socket.disconnect();
    shared = null;
  }
}

/**
 * Listens to `event` in an organization's room while mounted; `onNotice` receives each notice, and
 * `onWatched` runs each time the server has put the socket in the room (at mount and after each
 * reconnection): it refetches what the notices refresh, so that one raised before is not missed.
 * Returns whether the socket is connected.
 */
export function useOrganizationNotices<T>(
  organizationId: string | null | undefined,
  event: (organizationId: string) => string,
  onNotice: (notice: T) => void,
  onWatched: () => void,
): boolean {
  const [connected, setConnected] = useState(false);
  const callback = useRef({ onNotice, onWatched });
  callback.current = { onNotice, onWatched };
  const eventOf = useRef(event);
  eventOf.current = event;

  useEffect(() => {
    if (!organizationId) return;
    const stop = watchOrganization<T>(acquireSocket() as unknown as WatchSocket, organizationId, {
      event: eventOf.current(organizationId),
      onNotice: (notice) => callback.current.onNotice(notice),
      onWatched: () => callback.current.onWatched(),
      onConnected: setConnected,
      // The organization's notices need the signed-in user's socket.
      mayWatch: matchSignedInUser,
    });
    return () => {
      stop();
      releaseSocket();
    };
  }, [organizationId]);

  return connected;
}
