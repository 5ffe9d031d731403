/** Creating media: upload (multipart) or URL import. */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { createFromRequest } from './upload.ts';

export function createRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.conversations.create, async ({ actor, params, request, reply }) => {
      try {
        return await createFromRequest(ctx, actor, params.id, request);
      } catch (error) {
        // The body may not have been read to its end (a limit stopped the parser, the form was
        // refused early): answer, then close the connection rather than leave it waiting.
        reply.header('connection', 'close');
        throw error;
      }
    });
  };
}
