/** Tag categories, tags, and tags on media. */
import type { FastifyInstance } from 'fastify';
import {
  zCategoryBody,
  zCategoryParams,
  zIdParam,
  zTagBody,
  zTagParams,
  zUpdateCategoryBody,
  zUpdateTagBody,
} from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { requireActor } from '../http/auth.ts';
import { parse } from '../http/errors.ts';
import * as tags from './service.ts';

export function tagRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/organizations/:id/categories', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const list = await tags.listCategories(ctx, actor, id);
      return { count: list.length, list };
    });

    app.post('/organizations/:id/categories', async (request, reply) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const body = parse(zCategoryBody, request.body ?? {});
      return reply.status(201).send(await tags.createCategory(ctx, actor, id, body));
    });

    app.patch('/organizations/:id/categories/:categoryId', async (request) => {
      const actor = requireActor(request);
      const { id, categoryId } = parse(zCategoryParams, request.params);
      return tags.updateCategory(ctx, actor, id, categoryId, parse(zUpdateCategoryBody, request.body ?? {}));
    });

    app.delete('/organizations/:id/categories/:categoryId', async (request, reply) => {
      const actor = requireActor(request);
      const { id, categoryId } = parse(zCategoryParams, request.params);
      await tags.removeCategory(ctx, actor, id, categoryId);
      return reply.status(204).send();
    });

    app.post('/organizations/:id/tags', async (request, reply) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const body = parse(zTagBody, request.body ?? {});
      return reply.status(201).send(await tags.createTag(ctx, actor, id, body));
    });

    app.patch('/organizations/:id/tags/:tagId', async (request) => {
      const actor = requireActor(request);
      const { id, tagId } = parse(zTagParams, request.params);
      return tags.updateTag(ctx, actor, id, tagId, parse(zUpdateTagBody, request.body ?? {}));
    });

    app.delete('/organizations/:id/tags/:tagId', async (request, reply) => {
      const actor = requireActor(request);
      const { id, tagId } = parse(zTagParams, request.params);
      await tags.removeTag(ctx, actor, id, tagId);
      return reply.status(204).send();
    });

    app.get('/conversations/:id/tags', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const list = await tags.ofConversation(ctx, actor, id);
      return { count: list.length, list };
    });

    app.post('/conversations/:id/tags/:tagId', async (request) => {
      const actor = requireActor(request);
      const { id, tagId } = parse(zTagParams, request.params);
      return tags.setOnConversation(ctx, actor, id, tagId, true);
    });

    app.delete('/conversations/:id/tags/:tagId', async (request) => {
      const actor = requireActor(request);
      const { id, tagId } = parse(zTagParams, request.params);
      return tags.setOnConversation(ctx, actor, id, tagId, false);
    });
  };
}
