/** Rights on media: the effective right, who has access, sharing. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export function rightRoutes(_ctx: AppContext) {
  return async (_app: FastifyInstance) => {};
}
