/**
 * Registers a route from its entry in the shared endpoint table: method and path, the signed-in
 * actor when the entry asks for one, params, query and body parsed with the entry's schemas, the
 * entry's success status, and a handler whose answer is typed by the entry's response schema. A
 * changed contract therefore breaks the type check of the handler that no longer follows it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@palabre/shared';
import { requireActor, type Actor } from './auth.ts';
import { AppError, parse } from './errors.ts';

export interface RouteInput<E extends Endpoint> {
  /** The signed-in user: always there when the entry says `auth: true`, else when a valid token came. */
  actor: E extends { auth: true } ? Actor : Actor | null;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A JSON entry answers its response; an entry without one (no body, a redirect, a file or a stream)
 * sends through the reply itself or answers nothing.
 */
export type RouteResult<E extends Endpoint> = E extends { response: z.ZodType } ? ResponseOf<E> : FastifyReply | void;

export type RouteHandler<E extends Endpoint> = (input: RouteInput<E>) => Promise<RouteResult<E>>;

/** Options Fastify applies to the route (rate limits, route hooks). */
export type RouteOptions = Pick<RouteShorthandOptions, 'config' | 'onRequest' | 'preHandler'>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table entry the route was registered from (see http/response-check.ts). */
    endpoint?: Endpoint;
  }
}

/** The entry's path as seen from inside the plugin: the plugin's mount prefix taken off. */
function localPath(app: FastifyInstance, entry: Endpoint): string {
  const prefix = app.prefix;
  if (!entry.path.startsWith(prefix)) throw new Error(`${entry.method} ${entry.path} is outside the plugin mounted at ${prefix}`);
  return entry.path.slice(prefix.length) || '/';
}

export function route<const E extends Endpoint>(app: FastifyInstance, entry: E, handler: RouteHandler<E>): void;
export function route<const E extends Endpoint>(app: FastifyInstance, entry: E, options: RouteOptions, handler: RouteHandler<E>): void;
export function route<const E extends Endpoint>(app: FastifyInstance, entry: E, optionsOrHandler: RouteOptions | RouteHandler<E>, maybeHandler?: RouteHandler<E>): void {
  const options = typeof optionsOrHandler === 'function' ? {} : optionsOrHandler;
  const handler = typeof optionsOrHandler === 'function' ? optionsOrHandler : maybeHandler!;
  app.route({
    ...options,
    method: entry.method,
    url: localPath(app, entry),
    config: { ...options.config, endpoint: entry },
    handler: async (request, reply) => {
      const actor = entry.auth ? requireActor(request) : request.actor;
      // A JSON route given a form would read it as an empty body: refused, not taken as "no change".
      if (entry.body && /^multipart\//i.test(request.headers['content-type'] ?? ''))
        throw new AppError('validation_failed', 'This route takes a JSON body, not a form', { _: 'error.invalid' });
      const input = {
        actor,
        params: entry.params ? parse(entry.params, request.params) : undefined,
        query: entry.query ? parse(entry.query, request.query ?? {}) : undefined,
        body: entry.body ? parse(entry.body, request.body ?? {}) : undefined,
        request,
        reply,
      } as RouteInput<E>;
      if (entry.status) reply.status(entry.status);
      const result = await handler(input);
      if (reply.sent) return reply;
      // A reply the handler already sent (stream, file, redirect) is what went out.
      if (result === reply) return reply;
      return reply.send(result);
    },
  });
}
