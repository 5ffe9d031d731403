/**
 * Request ids: each request gets one, taken from an incoming `X-Request-Id` when it is short and
 * made of safe characters (a reverse proxy or a client may set it), else generated. It is sent back
 * in the same header, carried by every log line written while the request is served
 * (request-context.ts), and quoted in internal error answers so that a user can report it.
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { runWithContext } from '../request-context.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The incoming id when it is safe to log and echo, else null. */
export function safeRequestId(value: unknown): string | null {
  return typeof value === 'string' && SAFE_ID.test(value) ? value : null;
}

/** Fastify's `genReqId`: the client's id when safe, else a new one. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  return safeRequestId(request.headers[REQUEST_ID_HEADER]) ?? crypto.randomUUID();
}

/**
 * Echoes the id and runs the request inside its log context. Fastify runs the hooks after body
 * parsing from the request stream's events, outside the context entered at `onRequest`: it is
 * entered again at `preValidation`, before validation, handlers and their services.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runWithContext({ reqId: request.id }, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    runWithContext({ reqId: request.id }, done);
  });
}
