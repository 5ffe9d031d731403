/** Starts a server from a configuration: database, migrations, context, job queue and workers, HTTP and socket. */
import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { DestinationStream } from 'pino';
import type { CatalogueModel } from '@palabre/engines';
import type { Config } from './config.ts';
import { buildApp } from './app.ts';
import { createContext, createDocuments, createSubtitleDocuments, type AppContext } from './context.ts';
import { attachCollabEmitter, attachCollabSocket } from './collab/socket.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { createLogger } from './logging.ts';
import { BossQueue } from './jobs/boss.ts';
import { JobRegistry, type JobDefinition } from './jobs/registry.ts';
import { startDefaultModel } from './models/default-model.ts';
import { jobDefinitions } from './job-definitions.ts';
import { resumeStuckConversations } from './pipeline/index.ts';
import { attachSocketServer, disconnectWhenRevoked, SocketEventBus, type SessionServer, type SocketServer } from './realtime/socket.ts';
import { withFinalsTo } from './realtime/events.ts';
import type { EngineFactory } from './live/channel-run.ts';
import { LiveService } from './live/service.ts';
import type { LeaseTiming } from './live/lease.ts';
import type { EncoderListeners, IngestGate } from './live/ingest/gate.ts';
import { createEncoderListeners } from './live/ingest/encoders.ts';
import { createTranslatorPool } from './live/translators.ts';
import type { TranslatorPool } from './live/types.ts';
import { attachIngestSocket } from './live/ws-ingest.ts';
import { BotManager, type BotManagerOptions } from './bots/manager.ts';
import { loopbackIngestUrl } from './bots/ingest-address.ts';
import { openStorage } from './storage/drivers.ts';
import { sweepStorage } from './storage/sweeper.ts';
import { ReadinessProbe } from './health/readiness.ts';
import { queueDepths } from './metrics/queues.ts';
import { watchMetrics, type WatchedParts } from './metrics/sources.ts';
import { startWebhookSweeper } from './webhooks/sweeper.ts';
import { ALL_ROLES, describeRoles, nodeIdOf, type Roles } from './roles.ts';
import { closeAdapter, emitterServer, openSocketAdapters, type SocketAdapters } from './realtime/adapter.ts';
import { buildNodeApp } from './http/node-app.ts';
import { prepareFirstRun } from './users/first-run.ts';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  db: DatabaseHandle;
  queue: BossQueue;
  url: string;
  /** This node's id (logs, live leases). */
  nodeId: string;
  /** Its socket servers: attached to its HTTP server, or (session, without an API) only emitting through the adapter. */
  sockets: { session: Server | null; collab: Server | null };
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: DestinationStream;
  /** Listen for HTTP (and the socket). Default true. */
  listen?: boolean;
  /** Run the job workers in this process. Default true. */
  workers?: boolean;
  /** What this node runs (roles.ts; default all); `listen` and `workers` still switch off their part. */
  roles?: Roles;
  /** This node's id (default PALABRE_NODE_ID or hostname-pid, roles.ts). */
  nodeId?: string;
  /** The job definitions (tests); default: every job's (job-definitions.ts). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- definitions of different jobs
  jobs?: ReadonlyArray<JobDefinition<any>>;
  /** Worker polling interval in seconds (≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** How long a dead worker's job waits before another takes it (jobs/keepalive.ts; tests shorten it). */
  jobLease?: { leaseSeconds: number; superviseIntervalSeconds: number };
  /** The models the default model is looked up in (tests); default: the catalogue. */
  modelCatalogue?: readonly CatalogueModel[];
  /** What live sessions run with (tests): translators, engines, encoder listeners, engine retry delays. */
  live?: {
    translators?: TranslatorPool;
    engines?: EngineFactory;
    encoders?: EncoderListeners;
    retryDelaysMs?: readonly number[];
    stoppedCheckMs?: number;
    lease?: Partial<LeaseTiming>;
  };
  /** How videoconference bots are watched (tests shorten the sampling). */
  bots?: BotManagerOptions;
}

/** Conversations whose processing lost its job (a crash between two steps) are looked at this often. */
const RECOVERY_INTERVAL_MS = 5 * 60 * 1000;

/** Leftovers of crashes (temporary uploads, work folders, orphan media folders) are looked for this often. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** How often the planner's statistics are refreshed (see DatabaseHandle.maintain). */
const MAINTENANCE_INTERVAL_MS = 6 * 60 * 60 * 1000;

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const nodeId = options.nodeId ?? nodeIdOf();
  const db = await openDatabase(config);
  const cleanups: Array<() => Promise<void>> = [() => db.close()];
  const closeAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  const roles = options.roles ?? ALL_ROLES;
  const serveApi = roles.api && options.listen !== false;
  const serveCollab = roles.collab && options.listen !== false;
  const serveLive = roles.live && options.listen !== false;
  const runWorkers = roles.worker && options.workers !== false;
  const listening = serveApi || serveCollab || serveLive;
  /** `palabre serve` (any role) runs on; one-shot commands (admin create-user…) neither listen nor run workers. */
  const runsOn = listening || runWorkers;
  try {
    await db.migrate();
    const baseLog = createLogger(options.logger === false ? 'silent' : config.logLevel, options.logStream);
    // Beside other nodes, every line says which node wrote it.
    const log = roles.all ? baseLog : baseLog.child({ node: nodeId });
    const ctx = createContext(config, db, log);
    // The bucket is checked only for a server that runs on: a one-shot command may not store anything.
    cleanups.push(await openStorage(ctx.storage, { check: runsOn }));
    // Refuses to start when a job has no handler or two.
    const registry = new JobRegistry(options.jobs ?? jobDefinitions);
    const queue = new BossQueue(db, registry, log, {
      pollingIntervalSeconds: options.pollingIntervalSeconds,
      // Each job's definition names the knob its queue follows.
      concurrency: config.jobConcurrency,
      perOrganization: config.jobConcurrency.perOrganization,
      ...(options.jobLease ? { jobLeaseSeconds: options.jobLease.leaseSeconds, superviseIntervalSeconds: options.jobLease.superviseIntervalSeconds } : {}),
    });
    // On PostgreSQL, socket events cross nodes (realtime/adapter.ts); commands without sockets skip it.
    let adapters: SocketAdapters | undefined;
    if (db.connectionString && runsOn) {
      const opened = await openSocketAdapters(db.connectionString, log);
      adapters = opened;
      cleanups.push(() => opened.close());
    }
    const events = new SocketEventBus();
    const documents = createDocuments(config, ctx);
    ctx.jobs = queue;
    ctx.events = events;
    ctx.documents = documents;
    const subtitles = createSubtitleDocuments(config, ctx);
    ctx.subtitles = subtitles;
    // Last out: every document is written back once nothing can change it any more.
    cleanups.push(() => documents.close());
    cleanups.push(() => subtitles.close());
    await queue.start();
    cleanups.push(() => queue.stop());

    // The listeners hand their encoders' audio to the live service (their gate), made just after them.
    const gate: IngestGate = { open: (streamKey, kind) => live.open(streamKey, kind) };
    const encoders = options.live?.encoders ?? (serveLive ? createEncoderListeners(config, gate, log) : undefined);
    const live = new LiveService(ctx, {
      translators: options.live?.translators ?? createTranslatorPool(config, { log }),
      ...(options.live?.engines ? { engines: options.live.engines } : {}),
      ...(options.live?.retryDelaysMs ? { retryDelaysMs: options.live.retryDelaysMs } : {}),
      ...(options.live?.stoppedCheckMs ? { stoppedCheckMs: options.live.stoppedCheckMs } : {}),
      ...(options.live?.lease ? { lease: options.live.lease } : {}),
      encoders,
      nodeId,
      ingests: serveLive,
      sweepsLeases: serveLive || runWorkers,
    });
    ctx.live = live;
    ctx.encoders = encoders;
    // Bots stream through this process's ingest WebSocket and are asked for through the API: only a node running both runs them.
    const bots = serveApi && serveLive ? new BotManager(ctx, options.bots) : undefined;
    ctx.bots = bots;
    // Bots that post captions into their call hear the channels' finals.
    if (bots) ctx.events = withFinalsTo(events, (final) => bots.liveFinal(final));

    const readiness = new ReadinessProbe({ db, storage: ctx.storage, log, jobs: runWorkers ? queue : undefined });
    watchMetrics(ctx.metrics, {
      documents: { transcripts: documents, subtitles },
      queues: queueDepths(db, registry.names(), { onError: (error) => log.warn({ err: error }, 'job queue depths not read') }),
    });
    // The first visit in a browser creates the first account with the printed token (users/first-run.ts).
    if (serveApi) ctx.firstRun = await prepareFirstRun(ctx);
    // The full API, or on a collab or live node a listener for its sockets, health, readiness and metrics only.
    const app = serveApi || !listening ? await buildApp(ctx, { logger: log, readiness }) : await buildNodeApp(ctx, { logger: log, readiness });
    cleanups.push(() => app.close());
    let url = '';
    const sockets: RunningServer['sockets'] = { session: null, collab: null };
    const watched: NonNullable<WatchedParts['sockets']> = {};
    if (serveApi) {
      const socket: SocketServer = attachSocketServer(ctx, app.server, events, adapters?.of('session'));
      sockets.session = socket.io as unknown as Server;
      watched.session = socket.io;
      cleanups.push(() => socket.close());
    } else if (adapters) {
      // Without a session socket, events still reach the sockets of the nodes that have one.
      const emitter = emitterServer<SessionServer>(adapters.of('session'));
      events.attach(emitter, ctx);
      sockets.session = emitter as unknown as Server;
      const stopListening = disconnectWhenRevoked(ctx, emitter);
      cleanups.push(async () => {
        stopListening();
        events.detach();
        await closeAdapter(emitter);
      });
    }
    if (serveCollab) {
      const collab = attachCollabSocket(ctx, app.server, { transcripts: documents, subtitles }, adapters?.of('collab'));
      sockets.collab = collab.io as unknown as Server;
      watched.collab = collab.io;
      cleanups.push(() => collab.close());
    } else if (adapters) {
      // Without a collaboration socket, what this node does to documents still reaches the editors of the others.
      const collab = attachCollabEmitter(ctx, { transcripts: documents, subtitles }, adapters.of('collab'));
      sockets.collab = collab.io as unknown as Server;
      cleanups.push(() => collab.close());
    }
    if (serveLive) {
      const ingest = attachIngestSocket(ctx, app.server, live);
      cleanups.push(() => ingest.close());
      watched.ingest = ingest;
    }
    watchMetrics(ctx.metrics, { sockets: watched });
    if (listening) {
      url = await app.listen({ port: config.port, host: config.host });
      if (serveLive) await live.resume();
      if (bots) {
        bots.ingestUrl = loopbackIngestUrl(app.server.address());
        await bots.recover();
      }
    }
    log.info({ node: nodeId, roles: describeRoles(roles), database: db.kind }, 'node started');
    // First out: bots leave their calls, then streams end and their last finals are stored while everything else still runs.
    cleanups.push(() => live.close());
    if (bots) cleanups.push(() => bots.close());
    if (runWorkers) {
      // In the background: documents a crash left with unfolded updates are written back.
      documents.recover().catch((error: unknown) => log.error({ err: error }, 'recovering transcript documents failed'));
      subtitles.recover().catch((error: unknown) => log.error({ err: error }, 'recovering subtitle documents failed'));
      await queue.startWorkers(ctx);
      await resumeStuckConversations(ctx);
      // In the background: an offline machine starts at once with PocketSphinx.
      cleanups.push(await startDefaultModel(ctx, options.modelCatalogue ? { catalogue: options.modelCatalogue } : {}));
      const timer = setInterval(() => {
        resumeStuckConversations(ctx).catch((error: unknown) => log.error({ err: error }, 'resuming media processing failed'));
      }, RECOVERY_INTERVAL_MS);
      timer.unref();
      cleanups.push(async () => clearInterval(timer));
      cleanups.push(startWebhookSweeper(ctx));
      const sweep = () =>
        sweepStorage(ctx)
          .then((report) => log.info(report, 'storage swept'))
          .catch((error: unknown) => log.warn({ err: error }, 'storage sweep failed'));
      let sweeping = sweep();
      const sweeper = setInterval(() => void (sweeping = sweep()), SWEEP_INTERVAL_MS);
      sweeper.unref();
      cleanups.push(async () => {
        clearInterval(sweeper);
        await sweeping;
      });
    }
    const maintain = () => db.maintain().catch((error: unknown) => log.warn({ err: error }, 'database statistics not refreshed'));
    let maintaining = maintain();
    const maintenance = setInterval(() => void (maintaining = maintain()), MAINTENANCE_INTERVAL_MS);
    maintenance.unref();
    cleanups.push(async () => {
      clearInterval(maintenance);
      await maintaining;
    });
    const close = async () => {
      // Readiness fails first: load balancers stop sending work while everything else still runs.
      readiness.stop();
      await closeAll();
    };
    return { app, ctx, db, queue, url, nodeId, sockets, close };
  } catch (error) {
    await closeAll().catch(() => undefined);
    throw error;
  }
}
