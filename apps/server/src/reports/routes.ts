/** /cm-api/api report routes: a media's reports, their generation, edits and versions. */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import * as reports from './service.ts';

export function reportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.reports.list, async ({ actor, params }) => reports.list(ctx, actor, params.id));

    route(app, API.reports.generate, async ({ actor, params, body }) => reports.generate(ctx, actor, params.id, body));

    route(app, API.reports.get, async ({ actor, params }) => reports.get(ctx, actor, params.id, params.kind));

    route(app, API.reports.save, async ({ actor, params, body }) => reports.save(ctx, actor, params.id, params.kind, body));

    route(app, API.reports.versions, async ({ actor, params }) => reports.versions(ctx, actor, params.id, params.kind));

    route(app, API.reports.version, async ({ actor, params }) => reports.version(ctx, actor, params.id, params.kind, params.versionId));

    route(app, API.reports.restore, async ({ actor, params }) => reports.restore(ctx, actor, params.id, params.kind, params.versionId));
  };
}
