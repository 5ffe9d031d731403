/**
 * The ingest WebSocket at `LIVE_INGEST_PATH` on the API's HTTP server (docs/live.md): the browser
 * microphone and scripts send a channel's audio here.
 *
 * 1. The client sends a `LiveIngestHello` (JSON text) within `LIVE_LIMITS.helloTimeoutSeconds`.
 * 2. The server opens the channel's stream through the gate and answers `ready`, or `error` with a
 *    code (`not_found`, `session_status`, `conflict`, `validation_failed`) and closes.
 * 3. Every binary message is PCM in `LIVE_AUDIO`'s format, at most `LIVE_AUDIO.maxMessageBytes`.
 *    While the transcriber lags behind the server stops reading (TCP back-pressure reaches the sender).
 *
 * Close codes: 1000 the channel takes no more audio (the session stopped), 1001 the server is
 * shutting down, 1008 a refused hello or a protocol error (an `error` message says which), 1009 a
 * message too large, 1011 an error of the server. Stream keys are never logged.
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { LIVE_AUDIO, LIVE_INGEST_PATH, LIVE_LIMITS, zLiveIngestHello, type LiveIngestReply } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import type { AudioSink, IngestGate } from './ingest/gate.ts';

export const INGEST_CLOSE = { ended: 1000, goingAway: 1001, refused: 1008, tooLarge: 1009, serverError: 1011 } as const;

/** Audio messages kept while the channel opens (a few seconds in 100 ms messages). */
const EARLY_MESSAGES = 50;

/** Messages larger than this are cut by the WebSocket layer itself (1009) before being read. */
const MAX_PAYLOAD = 4 * LIVE_AUDIO.maxMessageBytes;

function send(socket: WebSocket, reply: LiveIngestReply): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(reply));
}

function refuse(socket: WebSocket, code: string, message: string, closeCode: number = INGEST_CLOSE.refused): void {
  send(socket, { type: 'error', code, message });
  socket.close(closeCode);
}

const byteLength = (data: RawData) => (Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data instanceof ArrayBuffer ? data.byteLength : data.length);
const bufferOf = (data: RawData) => (Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? Buffer.from(data) : data);

/** One connection: hello, then audio into the channel's sink. */
function serve(ctx: Pick<AppContext, 'log'>, gate: IngestGate, socket: WebSocket): void {
  let sink: AudioSink | null = null;
  let state: 'hello' | 'opening' | 'streaming' | 'closed' = 'hello';
  /** Audio sent before `ready`, written once the channel is open. */
  const early: Buffer[] = [];
  const helloTimer = setTimeout(() => refuse(socket, 'validation_failed', 'No hello was received in time'), LIVE_LIMITS.helloTimeoutSeconds * 1000);

  function hello(data: RawData, isBinary: boolean): void {
    clearTimeout(helloTimer);
    let parsed;
    try {
      parsed = isBinary ? null : zLiveIngestHello.safeParse(JSON.parse(bufferOf(data).toString('utf8')));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) return refuse(socket, 'validation_failed', 'The first message must be a hello naming the channel’s stream key');
    state = 'opening';
    gate.open(parsed.data.streamKey, 'websocket').then(
      (opened) => {
        if (state === 'closed') {
          void opened.end('finished');
          return;
        }
        sink = opened;
        state = 'streaming';
        opened.on('drain', () => socket.resume());
        opened.on('close', () => socket.close(INGEST_CLOSE.ended));
        send(socket, { type: 'ready', sessionId: opened.sessionId, channelIndex: opened.channelIndex, sampleRate: LIVE_AUDIO.sampleRate });
        const flowing = early.splice(0).reduce((ready, pcm) => opened.write(pcm) && ready, true);
        if (!flowing) socket.pause();
      },
      (error: unknown) => {
        if (error instanceof AppError) return refuse(socket, error.code, error.message);
        ctx.log.error({ err: error }, 'live stream not opened');
        refuse(socket, 'internal_error', 'The stream could not be opened', INGEST_CLOSE.serverError);
      },
    );
  }

  const ended = (reason: 'finished' | 'failed') => {
    clearTimeout(helloTimer);
    if (state === 'closed') return;
    state = 'closed';
    if (sink) void sink.end(reason).catch((error: unknown) => ctx.log.error({ err: error }, 'live stream did not end cleanly'));
  };
  socket.on('message', (data, isBinary) => {
    if (state === 'hello') return hello(data, isBinary);
    if (state === 'closed') return;
    if (!isBinary) {
      ended('finished');
      return refuse(socket, 'validation_failed', 'Only audio is expected after the hello');
    }
    if (byteLength(data) > LIVE_AUDIO.maxMessageBytes) {
      ended('finished');
      return refuse(socket, 'validation_failed', 'An audio message is larger than allowed', INGEST_CLOSE.tooLarge);
    }
    if (!sink) {
      // The channel opens in well under a second; a sender that does not wait is cut off.
      if (early.length >= EARLY_MESSAGES) return refuse(socket, 'validation_failed', 'Send audio once the server is ready');
      return void early.push(bufferOf(data));
    }
    if (!sink.write(bufferOf(data))) socket.pause();
  });

  socket.on('close', () => ended('finished'));
  socket.on('error', (error) => {
    ctx.log.warn({ err: error }, 'live ingest connection failed');
    ended('failed');
  });
}

export interface IngestSocket {
  /** Connected ingest WebSockets (metrics). */
  connections(): number;
  close(): Promise<void>;
}

/** Serves the ingest WebSocket on the API's HTTP server, feeding the gate. */
export function attachIngestSocket(ctx: Pick<AppContext, 'log'>, httpServer: HttpServer, gate: IngestGate): IngestSocket {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname !== LIVE_INGEST_PATH) return;
    wss.handleUpgrade(request, socket, head, (ws) => serve(ctx, gate, ws));
  };
  httpServer.on('upgrade', upgrade);
  return {
    connections: () => wss.clients.size,
    async close() {
      httpServer.off('upgrade', upgrade);
      for (const client of wss.clients) client.close(INGEST_CLOSE.goingAway);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
