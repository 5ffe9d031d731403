/** Creating media: upload (multipart) or URL import. */
import type { FastifyInstance } from 'fastify';
import { zIdParam } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { requireActor } from '../http/auth.ts';
import { parse } from '../http/errors.ts';
import { createFromRequest } from './upload.ts';

export function createRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.post('/organizations/:id/conversations/create', async (request, reply) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      return reply.status(201).send(await createFromRequest(ctx, actor, id, request));
    });
  };
}
