/**
 * The HTTP listener of a node that serves no API (roles `collab` or `live`, roles.ts): its sockets
 * attach to this server, and it answers /healthcheck, /readyz and /metrics for the reverse proxy,
 * the orchestrator and the metrics scraper.
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ReadinessProbe } from '../health/readiness.ts';
import { healthRoutes } from '../health/routes.ts';
import { metricsRoutes, registerHttpMetrics } from '../metrics/routes.ts';
import { registerErrorHandler } from './errors.ts';

export async function buildNodeApp(ctx: AppContext, options: { logger: FastifyBaseLogger; readiness: ReadinessProbe }): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: options.logger, logController: new LogController({ disableRequestLogging: true }) });
  registerErrorHandler(app);
  registerHttpMetrics(app, ctx.metrics);
  await app.register(healthRoutes(options.readiness));
  await app.register(metricsRoutes(ctx));
  return app;
}
