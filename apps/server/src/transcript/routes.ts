/** /cm-api/api transcript routes: turn edits for API clients and the document's history. */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import * as transcript from './service.ts';

export function transcriptRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.transcript.insertTurn, async ({ actor, params, body }) => transcript.insertTurn(ctx, actor, params.id, params.turnId, body));

    route(app, API.transcript.updateTurn, async ({ actor, params, body }) => transcript.updateTurn(ctx, actor, params.id, params.turnId, body));

    route(app, API.transcript.deleteTurn, async ({ actor, params }) => transcript.deleteTurn(ctx, actor, params.id, params.turnId));

    route(app, API.transcript.mergeTurn, async ({ actor, params }) => transcript.mergeTurn(ctx, actor, params.id, params.turnId, params.direction));

    route(app, API.transcript.history, async ({ actor, params }) => transcript.history(ctx, actor, params.id));

    route(app, API.transcript.snapshot, async ({ actor, params }) => transcript.snapshot(ctx, actor, params.id, params.snapshotId));

    route(app, API.transcript.restore, async ({ actor, params }) => transcript.restore(ctx, actor, params.id, params.snapshotId));
  };
}
