/** /cm-api/api/organizations: the organizations a user belongs to and their members. */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import * as invitations from './invitations.ts';
import * as organizations from './service.ts';

export function organizationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.organizations.list, async ({ actor }) => {
      const list = await organizations.listMine(ctx, actor);
      return { count: list.length, list };
    });

    route(app, API.organizations.create, async ({ actor, body }) => organizations.create(ctx, actor, body.name));

    route(app, API.organizations.get, async ({ actor, params }) => {
      const { org, level } = await organizations.authorize(ctx, actor, params.id, 'read');
      return organizations.describeOne(ctx, org, level, actor.cap ?? null);
    });

    route(app, API.organizations.update, async ({ actor, params, body }) => organizations.update(ctx, actor, params.id, body));

    route(app, API.organizations.remove, async ({ actor, params }) => {
      await organizations.remove(ctx, actor, params.id);
    });

    route(app, API.organizations.leave, async ({ actor, params }) => {
      await organizations.leave(ctx, actor, params.id);
    });

    route(app, API.organizations.invite, async ({ actor, params, body }) => invitations.invite(ctx, actor, params.id, body.email, body.role));

    route(app, API.organizations.updateMember, async ({ actor, params, body }) => organizations.updateMember(ctx, actor, params.id, body.userId, body.role));

    route(app, API.organizations.removeMember, async ({ actor, params, body }) => organizations.removeMember(ctx, actor, params.id, body.userId));

    route(app, API.organizations.cancelInvitation, async ({ actor, params, body }) => invitations.cancelInvitation(ctx, actor, params.id, body.email));

    /** How many accounts "invite matching users" would invite, for the confirmation (organization admins). */
    route(app, API.organizations.matchingUsersCount, async ({ actor, params }) => {
      const { org } = await organizations.authorizeOrBackoffice(ctx, actor, params.id, 'manageMembers');
      return { count: await invitations.countMatching(ctx, org) };
    });

    /** Invites every verified account whose address matches the organization's domains (organization admins). */
    route(app, API.organizations.inviteMatching, async ({ actor, params }) => {
      const { org, level } = await organizations.authorizeOrBackoffice(ctx, actor, params.id, 'manageMembers');
      const invited = await invitations.inviteMatching(ctx, actor, org);
      return { message: `${invited} user(s) invited`, invited, organization: await organizations.describeOne(ctx, org, level) };
    });

    route(app, API.organizations.myInvitations, async ({ actor }) => {
      const list = await invitations.listMine(ctx, actor);
      return { count: list.length, list };
    });

    route(app, API.organizations.acceptInvitation, async ({ actor, params }) => invitations.accept(ctx, actor, params.id));

    route(app, API.organizations.declineInvitation, async ({ actor, params }) => {
      await invitations.decline(ctx, actor, params.id);
    });
  };
}
