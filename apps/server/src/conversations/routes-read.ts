/** Reading, editing, listing, deleting and retrying media. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zConversationQuery, zIdParam, zPagination, zUpdateConversationBody } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { requireActor } from '../http/auth.ts';
import { parse } from '../http/errors.ts';
import { project, projectionOf } from './presenter.ts';
import * as conversations from './service.ts';

export const zConversationListQuery = zPagination
  .extend({
    sortField: z.enum(['last_update', 'created', 'name']).default('last_update'),
    sortCriteria: z.enum(['-1', '1', 'desc', 'asc']).default('-1'),
  })
  .loose();

export function readRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/organizations/:id/conversations', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const q = parse(zConversationListQuery, request.query);
      return conversations.list(ctx, actor, id, {
        page: q.page,
        size: q.size,
        sortField: q.sortField,
        descending: q.sortCriteria === '-1' || q.sortCriteria === 'desc',
      });
    });

    app.get('/conversations/:id', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const fields = projectionOf(parse(zConversationQuery.loose(), request.query));
      return project(await conversations.get(ctx, actor, id), fields);
    });

    app.patch('/conversations/:id', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      return conversations.update(ctx, actor, id, parse(zUpdateConversationBody, request.body ?? {}));
    });

    app.delete('/conversations/:id', async (request, reply) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      await conversations.remove(ctx, actor, id);
      return reply.status(204).send();
    });

    app.get('/conversations/:id/child', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const fields = projectionOf(parse(zConversationQuery.loose(), request.query));
      const list = (await conversations.children(ctx, actor, id)).map((c) => project(c, fields));
      return { count: list.length, list };
    });

    app.post('/conversations/:id/retry', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      return conversations.retry(ctx, actor, id);
    });
  };
}
