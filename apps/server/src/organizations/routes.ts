/** /cm-api/api/organizations: the organizations a user belongs to and their members. */
import type { FastifyInstance } from 'fastify';
import {
  zCancelInvitationBody,
  zCreateOrganizationBody,
  zIdParam,
  zInviteMemberBody,
  zRemoveMemberBody,
  zUpdateMemberBody,
  zUpdateOrganizationBody,
} from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { requireActor } from '../http/auth.ts';
import { parse } from '../http/errors.ts';
import * as invitations from './invitations.ts';
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
      return reply.status(201).send(await invitations.invite(ctx, actor, id, email, role));
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
      const { email } = parse(zCancelInvitationBody, request.body);
      return invitations.cancelInvitation(ctx, actor, id, email);
    });

    /** How many accounts "invite matching users" would invite, for the confirmation (organization admins). */
    app.get('/administration/organizations/:id/inviteMatchingMail', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const { org } = await organizations.authorizeOrBackoffice(ctx, actor, id, 'manageMembers');
      return { count: await invitations.countMatching(ctx, org) };
    });

    /** Invites every verified account whose address matches the organization's domains (organization admins). */
    app.post('/administration/organizations/:id/inviteMatchingMail', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      const { org, level } = await organizations.authorizeOrBackoffice(ctx, actor, id, 'manageMembers');
      const invited = await invitations.inviteMatching(ctx, actor, org);
      return { message: `${invited} user(s) invited`, invited, organization: await organizations.describeOne(ctx, org, level) };
    });

    app.get('/users/self/invitations', async (request) => {
      const list = await invitations.listMine(ctx, requireActor(request));
      return { count: list.length, list };
    });

    app.post('/users/self/invitations/:id/accept', async (request) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      return invitations.accept(ctx, actor, id);
    });

    app.post('/users/self/invitations/:id/decline', async (request, reply) => {
      const actor = requireActor(request);
      const { id } = parse(zIdParam, request.params);
      await invitations.decline(ctx, actor, id);
      return reply.status(204).send();
    });
  };
}
