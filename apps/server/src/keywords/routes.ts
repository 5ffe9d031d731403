/** /cm-api/api/conversations/:id/keywords. */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import * as keywords from './service.ts';

export function keywordRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.keywords.get, async ({ actor, params }) => keywords.get(ctx, actor, params.id));

    route(app, API.keywords.extract, async ({ actor, params, body }) => keywords.extract(ctx, actor, params.id, body));
  };
}
