/**
 * The job queue on pg-boss 11, in the application's own database: PostgreSQL through its
 * connection string, PGlite through the `db.executeSql` adapter of DatabaseHandle.
 *
 * Every queue uses the `exclusive` policy: per singleton key (by default the conversation id) at
 * most one job is queued, waiting for a retry or running. That is what makes "re-enqueue whatever
 * looks stuck" safe: a job that is still alive absorbs the duplicate.
 */
import PgBoss from 'pg-boss';
import type { JobName, JobPayload } from '@palabre/shared';
import type { AppContext, Logger } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { JobQueue, SendOptions } from './queue.ts';
import { DEFERRAL_SECONDS, fairPriority, organizationOf, RunningJobs } from './fairness.ts';
import { JobPayloadError, type JobRegistry } from './registry.ts';

/** Queue defaults: two retries with exponential backoff; expiry is generous, media can be long. */
export const QUEUE_OPTIONS = {
  policy: 'exclusive',
  retryLimit: 2,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 300,
  expireInSeconds: 2 * 60 * 60,
} as const;

export interface BossQueueOptions {
  /** Worker polling interval (seconds, ≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** Jobs of one queue run at once in this process (default 1). */
  concurrency?: (name: JobName) => number;
  /** Jobs of one organization that run at once in one queue (default: no limit). */
  perOrganization?: number;
}

export class BossQueue implements JobQueue {
  readonly boss: PgBoss;
  private readonly registry: JobRegistry;
  private readonly log: Logger;
  private readonly handle: DatabaseHandle;
  private readonly pollingIntervalSeconds: number;
  private readonly concurrency: (name: JobName) => number;
  private readonly running: RunningJobs;
  private readonly stopping = new AbortController();
  private started = false;
  private working = false;

  constructor(handle: DatabaseHandle, registry: JobRegistry, log: Logger, options: BossQueueOptions = {}) {
    this.handle = handle;
    this.registry = registry;
    this.log = log;
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
    this.concurrency = options.concurrency ?? (() => 1);
    this.running = new RunningJobs(options.perOrganization ?? Number.POSITIVE_INFINITY);
    this.boss = handle.connectionString
      ? new PgBoss({ connectionString: handle.connectionString, max: 4, application_name: 'palabre-jobs' })
      : new PgBoss({ db: { executeSql: (text, values) => handle.executeSql(text, values) } });
    // pg-boss reports its own maintenance failures here; they must not crash the process.
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  /** Installs or migrates pg-boss's schema and creates every queue of the registry. */
  async start(): Promise<void> {
    await this.boss.start();
    for (const name of this.registry.names()) {
      await this.boss.createQueue(name, { ...QUEUE_OPTIONS });
    }
    this.started = true;
  }

  /** Aborted when the queue stops: handlers pass it to child processes. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  /**
   * Starts `concurrency(name)` workers per queue (each runs one job at a time). With the embedded
   * database this process is the only one that can run jobs, so any job still marked active was
   * left by a process that died: it is failed now so that pg-boss delivers it again at once
   * instead of after its expiry.
   */
  async startWorkers(ctx: AppContext): Promise<void> {
    if (!this.started) throw new Error('start the queue before its workers');
    if (this.handle.kind === 'pglite') await this.failOrphans();
    for (const name of this.registry.names()) {
      const workers = Math.max(1, Math.floor(this.concurrency(name)));
      for (let n = 0; n < workers; n++) {
        await this.boss.work<unknown>(
          name,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.pollingIntervalSeconds },
          async ([job]) => {
            if (!job) return;
            await this.deliverFairly(ctx, name, job);
          },
        );
      }
    }
    this.working = true;
  }

  /** Runs the job unless its organization already uses all of its slots in this queue. */
  private async deliverFairly(ctx: AppContext, name: JobName, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const organizationId = await organizationOf(this.handle, conversationIdOf(job.data)).catch(() => null);
    if (organizationId === null) return this.deliver(ctx, name, job);
    if (!this.running.tryAcquire(name, organizationId)) {
      await this.putBack(name, job);
      return;
    }
    try {
      await this.deliver(ctx, name, job);
    } finally {
      this.running.release(name, organizationId);
    }
  }

  /**
   * Offers the job again a little later, behind the others: completing it first frees its
   * singleton key so the copy is accepted (pg-boss's own completion then finds nothing to do).
   */
  private async putBack(name: JobName, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    await this.boss.complete(name, job.id, { deferred: true });
    const data = job.data as object;
    const options: PgBoss.SendOptions = { startAfter: DEFERRAL_SECONDS, expireInSeconds: job.expireInSeconds };
    if (job.singletonKey) options.singletonKey = job.singletonKey;
    options.priority = await this.priorityFor(name, conversationIdOf(data));
    await this.boss.send(name, data, options);
  }

  /** The fair-order priority of a conversation's job; plain order (0) when it cannot be known. */
  private async priorityFor(name: JobName, conversationId: string | undefined): Promise<number> {
    try {
      const organizationId = await organizationOf(this.handle, conversationId);
      return organizationId ? await fairPriority(this.handle, name, organizationId) : 0;
    } catch (error) {
      this.log.warn({ err: error, name }, 'job sent without a fair-order priority');
      return 0;
    }
  }

  private async deliver(ctx: AppContext, name: JobName, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    let payload: JobPayload<JobName>;
    try {
      payload = this.registry.parse(name, job.data);
    } catch (error) {
      // A payload that does not validate will never succeed: log it and do not retry.
      this.log.error({ job: job.id, name, err: error }, 'job refused: invalid payload');
      return;
    }
    await this.registry.definition(name).handler(ctx, payload as never, {
      id: job.id,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      signal: this.stopping.signal,
    });
  }

  private async failOrphans(): Promise<void> {
    const { rows } = await this.handle.executeSql(`SELECT id, name FROM pgboss.job WHERE state = 'active'`);
    for (const row of rows as Array<{ id: string; name: string }>) {
      this.log.warn({ job: row.id, name: row.name }, 'job left running by a previous process: delivering it again');
      await this.boss.fail(row.name, row.id, { message: 'The process running this job stopped' });
    }
  }

  async send<N extends JobName>(name: N, payload: JobPayload<N>, options: SendOptions = {}): Promise<void> {
    await this.sendJob(name, payload, options);
  }

  /** Like send, returning the job id (null when a live job with the same singleton key absorbed it). */
  async sendJob<N extends JobName>(name: N, payload: JobPayload<N>, options: SendOptions = {}): Promise<string | null> {
    const data = this.registry.parse(name, payload);
    const fallbackKey = (data as { conversationId?: string }).conversationId;
    const singletonKey = options.singletonKey ?? fallbackKey;
    const sendOptions: PgBoss.SendOptions = {};
    if (singletonKey) sendOptions.singletonKey = singletonKey;
    if (options.startAfterSeconds) sendOptions.startAfter = options.startAfterSeconds;
    if (options.expireInSeconds) sendOptions.expireInSeconds = Math.ceil(options.expireInSeconds);
    sendOptions.priority = await this.priorityFor(name, fallbackKey);
    return this.boss.send(name, data as object, sendOptions);
  }

  /** A job's state as pg-boss stores it (tests and diagnostics). */
  async job(name: JobName, id: string): Promise<PgBoss.JobWithMetadata<unknown> | null> {
    return this.boss.getJobById(name, id);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping.abort();
    // Graceful: workers stop fetching; running handlers see the abort signal and end quickly. A job
    // cut short stays active and is delivered again (on restart, or after its expiry).
    await this.boss.stop({ graceful: true, wait: true, timeout: this.working ? 10_000 : 1_000 });
  }
}

function conversationIdOf(data: unknown): string | undefined {
  const id = (data as { conversationId?: unknown } | null)?.conversationId;
  return typeof id === 'string' ? id : undefined;
}

export { JobPayloadError };
