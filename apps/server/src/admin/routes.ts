/** /cm-api/api/administration: the backoffice, for system administrators and above. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  zAdminCreateOrganizationBody,
  zAdminCreateUserBody,
  zAdminUpdateUserBody,
  zFreeText,
  zIdParam,
  zPagination,
  zUpdateOrganizationBody,
} from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { requireActor, type Actor } from '../http/auth.ts';
import { AppError, parse } from '../http/errors.ts';
import { platform } from '../policy.ts';
import * as admin from './service.ts';

function requireAdmin(request: FastifyRequest): Actor {
  const actor = requireActor(request);
  if (!platform.backoffice(actor.user)) throw new AppError('forbidden', 'The backoffice is for administrators');
  return actor;
}

const zListQuery = zPagination.extend({ search: zFreeText.optional() });

export function adminRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', async (request) => {
      requireAdmin(request);
    });

    app.get('/users', async (request) => admin.listUsers(ctx, parse(zListQuery, request.query)));

    app.post('/users', async (request, reply) => {
      const user = await admin.createUser(ctx, requireAdmin(request), parse(zAdminCreateUserBody, request.body));
      return reply.status(201).send(user);
    });

    app.get('/users/:id', async (request) => admin.getUser(ctx, parse(zIdParam, request.params).id));

    app.patch('/users/:id', async (request) => {
      const actor = requireAdmin(request);
      const { id } = parse(zIdParam, request.params);
      return admin.updateUser(ctx, actor, id, parse(zAdminUpdateUserBody, request.body));
    });

    app.delete('/users/:id', async (request, reply) => {
      const actor = requireAdmin(request);
      await admin.deleteUser(ctx, actor, parse(zIdParam, request.params).id);
      return reply.status(204).send();
    });

    app.get('/organizations', async (request) => admin.listOrganizations(ctx, parse(zListQuery, request.query)));

    app.post('/organizations', async (request, reply) => {
      const org = await admin.createOrganization(ctx, requireAdmin(request), parse(zAdminCreateOrganizationBody, request.body));
      return reply.status(201).send(org);
    });

    app.get('/organizations/:id', async (request) => admin.getOrganization(ctx, parse(zIdParam, request.params).id));

    app.patch('/organizations/:id', async (request) => {
      const { id } = parse(zIdParam, request.params);
      return admin.updateOrganization(ctx, id, parse(zUpdateOrganizationBody, request.body));
    });

    app.delete('/organizations/:id', async (request, reply) => {
      await admin.deleteOrganization(ctx, parse(zIdParam, request.params).id);
      return reply.status(204).send();
    });
  };
}
