/** Favorites and the lists of favorite and shared media. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export function favoriteRoutes(_ctx: AppContext) {
  return async (_app: FastifyInstance) => {};
}
