/** /cm-api/api/ai_profiles and /organizations/:id/ai_profiles. */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import * as profiles from './service.ts';

export function aiProfileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.aiProfiles.list, async ({ actor, query }) => {
      const list = await profiles.listGlobal(ctx, actor, query.userScope === 'backoffice');
      return { count: list.length, list };
    });

    route(app, API.aiProfiles.ofOrganization, async ({ actor, params }) => {
      const list = await profiles.listForOrganization(ctx, actor, params.id);
      return { count: list.length, list };
    });

    route(app, API.aiProfiles.create, async ({ actor, body }) => profiles.create(ctx, actor, body));

    route(app, API.aiProfiles.get, async ({ actor, params }) => profiles.get(ctx, actor, params.id));

    route(app, API.aiProfiles.replace, async ({ actor, params, body }) => profiles.update(ctx, actor, params.id, body));

    route(app, API.aiProfiles.remove, async ({ actor, params }) => {
      await profiles.remove(ctx, actor, params.id);
    });
  };
}
