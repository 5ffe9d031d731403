/**
 * The live socket (docs/PRODUCT.md, API) for media processing: socket.io at /cm-api/socket.io, authenticated
 * with the authToken cookie; `watch_organization` joins the organization's room, and every
 * `orga_{id}_conversation_update` notice invalidates the queries of that conversation and, when they may
 * show the change, the media lists (clients refetch; see invalidation.ts). Events and payloads are the
 * contracts of `@palabre/shared` (contracts/realtime.ts).
 */
import { COOKIE, conversationUpdateEvent, type ClientToServerEvents, type ConversationUpdate, type ServerToClientEvents } from '@palabre/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import { readCookie } from '../../api/cookies.ts';
import { invalidateAfterUpdate } from './invalidation.ts';

type SessionSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One socket for the whole tab, shared by every watcher. */
let shared: { socket: SessionSocket; users: number } | null = null;

function acquire(): SessionSocket {
  if (!shared) {
    const socket: SessionSocket = io({
      path: '/cm-api/socket.io',
      // The token is read at each (re)connection: it may have been refreshed meanwhile.
      auth: (cb) => cb({ token: readCookie(COOKIE.authToken) ?? '' }),
      // Client defaults (docs/PRODUCT.md, API).
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20_000,
    });
    shared = { socket, users: 0 };
  }
  shared.users += 1;
  return shared.socket;
}

function release() {
  if (!shared) return;
  shared.users -= 1;
  if (shared.users <= 0) {
    shared.socket.disconnect();
    shared = null;
  }
}

/**
 * Watches an organization's media updates. Each notice invalidates the media's queries and, when they
 * may show it, the media lists; `onUpdate` also receives it. Returns whether the socket is connected.
 */
export function useConversationUpdates(organizationId: string | null | undefined, onUpdate?: (update: ConversationUpdate) => void): boolean {
  const client = useQueryClient();
  const [connected, setConnected] = useState(false);
  const callback = useRef(onUpdate);
  callback.current = onUpdate;

  useEffect(() => {
    if (!organizationId) return;
    const socket = acquire();
    const event = conversationUpdateEvent(organizationId);
    const watch = () => {
      socket.emit('watch_organization', organizationId);
      setConnected(true);
    };
    const lost = () => setConnected(false);
    const handle = (update: ConversationUpdate) => {
      void invalidateAfterUpdate(client, update);
      callback.current?.(update);
    };
    socket.on('connect', watch);
    socket.on('disconnect', lost);
    socket.on(event, handle);
    if (socket.connected) watch();
    return () => {
      if (socket.connected) socket.emit('unwatch_organization', organizationId);
      socket.off('connect', watch);
      socket.off('disconnect', lost);
      socket.off(event, handle);
      release();
    };
  }, [organizationId, client]);

  return connected;
}
