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
import { AppError, notFound, parse } from '../http/errors.ts';
import * as organizations from '../organizations/service.ts';
import { organizationsRepo } from '../organizations/repo.ts';
import { platform } from '../policy.ts';
import { presentUser } from '../users/presenter.ts';
import { usersRepo } from '../users/repo.ts';
import { createAccount } from '../users/service.ts';

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

    app.get('/users', async (request) => {
      const { page, size, search } = parse(zListQuery, request.query);
      const [rows, count] = search
        ? [await usersRepo.search(ctx.db, search, { includePrivate: true, limit: size, offset: page * size }), await usersRepo.countSearch(ctx.db, search)]
        : [await usersRepo.list(ctx.db, size, page * size), await usersRepo.count(ctx.db)];
      return { count, list: rows.map((u) => presentUser(u)) };
    });

    app.post('/users', async (request, reply) => {
      const actor = requireAdmin(request);
      const input = parse(zAdminCreateUserBody, request.body);
      if (input.role !== undefined && !platform.setRole(actor.user, 0, input.role)) {
        throw new AppError('forbidden', 'Only a super administrator can grant the super administrator role');
      }
      const user = await createAccount(ctx, { ...input, verified: true });
      return reply.status(201).send(presentUser(user));
    });

    app.get('/users/:id', async (request) => {
      const { id } = parse(zIdParam, request.params);
      const user = await usersRepo.byId(ctx.db, id);
      if (!user) throw notFound('User');
      const memberships = await organizationsRepo.forUser(ctx.db, id);
      return {
        ...presentUser(user),
        organizations: memberships.map(({ org, role }) => ({ _id: org.id, name: org.name, role: org.ownerId === id ? 6 : role })),
      };
    });

    app.patch('/users/:id', async (request) => {
      const actor = requireAdmin(request);
      const { id } = parse(zIdParam, request.params);
      const patch = parse(zAdminUpdateUserBody, request.body);
      if (id === actor.user.id && (patch.status === 'suspended' || (patch.role !== undefined && !platform.backoffice({ id, role: patch.role })))) {
        throw new AppError('forbidden', 'You cannot suspend yourself or remove your own administrator role');
      }
      const target = await usersRepo.byId(ctx.db, id);
      if (!target) throw notFound('User');
      if (!platform.setRole(actor.user, target.role, patch.role ?? target.role)) {
        throw new AppError('forbidden', 'Only a super administrator can change a super administrator or grant that role');
      }
      const user = await usersRepo.update(ctx.db, id, patch);
      if (!user) throw notFound('User');
      if (patch.status === 'suspended') await ctx.tokens.revokeAllForUser(id);
      return presentUser(user);
    });

    app.delete('/users/:id', async (request, reply) => {
      const actor = requireAdmin(request);
      const { id } = parse(zIdParam, request.params);
      if (id === actor.user.id) throw new AppError('forbidden', 'You cannot delete your own account from the backoffice');
      const owned = (await organizationsRepo.forUser(ctx.db, id)).filter(({ org }) => org.ownerId === id);
      if (owned.length > 0) {
        throw new AppError('conflict', `This user owns ${owned.length} organization(s); delete them first`);
      }
      const user = await usersRepo.byId(ctx.db, id);
      if (!user) throw notFound('User');
      if (!platform.setRole(actor.user, user.role, 0)) {
        throw new AppError('forbidden', 'Only a super administrator can delete a super administrator');
      }
      await usersRepo.delete(ctx.db, id);
      if (user.picture) await ctx.storage.delete(user.picture);
      return reply.status(204).send();
    });

    app.get('/organizations', async (request) => {
      const { page, size } = parse(zListQuery, request.query);
      const rows = await organizationsRepo.list(ctx.db, size, page * size);
      const list = await organizations.describe(ctx, rows.map((org) => ({ org, level: 0 })));
      return { count: await organizationsRepo.count(ctx.db), list };
    });

    app.post('/organizations', async (request, reply) => {
      const actor = requireAdmin(request);
      const { name, ownerEmail } = parse(zAdminCreateOrganizationBody, request.body);
      const owner = ownerEmail ? await usersRepo.byEmail(ctx.db, ownerEmail) : actor.user;
      if (!owner) throw new AppError('validation_failed', 'No user has this email', { ownerEmail: 'error.unknown_user' });
      const org = await organizations.createOrganization(ctx, owner, name);
      return reply.status(201).send(await organizations.describeOne(ctx, org, 0));
    });

    app.get('/organizations/:id', async (request) => {
      const { id } = parse(zIdParam, request.params);
      const org = await organizationsRepo.byId(ctx.db, id);
      if (!org) throw notFound('Organization');
      return organizations.describeOne(ctx, org, 0);
    });

    app.patch('/organizations/:id', async (request) => {
      const { id } = parse(zIdParam, request.params);
      const org = await organizationsRepo.byId(ctx.db, id);
      if (!org) throw notFound('Organization');
      const updated = await organizations.applyPatch(ctx, org, parse(zUpdateOrganizationBody, request.body));
      return organizations.describeOne(ctx, updated, 0);
    });

    app.delete('/organizations/:id', async (request, reply) => {
      const { id } = parse(zIdParam, request.params);
      if (!(await organizationsRepo.byId(ctx.db, id))) throw notFound('Organization');
      await organizationsRepo.delete(ctx.db, id);
      return reply.status(204).send();
    });

  };
}
