/** Quick meetings (docs/meetings.md). */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { createQuickMeeting, currentQuickMeeting, endQuickMeeting, recoverableQuickMeeting } from './service.ts';

export function quickMeetingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.meetings.current, async ({ actor, params }) => currentQuickMeeting(ctx, actor, params.id));
    route(app, API.meetings.create, async ({ actor, params, body }) => createQuickMeeting(ctx, actor, params.id, body));
    route(app, API.meetings.recoverable, async ({ actor }) => recoverableQuickMeeting(ctx, actor));
    route(app, API.meetings.end, async ({ actor, params, query }) => endQuickMeeting(ctx, actor, params.id, params.meetingId, query));
  };
}
