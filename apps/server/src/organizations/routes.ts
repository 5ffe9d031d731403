/** /cm-api/api/organizations: the organizations a user belongs to and their members. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  zCreateOrganizationBody,
  zEmail,
  zIdParam,
  zInviteMemberBody,
  zRemoveMemberBody,
  zUpdateMemberBody,
  zUpdateOrganizationBody,
} from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { requireActor } from '../http/auth.ts';
import { parse } from '../http/errors.ts';
import * as organizations from './service.ts';

export function organizationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/organizations', async (request) => {
      const list = await organizations.listMine(ctx, requireActor(request));
      return { count: list.length, list };
    });

    app.post('/organizations', async (request, reply) => {
      const actor = requireActor(request);
      const { name } = parse(zCreateOrganizationBody, request.body);
      return reply.status(201).send(await organizations.create(ctx, actor, name));
    });

    app.get('/organizations/:id', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const { org, level } = await organizations.authorize(ctx, actor, id, 'read');
      return organizations.describeOne(ctx, org, level);
    });

    app.patch('/organizations/:id', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      return organizations.update(ctx, actor, id, parse(zUpdateOrganizationBody, request.body));
    });

    app.delete('/organizations/:id', async (request, reply) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      await organizations.remove(ctx, actor, id);
      return reply.status(204).send();
    });

    app.delete('/organizations/:id/self', async (request, reply) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      await organizations.leave(ctx, actor, id);
      return reply.status(204).send();
    });

    app.post('/organizations/:id/users', async (request, reply) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const { email, role } = parse(zInviteMemberBody, request.body);
      return reply.status(201).send(await organizations.invite(ctx, actor, id, email, role));
    });

    app.patch('/organizations/:id/users', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const { userId, role } = parse(zUpdateMemberBody, request.body);
      return organizations.updateMember(ctx, actor, id, userId, role);
    });

    app.delete('/organizations/:id/users', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const { userId } = parse(zRemoveMemberBody, request.body);
      return organizations.removeMember(ctx, actor, id, userId);
    });

    app.delete('/organizations/:id/invitations', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const { email } = parse(z.object({ email: zEmail }).strict(), request.body);
      return organizations.cancelInvitation(ctx, actor, id, email);
    });

    /** Adds every user whose address matches the organization's domains (organization admins). */
    app.post('/administration/organizations/:id/inviteMatchingMail', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const { org, level } = await organizations.authorizeOrBackoffice(ctx, actor, id, 'manageMembers');
      const added = await organizations.inviteMatching(ctx, org);
      return { message: `${added} user(s) added`, added, organization: await organizations.describeOne(ctx, org, level) };
    });
  };
}
