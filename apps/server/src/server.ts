/** Starts a server from a configuration: database, migrations, context, HTTP. */
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';
import { buildApp } from './app.ts';
import { createContext, type AppContext, type Logger } from './context.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  db: DatabaseHandle;
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config, options: { logger?: boolean; listen?: boolean } = {}): Promise<RunningServer> {
  const db = await openDatabase(config);
  await db.migrate();
  const log: Logger = options.logger === false ? pino({ level: 'silent' }) : pino({ level: config.logLevel });
  const ctx = createContext(config, db, log);
  const app = await buildApp(ctx, options);
  let url = '';
  if (options.listen !== false) {
    url = await app.listen({ port: config.port, host: config.host });
  }
  return {
    app,
    ctx,
    db,
    url,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
