/** /cm-api/api conversations with a transcript: a user's chats about a media, and asking (streamed). */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import * as chats from './service.ts';

export function chatRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.chats.list, async ({ actor, params }) => chats.list(ctx, actor, params.id));

    route(app, API.chats.create, async ({ actor, params, body }) => chats.create(ctx, actor, params.id, body));

    route(app, API.chats.get, async ({ actor, params }) => chats.get(ctx, actor, params.id, params.chatId));

    route(app, API.chats.rename, async ({ actor, params, body }) => chats.rename(ctx, actor, params.id, params.chatId, body.title));

    route(app, API.chats.remove, async ({ actor, params }) => {
      await chats.remove(ctx, actor, params.id, params.chatId);
    });

    // The answer streams as text/event-stream on the hijacked reply.
    route(app, API.chats.ask, async ({ actor, params, body, reply }) => {
      await chats.ask(ctx, actor, params.id, params.chatId, body.question, reply);
      return reply;
    });
  };
}
