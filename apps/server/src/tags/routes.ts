/** Tag categories, tags, and tags on media. */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import * as tags from './service.ts';

export function tagRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.tags.categories, async ({ actor, params }) => {
      const list = await tags.listCategories(ctx, actor, params.id);
      return { count: list.length, list };
    });

    route(app, API.tags.createCategory, async ({ actor, params, body }) => tags.createCategory(ctx, actor, params.id, body));

    route(app, API.tags.updateCategory, async ({ actor, params, body }) => tags.updateCategory(ctx, actor, params.id, params.categoryId, body));

    route(app, API.tags.removeCategory, async ({ actor, params }) => {
      await tags.removeCategory(ctx, actor, params.id, params.categoryId);
    });

    route(app, API.tags.createTag, async ({ actor, params, body }) => tags.createTag(ctx, actor, params.id, body));

    route(app, API.tags.updateTag, async ({ actor, params, body }) => tags.updateTag(ctx, actor, params.id, params.tagId, body));

    route(app, API.tags.removeTag, async ({ actor, params }) => {
      await tags.removeTag(ctx, actor, params.id, params.tagId);
    });

    route(app, API.tags.ofConversation, async ({ actor, params }) => {
      const list = await tags.ofConversation(ctx, actor, params.id);
      return { count: list.length, list };
    });

    route(app, API.tags.addToConversation, async ({ actor, params }) => tags.setOnConversation(ctx, actor, params.id, params.tagId, true));

    route(app, API.tags.removeFromConversation, async ({ actor, params }) => tags.setOnConversation(ctx, actor, params.id, params.tagId, false));
  };
}
