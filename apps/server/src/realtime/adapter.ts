/**
 * Socket events across nodes (docs/ARCHITECTURE.md "Several nodes"): on PostgreSQL, both socket
 * servers use the socket.io PostgreSQL adapter, so a broadcast, `fetchSockets`, `disconnectSockets`
 * or `serverSideEmit` made on one node reaches the sockets and servers of every node. Messages go
 * through LISTEN/NOTIFY on their own small pool; larger or binary ones through a table of attachments
 * (created here when missing, its rows dropped after 30 s by the adapter).
 *
 * The session socket and the collaboration socket have distinct channels: each adapter only hears the
 * servers of its kind. A node without an HTTP listener (a worker) still raises session events through
 * an unattached server on the session channel (`emitterServer`).
 */
import pg from 'pg';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { Logger } from 'pino';

/** The adapter's table for payloads over NOTIFY's limit or carrying binary data. */
const ATTACHMENTS_TABLE = 'socket_io_attachments';

/** How often a node tells the others it is alive, and after how long without news it is forgotten. */
export const ADAPTER_HEARTBEAT_MS = 5_000;
export const ADAPTER_HEARTBEAT_TIMEOUT_MS = 10_000;

export type SocketChannel = 'session' | 'collab';

export type AdapterFactory = ReturnType<typeof createAdapter>;

export interface SocketAdapters {
  /** The adapter of a socket server of this kind. */
  of(channel: SocketChannel): AdapterFactory;
  close(): Promise<void>;
}

/** Opens the adapters' pool and creates their table when missing. */
export async function openSocketAdapters(connectionString: string, log: Pick<Logger, 'warn'>): Promise<SocketAdapters> {
  // One connection per channel stays in LISTEN; the others publish.
  const pool = new pg.Pool({ connectionString, max: 6 });
  pool.on('error', (error) => log.warn({ err: error }, 'socket adapter connection error'));
  try {
    await pool.query(`CREATE TABLE IF NOT EXISTS ${ATTACHMENTS_TABLE} (id bigserial UNIQUE, created_at timestamptz DEFAULT now(), payload bytea)`);
  } catch (error) {
    // Two nodes starting together: the other one created it.
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42P07') {
      await pool.end();
      throw error;
    }
  }
  const factories = new Map<SocketChannel, AdapterFactory>();
  return {
    of(channel) {
      let factory = factories.get(channel);
      if (!factory) {
        factory = createAdapter(pool, {
          channelPrefix: `palabre-${channel}`,
          tableName: ATTACHMENTS_TABLE,
          heartbeatInterval: ADAPTER_HEARTBEAT_MS,
          heartbeatTimeout: ADAPTER_HEARTBEAT_TIMEOUT_MS,
          errorHandler: (error: Error) => log.warn({ err: error, channel }, 'socket adapter message lost'),
        });
        factories.set(channel, factory);
      }
      return factory;
    },
    close: () => pool.end(),
  };
}

/**
 * A socket server with no HTTP server: it holds no sockets, but through the adapter its broadcasts
 * and `fetchSockets` reach the sockets of the nodes that listen.
 */
export function emitterServer<S extends Server>(adapter: AdapterFactory): S {
  return new Server({ adapter, serveClient: false }) as S;
}

/** Closes a socket server's adapter (its heartbeats and its LISTEN connection). */
export async function closeAdapter(io: Pick<Server, 'of'>): Promise<void> {
  await io.of('/').adapter.close();
}

/** How many nodes of this kind the adapter knows, this one included (tests wait for their peers). */
export async function serverCount(io: Pick<Server, 'of'>): Promise<number> {
  return io.of('/').adapter.serverCount();
}

/** How long a request to the other nodes (`fetchSockets`) waits for all their answers. */
export const ADAPTER_REQUEST_TIMEOUT_MS = 2_000;

/**
 * The sockets of a room on every node, for notices filtered per user. A node that died is still
 * awaited until the others forget it (ADAPTER_HEARTBEAT_TIMEOUT_MS): its missing answer fails the
 * request, which is then asked again until it is forgotten, so such a notice arrives late instead of
 * being lost. Other errors fail at once; so does a request still unanswered past that bound.
 */
export async function fetchSocketsOfLiveNodes<T>(room: { timeout(ms: number): { fetchSockets(): Promise<T> } }): Promise<T> {
  const deadline = Date.now() + ADAPTER_HEARTBEAT_TIMEOUT_MS + ADAPTER_HEARTBEAT_MS + ADAPTER_REQUEST_TIMEOUT_MS;
  for (;;) {
    try {
      return await room.timeout(ADAPTER_REQUEST_TIMEOUT_MS).fetchSockets();
    } catch (error) {
      const unanswered = error instanceof Error && error.message.startsWith('timeout reached');
      if (!unanswered || Date.now() >= deadline) throw error;
    }
  }
}
