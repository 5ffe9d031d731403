/**
 * The HTTP listener of a node that serves no API (roles `collab` or `live`, roles.ts): its sockets
 * attach to this server, and it answers /healthcheck for the reverse proxy and the orchestrator.
 */
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';

export async function buildNodeApp(options: { logger: FastifyBaseLogger }): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: options.logger, logController: new LogController({ disableRequestLogging: true }) });
  app.get(API.system.health.path, async () => ({ status: 'ok' as const }));
  return app;
}
