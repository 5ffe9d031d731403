/** Videoconference bots (docs/meetings.md). */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { createBot, listBots, removeBot } from './service.ts';

export function botRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.meetings.createBot, async ({ actor, params, body }) => createBot(ctx, actor, params.id, body));
    route(app, API.meetings.bots, async ({ actor, params, query }) => listBots(ctx, actor, params.id, query.channelId));
    route(app, API.meetings.removeBot, async ({ actor, params }) => {
      await removeBot(ctx, actor, params.id, params.botId);
    });
  };
}
