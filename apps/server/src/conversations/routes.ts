/** /cm-api/api conversation routes, by endpoint group. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { createRoutes } from './routes-create.ts';
import { mediaRoutes } from './routes-media.ts';
import { readRoutes } from './routes-read.ts';

export function conversationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await app.register(createRoutes(ctx));
    await app.register(readRoutes(ctx));
    await app.register(mediaRoutes(ctx));
  };
}
