/** Rights on media: the effective right, who has access, sharing. */
import type { FastifyInstance } from 'fastify';
import { zConversationUserParams, zIdParam, zSetUserRightBody, zShareAccessBody } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { requireActor } from '../http/auth.ts';
import { parse } from '../http/errors.ts';
import * as rights from './service.ts';

export function rightRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/conversations/:id/rights', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      return rights.rightOf(ctx, actor, id);
    });

    app.get('/conversations/:id/users', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      return rights.usersOf(ctx, actor, id);
    });

    app.put('/conversations/:id/users/:userId', async (request) => {
      const actor = requireActor(request);
      const { id, userId } = parse(zConversationUserParams, request.params);
      const { right } = parse(zSetUserRightBody, request.body ?? {});
      return rights.setUserRight(ctx, actor, id, userId, right);
    });

    app.delete('/conversations/:id/users/:userId', async (request) => {
      const actor = requireActor(request);
      const { id, userId } = parse(zConversationUserParams, request.params);
      return rights.removeUserRight(ctx, actor, id, userId);
    });

    app.post('/conversations/shared/access', async (request) => {
      const actor = requireActor(request);
      return rights.shareAccess(ctx, actor, parse(zShareAccessBody, request.body ?? {}));
    });
  };
}
