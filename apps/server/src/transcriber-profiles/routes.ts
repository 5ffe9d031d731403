/** /cm-api/api/transcriber_profiles and /organizations/:id/transcriber_profiles. */
import type { FastifyInstance } from 'fastify';
import { zIdParam, zTranscriberProfileBody } from '@palabre/shared';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { requireActor } from '../http/auth.ts';
import { parse } from '../http/errors.ts';
import * as profiles from './service.ts';

export const zTranscriberProfileListQuery = z.object({ userScope: z.string().optional() }).loose();

export function transcriberProfileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/transcriber_profiles', async (request) => {
      const actor = requireActor(request);
      const { userScope } = parse(zTranscriberProfileListQuery, request.query);
      const list = await profiles.listGlobal(ctx, actor, userScope === 'backoffice');
      return { count: list.length, list };
    });

    app.get('/organizations/:id/transcriber_profiles', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const list = await profiles.listForOrganization(ctx, actor, id);
      return { count: list.length, list };
    });

    app.post('/transcriber_profiles', async (request, reply) => {
      const actor = requireActor(request);
      return reply.status(201).send(await profiles.create(ctx, actor, parse(zTranscriberProfileBody, request.body)));
    });

    app.get('/transcriber_profiles/:id', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      return profiles.get(ctx, actor, id);
    });

    app.put('/transcriber_profiles/:id', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      return profiles.update(ctx, actor, id, parse(zTranscriberProfileBody, request.body));
    });

    app.delete('/transcriber_profiles/:id', async (request, reply) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      await profiles.remove(ctx, actor, id);
      return reply.status(204).send();
    });
  };
}
