/**
 * The server's speech models, in the backoffice. Registered inside the backoffice plugin
 * (admin/routes.ts), whose hook already admits platform administrators only.
 */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { retryDefaultModel, speechModels } from './default-model.ts';

export function speechModelRoutes(ctx: AppContext, app: FastifyInstance) {
  route(app, API.backoffice.speechModels, async () => speechModels(ctx));

  route(app, API.backoffice.retrySpeechModel, async () => {
    retryDefaultModel(ctx);
    return speechModels(ctx);
  });
}
