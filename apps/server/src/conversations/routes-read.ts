/** Reading, editing, listing, deleting and retrying media. */
import type { FastifyInstance } from 'fastify';
import { zBulkDeleteConversationsQuery, zLibraryListQuery, zConversationQuery, zConversationSearchBody, zIdParam, zRetryConversationBody, zUpdateConversationBody, type LibraryListQuery } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { ListOptions } from './repo.ts';
import { requireActor } from '../http/auth.ts';
import { parse } from '../http/errors.ts';
import { project, projectionOf } from './presenter.ts';
import * as conversations from './service.ts';

/** Unknown query parameters (the client's `t` timestamp) are ignored. */
export const zConversationListQuery = zLibraryListQuery.loose();

/** The list options of a parsed list query. */
export function listOptionsOf(q: LibraryListQuery): ListOptions {
  return {
    page: q.page,
    size: q.size,
    sortField: q.sortField,
    descending: q.sortCriteria === '-1' || q.sortCriteria === 'desc',
    text: q.text,
    name: q.name,
    tags: q.tags,
    noTags: q.filter === 'notags',
  };
}

export function readRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/organizations/:id/conversations', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const q = parse(zConversationListQuery, request.query);
      return conversations.list(ctx, actor, id, listOptionsOf(q));
    });

    app.delete('/organizations/:id/conversations', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const { conversationsId } = parse(zBulkDeleteConversationsQuery, request.query);
      return conversations.removeMany(ctx, actor, id, conversationsId.split(','));
    });

    app.post('/conversations/search', async (request) => {
      const actor = requireActor(request);
      return conversations.search(ctx, actor, parse(zConversationSearchBody, request.body ?? {}));
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
      return conversations.retry(ctx, actor, id, parse(zRetryConversationBody, request.body ?? {}));
    });
  };
}
