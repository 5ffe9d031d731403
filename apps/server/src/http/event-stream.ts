/**
 * A `text/event-stream` answer written on the raw response after `reply.hijack()`. The headers set
 * for every answer (security headers of http/security-headers.ts, cookies) are kept; proxies are
 * asked not to buffer. `closed` tells when the client went away (the caller aborts its work then).
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

export interface EventStream {
  send(event: string, data: unknown): void;
  end(): void;
  /** Aborted when the client disconnects before `end()`. */
  readonly closed: AbortSignal;
}

export function openEventStream(reply: FastifyReply): EventStream {
  const controller = new AbortController();
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.flushHeaders();
  let ended = false;
  raw.on('close', () => {
    if (!ended) controller.abort(new Error('The client disconnected'));
  });
  return {
    send(event, data) {
      if (ended || raw.destroyed) return;
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (ended) return;
      ended = true;
      if (!raw.destroyed) raw.end();
    },
    closed: controller.signal,
  };
}
