/** API keys: an organization's (`/organizations/:id/api-keys`) and the platform's (`/administration/api-keys`). */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import * as keys from './service.ts';

const PLATFORM: keys.KeyScope = { organizationId: null };

export function apiKeyRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.apiKeys.organizationList, async ({ actor, params }) => keys.list(ctx, actor, { organizationId: params.id }));

    route(app, API.apiKeys.organizationCreate, async ({ actor, params, body }) => keys.create(ctx, actor, { organizationId: params.id }, body));

    route(app, API.apiKeys.organizationRenew, async ({ actor, params, body }) => keys.renew(ctx, actor, { organizationId: params.id }, params.keyId, body));

    route(app, API.apiKeys.organizationRevoke, async ({ actor, params }) => keys.revoke(ctx, actor, { organizationId: params.id }, params.keyId));

    route(app, API.apiKeys.platformList, async ({ actor }) => keys.list(ctx, actor, PLATFORM));

    route(app, API.apiKeys.platformCreate, async ({ actor, body }) => keys.create(ctx, actor, PLATFORM, body));

    route(app, API.apiKeys.platformRenew, async ({ actor, params, body }) => keys.renew(ctx, actor, PLATFORM, params.id, body));

    route(app, API.apiKeys.platformRevoke, async ({ actor, params }) => keys.revoke(ctx, actor, PLATFORM, params.id));
  };
}
