/** GET /metrics, and the HTTP latency of every request by route pattern. */
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { route } from '../http/route.ts';
import { checkMetricsAccess } from './access.ts';
import type { Metrics } from './metrics.ts';

/** The route label of requests no route matched: one label, whatever the address asked for. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Observes every answered request: its method, its route's pattern (never the address itself, which
 * would make a series per media id) and its status class.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const pattern = request.is404 ? undefined : request.routeOptions.url;
    metrics.httpDuration.observe({ method: request.method, route: pattern ?? UNMATCHED_ROUTE, status_class: `${Math.floor(reply.statusCode / 100)}xx` }, reply.elapsedTime / 1000);
    done();
  });
}

export function metricsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    route(app, API.system.metrics, async ({ request, reply }) => {
      checkMetricsAccess(request, ctx.config.metricsToken);
      const { text, contentType } = await ctx.metrics.exposition();
      return reply.type(contentType).header('cache-control', 'no-store').send(text);
    });
  };
}
