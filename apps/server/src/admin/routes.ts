/** /cm-api/api/administration: the backoffice, for system administrators and above. */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { requireActor } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { backupRoutes } from '../backup/routes.ts';
import { speechModelRoutes } from '../models/routes.ts';
import { platform } from '../policy.ts';
import * as admin from './service.ts';

export function adminRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Every backoffice route, before its input is even read: signed in, and allowed in.
    app.addHook('preHandler', async (request) => {
      const actor = requireActor(request);
      if (!platform.backoffice(actor.user)) throw new AppError('forbidden', 'The backoffice is for administrators');
    });

    route(app, API.backoffice.users, async ({ query }) => admin.listUsers(ctx, query));

    route(app, API.backoffice.createUser, async ({ actor, body }) => admin.createUser(ctx, actor, body));

    route(app, API.backoffice.user, async ({ params }) => admin.getUser(ctx, params.id));

    route(app, API.backoffice.updateUser, async ({ actor, params, body }) => admin.updateUser(ctx, actor, params.id, body));

    route(app, API.backoffice.removeUser, async ({ actor, params }) => {
      await admin.deleteUser(ctx, actor, params.id);
    });

    route(app, API.backoffice.organizations, async ({ query }) => admin.listOrganizations(ctx, query));

    route(app, API.backoffice.createOrganization, async ({ actor, body }) => admin.createOrganization(ctx, actor, body));

    route(app, API.backoffice.organization, async ({ params }) => admin.getOrganization(ctx, params.id));

    route(app, API.backoffice.updateOrganization, async ({ params, body }) => admin.updateOrganization(ctx, params.id, body));

    route(app, API.backoffice.removeOrganization, async ({ params }) => {
      await admin.deleteOrganization(ctx, params.id);
    });

    speechModelRoutes(ctx, app);
    backupRoutes(ctx, app);
  };
}
