/** Live sessions, their aliases and templates. */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { createAlias, removeAlias, resolveAlias, updateAlias } from './aliases.ts';
import * as sessions from './service.ts';
import { createTemplate, listTemplates, removeTemplate } from './templates.ts';

export function sessionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.sessions.list, async ({ actor, query }) => sessions.list(ctx, actor, query));
    route(app, API.sessions.create, async ({ actor, params, body }) => sessions.create(ctx, actor, params.id, body));
    route(app, API.sessions.get, async ({ actor, params, query }) => sessions.get(ctx, actor, params.id, query.channel_index));
    route(app, API.sessions.getPublic, async ({ actor, params, query }) => sessions.getPublic(ctx, actor, params.id, query.transcriber_id));
    route(app, API.sessions.replace, async ({ actor, params, body }) => sessions.replace(ctx, actor, params.id, params.sessionId, body));
    route(app, API.sessions.update, async ({ actor, params, body }) => sessions.patch(ctx, actor, params.id, params.sessionId, body));
    route(app, API.sessions.start, async ({ actor, params }) => sessions.startSession(ctx, actor, params.id, params.sessionId));
    route(app, API.sessions.stop, async ({ actor, params, query }) => {
      await sessions.stopSession(ctx, actor, params.id, params.sessionId, query);
    });

    route(app, API.sessions.createAlias, async ({ actor, params, body }) => createAlias(ctx, actor, params.id, body));
    route(app, API.sessions.resolveAlias, async ({ actor, params }) => resolveAlias(ctx, actor, params.id, params.alias));
    route(app, API.sessions.updateAlias, async ({ actor, params, body }) => updateAlias(ctx, actor, params.id, params.alias, body));
    route(app, API.sessions.removeAlias, async ({ actor, params }) => {
      await removeAlias(ctx, actor, params.id, params.alias);
    });

    route(app, API.sessions.templates, async ({ actor, params, query }) => listTemplates(ctx, actor, params.id, query));
    route(app, API.sessions.createTemplate, async ({ actor, params, body }) => createTemplate(ctx, actor, params.id, body));
    route(app, API.sessions.removeTemplate, async ({ actor, params }) => {
      await removeTemplate(ctx, actor, params.id, params.templateId);
    });
  };
}
