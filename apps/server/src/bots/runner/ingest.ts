/**
 * The bot's side of the ingest WebSocket (live/ws-ingest.ts): the same gate as any other audio
 * source. Hello with the channel's stream key, wait for `ready`, then PCM messages.
 */
import WebSocket from 'ws';
import { zLiveIngestReply } from '@palabre/shared';

export interface IngestConnection {
  send(pcm: Buffer): void;
  /** Resolves with the close code once the server closed the connection (1000: the channel takes no more audio). */
  closed: Promise<number>;
  close(): void;
}

/** Opens the channel's stream; rejects with the server's error code when refused. */
export function openIngest(url: string, streamKey: string): Promise<IngestConnection> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    let ready = false;
    const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
    socket.once('open', () => socket.send(JSON.stringify({ type: 'hello', streamKey })));
    socket.once('error', (error) => {
      if (!ready) reject(error);
    });
    void closed.then(() => {
      if (!ready) reject(new Error('closed'));
    });
    socket.once('message', (data, isBinary) => {
      let reply;
      try {
        reply = isBinary ? null : zLiveIngestReply.safeParse(JSON.parse(data.toString()));
      } catch {
        reply = null;
      }
      if (!reply?.success || reply.data.type !== 'ready') {
        reject(new Error(reply?.success && reply.data.type === 'error' ? reply.data.code : 'refused'));
        socket.close();
        return;
      }
      ready = true;
      resolve({
        send: (pcm) => {
          // A server that reads slowly holds its TCP window: the bot drops rather than buffering without end.
          if (socket.readyState === socket.OPEN && socket.bufferedAmount < 1024 * 1024) socket.send(pcm);
        },
        closed,
        close: () => socket.close(1000),
      });
    });
  });
}
