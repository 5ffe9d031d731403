/** Points the gauges of the metrics at the parts of a running server (called by startServer as they exist). */
import type { Metrics, QueueDepth } from './metrics.ts';

/** What the metrics read of a socket.io server: its connected sockets. */
interface SocketsOf<Data> {
  of(namespace: '/'): { sockets: ReadonlyMap<string, { data: Data }> };
}

export interface WatchedParts {
  documents?: { transcripts: { readonly openCount: number }; subtitles: { readonly openCount: number } };
  queues?: () => Promise<QueueDepth[]>;
  /** The sockets this node serves (a node serves those of its roles). */
  sockets?: {
    /** The session socket: every connection, and those watching a live session (live viewers). */
    session?: SocketsOf<{ sessionRoom: string | null }>;
    collab?: SocketsOf<unknown>;
    ingest?: { connections(): number };
  };
}

export function watchMetrics(metrics: Metrics, parts: WatchedParts): void {
  metrics.collectProcessMetrics();
  const { documents, queues, sockets } = parts;
  if (documents) metrics.sources.documents = () => ({ transcript: documents.transcripts.openCount, subtitle: documents.subtitles.openCount });
  if (queues) metrics.sources.queues = queues;
  if (sockets) {
    metrics.sources.sockets = () => {
      const session = sockets.session ? [...sockets.session.of('/').sockets.values()] : [];
      return {
        session: session.length,
        live_viewers: session.filter((socket) => socket.data.sessionRoom !== null).length,
        collab: sockets.collab?.of('/').sockets.size ?? 0,
        live_ingest: sockets.ingest?.connections() ?? 0,
      };
    };
  }
}
