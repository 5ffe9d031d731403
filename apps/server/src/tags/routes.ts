/** Tag categories, tags, and tags on media. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export function tagRoutes(_ctx: AppContext) {
  return async (_app: FastifyInstance) => {};
}
