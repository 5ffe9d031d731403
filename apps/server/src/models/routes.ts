/** /cm-api/api/administration/speech_models: the server's speech models, for platform administrators. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { requireActor } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';
import { platform } from '../policy.ts';
import { retryDefaultModel, speechModels } from './default-model.ts';

function requireBackoffice(request: FastifyRequest): void {
  if (!platform.backoffice(requireActor(request).user)) throw new AppError('forbidden', 'The backoffice is for administrators');
}

export function speechModelRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/speech_models', async (request) => {
      requireBackoffice(request);
      return speechModels(ctx);
    });

    app.post('/speech_models/retry', async (request) => {
      requireBackoffice(request);
      retryDefaultModel(ctx);
      return speechModels(ctx);
    });
  };
}
