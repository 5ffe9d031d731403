/** /cm-api/api/organizations/:id/webhooks… */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import * as webhooks from './service.ts';

export function webhookRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.webhooks.list, async ({ actor, params }) => {
      const list = await webhooks.list(ctx, actor, params.id);
      return { count: list.length, list };
    });
    route(app, API.webhooks.create, async ({ actor, params, body }) => webhooks.create(ctx, actor, params.id, body));
    route(app, API.webhooks.update, async ({ actor, params, body }) => webhooks.update(ctx, actor, params.id, params.webhookId, body));
    route(app, API.webhooks.remove, async ({ actor, params }) => {
      await webhooks.remove(ctx, actor, params.id, params.webhookId);
    });
    route(app, API.webhooks.rotateSecret, async ({ actor, params }) => webhooks.rotateSecret(ctx, actor, params.id, params.webhookId));
    route(app, API.webhooks.test, async ({ actor, params }) => webhooks.test(ctx, actor, params.id, params.webhookId));
    route(app, API.webhooks.deliveries, async ({ actor, params, query }) => webhooks.deliveries(ctx, actor, params.id, params.webhookId, query));
    route(app, API.webhooks.replay, async ({ actor, params }) => webhooks.replay(ctx, actor, params.id, params.webhookId, params.deliveryId));
  };
}
