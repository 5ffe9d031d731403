/** Favorites and the lists of favorite and shared media. */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { listOptionsOf } from '../conversations/routes-read.ts';
import { route } from '../http/route.ts';
import * as favorites from './service.ts';

export function favoriteRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.library.favorites, async ({ actor, query }) => favorites.favorites(ctx, actor, query.organizationId, listOptionsOf(query)));

    route(app, API.library.addFavorite, async ({ actor, params }) => favorites.star(ctx, actor, params.id));

    route(app, API.library.removeFavorite, async ({ actor, params }) => favorites.unstar(ctx, actor, params.id));

    route(app, API.library.shared, async ({ actor, query }) => favorites.shared(ctx, actor, query.organizationId, listOptionsOf(query)));
  };
}
