/** Rights on media: the effective right, who has access, sharing. */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import * as rights from './service.ts';

export function rightRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.rights.mine, async ({ actor, params }) => rights.rightOf(ctx, actor, params.id));

    route(app, API.rights.users, async ({ actor, params }) => rights.usersOf(ctx, actor, params.id));

    route(app, API.rights.usersOfMany, async ({ actor, body }) => rights.usersOfMany(ctx, actor, body.conversations));

    route(app, API.rights.setUser, async ({ actor, params, body }) => rights.setUserRight(ctx, actor, params.id, params.userId, body.right));

    route(app, API.rights.removeUser, async ({ actor, params }) => rights.removeUserRight(ctx, actor, params.id, params.userId));

    route(app, API.rights.shareAccess, async ({ actor, body }) => rights.shareAccess(ctx, actor, body));
  };
}
