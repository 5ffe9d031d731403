/** /cm-api/api/transcriber_profiles and /organizations/:id/transcriber_profiles. */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import * as profiles from './service.ts';

export function transcriberProfileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.transcriberProfiles.list, async ({ actor, query }) => {
      const list = await profiles.listGlobal(ctx, actor, query.userScope === 'backoffice');
      return { count: list.length, list };
    });

    route(app, API.transcriberProfiles.ofOrganization, async ({ actor, params }) => {
      const list = await profiles.listForOrganization(ctx, actor, params.id);
      return { count: list.length, list };
    });

    route(app, API.transcriberProfiles.create, async ({ actor, body }) => profiles.create(ctx, actor, body));

    route(app, API.transcriberProfiles.get, async ({ actor, params }) => profiles.get(ctx, actor, params.id));

    route(app, API.transcriberProfiles.replace, async ({ actor, params, body }) => profiles.update(ctx, actor, params.id, body));

    route(app, API.transcriberProfiles.remove, async ({ actor, params }) => {
      await profiles.remove(ctx, actor, params.id);
    });
  };
}
