/** Reading, editing, listing, deleting and retrying media. */
import type { FastifyInstance } from 'fastify';
import { API, type LibraryListQuery } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { ListOptions } from './library/repo.ts';
import { route } from '../http/route.ts';
import { project, projectionOf, projectsTranscript } from './presenter.ts';
import * as conversations from './service.ts';

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
    keywords: q.keyword,
  };
}

export function readRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    // Unknown query parameters (the client's `t` timestamp) are dropped by the entries' schemas.
    route(app, API.conversations.list, async ({ actor, params, query }) => conversations.list(ctx, actor, params.id, listOptionsOf(query)));

    route(app, API.conversations.bulkDelete, async ({ actor, params, query }) => conversations.removeMany(ctx, actor, params.id, query.conversationsId.split(',')));

    route(app, API.conversations.search, async ({ actor, body }) => conversations.search(ctx, actor, body));

    route(app, API.conversations.get, async ({ actor, params, query }) => {
      const fields = projectionOf(query);
      return project(await conversations.get(ctx, actor, params.id, { transcript: projectsTranscript(fields) }), fields);
    });

    route(app, API.conversations.update, async ({ actor, params, body }) => conversations.update(ctx, actor, params.id, body));

    route(app, API.conversations.remove, async ({ actor, params }) => {
      await conversations.remove(ctx, actor, params.id);
    });

    route(app, API.conversations.children, async ({ actor, params, query }) => {
      const fields = projectionOf(query);
      const list = (await conversations.children(ctx, actor, params.id)).map((c) => project(c, fields));
      return { count: list.length, list };
    });

    route(app, API.conversations.retry, async ({ actor, params, body }) => conversations.retry(ctx, actor, params.id, body));
  };
}
