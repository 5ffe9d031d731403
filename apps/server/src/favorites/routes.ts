/** Favorites and the lists of favorite and shared media. */
import type { FastifyInstance } from 'fastify';
import { zIdParam, zPersonalListQuery } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { listOptionsOf } from '../conversations/routes-read.ts';
import { requireActor } from '../http/auth.ts';
import { parse } from '../http/errors.ts';
import * as favorites from './service.ts';

/** Unknown query parameters (the client's `t` timestamp) are ignored. */
const zListQuery = zPersonalListQuery.loose();

export function favoriteRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/users/self/favorites', async (request) => {
      const actor = requireActor(request);
      const q = parse(zListQuery, request.query);
      return favorites.favorites(ctx, actor, q.organizationId, listOptionsOf(q));
    });

    app.put('/users/self/favorites/:id', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      return favorites.star(ctx, actor, id);
    });

    app.delete('/users/self/favorites/:id', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      return favorites.unstar(ctx, actor, id);
    });

    app.get('/conversations/shared', async (request) => {
      const actor = requireActor(request);
      const q = parse(zListQuery, request.query);
      return favorites.shared(ctx, actor, q.organizationId, listOptionsOf(q));
    });
  };
}
