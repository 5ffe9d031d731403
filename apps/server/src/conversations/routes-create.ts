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
      try {
        return reply.status(201).send(await createFromRequest(ctx, actor, id, request));
      } catch (error) {
        // The body may not have been read to its end (a limit stopped the parser, the form was
        // refused early): answer, then close the connection rather than leave it waiting.
        reply.header('connection', 'close');
        throw error;
      }
    });
  };
}
