/** Liveness (/healthcheck: the process answers) and readiness (/readyz: it can take work). */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import { route } from '../http/route.ts';
import type { ReadinessProbe } from './readiness.ts';

export function healthRoutes(readiness: ReadinessProbe) {
  return async (app: FastifyInstance) => {
    route(app, API.system.health, async () => ({ status: 'ok' as const }));
    route(app, API.system.ready, async ({ reply }) => {
      const answer = await readiness.check();
      reply.header('cache-control', 'no-store');
      if (answer.status !== 'ready') reply.status(503);
      return answer;
    });
  };
}
