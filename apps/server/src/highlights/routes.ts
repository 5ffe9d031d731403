/** /cm-api/api highlight routes (experimental flag): a media's marked word ranges. */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import * as highlights from './service.ts';

export function highlightRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.highlights.list, async ({ actor, params }) => highlights.list(ctx, actor, params.id));

    route(app, API.highlights.create, async ({ actor, params, body }) => highlights.create(ctx, actor, params.id, body));

    route(app, API.highlights.update, async ({ actor, params, body }) => highlights.update(ctx, actor, params.id, params.highlightId, body));

    route(app, API.highlights.remove, async ({ actor, params }) => {
      await highlights.remove(ctx, actor, params.id, params.highlightId);
    });
  };
}
