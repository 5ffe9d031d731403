/**
 * The job queue on pg-boss 11, in the application's own database: PostgreSQL through its
 * connection string, PGlite through the `db.executeSql` adapter of DatabaseHandle.
 *
 * Each queue follows its job's definition (jobs/registry.ts): its worker count, retries, expiry,
 * and deduplication. A job with a deduplication key gets an `exclusive` queue: per key at most one
 * job is queued, waiting for a retry or running, which is what makes "re-enqueue whatever looks
 * stuck" safe (a job still alive absorbs the duplicate). A job without one gets a `standard` queue,
 * where every send is a job of its own.
 */
import PgBoss from 'pg-boss';
import type { JobName, JobPayload } from '@palabre/shared';
import type { AppContext, Logger } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { JobQueue, SendOptions } from './queue.ts';
import { JOB_LEASE_SECONDS, keepJobAlive, SUPERVISE_INTERVAL_SECONDS } from './keepalive.ts';
import { DEFERRAL_SECONDS, fairPriority, mediaOf, organizationOf, RunningJobs } from './fairness.ts';
import { expiryOf, JobPayloadError, type JobConcurrency, type JobDefinition, type JobMedia, type JobRegistry } from './registry.ts';

export interface BossQueueOptions {
  /** Worker polling interval (seconds, ≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** Jobs of one queue run at once in this process, per definition's knob (default 1). */
  concurrency?: Partial<Record<JobConcurrency, number>>;
  /** Jobs of one organization that run at once in one queue (default: no limit). */
  perOrganization?: number;
  /** How long after its last keep-alive a running job counts as lost (keepalive.ts; tests shorten it). */
  jobLeaseSeconds?: number;
  /** How often pg-boss looks for lost jobs (default SUPERVISE_INTERVAL_SECONDS). */
  superviseIntervalSeconds?: number;
}

/** A queue's policy and its defaults for every job sent to it, from the job's definition. */
export function queueOptions(definition: JobDefinition): { policy: PgBoss.QueuePolicy; defaults: PgBoss.QueueOptions } {
  return {
    policy: definition.singletonKey ? 'exclusive' : 'standard',
    defaults: { ...retryOptions(definition), expireInSeconds: expiryOf(definition, { durationSeconds: null }) },
  };
}

function retryOptions({ retry }: JobDefinition): Pick<PgBoss.QueueOptions, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'retryDelayMax'> {
  return {
    retryLimit: retry.limit,
    retryDelay: retry.delaySeconds,
    retryBackoff: retry.backoff,
    ...(retry.maxDelaySeconds === undefined ? {} : { retryDelayMax: retry.maxDelaySeconds }),
  };
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
  private readonly jobLeaseSeconds: number;

  constructor(handle: DatabaseHandle, registry: JobRegistry, log: Logger, options: BossQueueOptions = {}) {
    this.handle = handle;
    this.registry = registry;
    this.log = log;
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
    const knobs = options.concurrency ?? {};
    this.concurrency = (name) => knobs[this.registry.definition(name).concurrency] ?? 1;
    this.running = new RunningJobs(options.perOrganization ?? Number.POSITIVE_INFINITY);
    this.jobLeaseSeconds = options.jobLeaseSeconds ?? JOB_LEASE_SECONDS;
    // Lost jobs are looked for (supervision) and failed for redelivery (monitoring) at this pace.
    const supervision = {
      superviseIntervalSeconds: options.superviseIntervalSeconds ?? SUPERVISE_INTERVAL_SECONDS,
      monitorIntervalSeconds: options.superviseIntervalSeconds ?? SUPERVISE_INTERVAL_SECONDS,
    };
    this.boss = handle.connectionString
      ? new PgBoss({ connectionString: handle.connectionString, max: 4, application_name: 'palabre-jobs', ...supervision })
      : new PgBoss({ db: { executeSql: (text, values) => handle.executeSql(text, values) }, ...supervision });
    // pg-boss reports its own maintenance failures here; they must not crash the process.
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  /**
   * Installs or migrates pg-boss's schema, creates every queue of the registry, and brings the
   * retries and expiry of existing queues to their definitions'.
   */
  async start(): Promise<void> {
    await this.boss.start();
    for (const name of this.registry.names()) {
      const { policy, defaults } = queueOptions(this.registry.definition(name));
      const existing = await this.boss.getQueue(name);
      if (existing && existing.policy !== policy && (await this.idle(name))) {
        // pg-boss cannot change a queue's policy (a job that lost its key would otherwise stay
        // deduplicated, queue-wide): a queue without live jobs is made again.
        await this.boss.deleteQueue(name);
        this.log.info({ name, policy }, 'job queue made again with its new deduplication policy');
      } else if (existing) {
        if (existing.policy !== policy) this.log.warn({ name, policy: existing.policy, wanted: policy }, 'job queue keeps its former deduplication policy while it has live jobs');
        await this.boss.updateQueue(name, defaults);
        continue;
      }
      await this.boss.createQueue(name, { policy, ...defaults });
    }
    this.started = true;
  }

  /** True when no job of the queue is waiting, waiting for a retry or running. */
  private async idle(name: JobName): Promise<boolean> {
    const { rows } = await this.handle.executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state < 'completed'`, [name]);
    return Number((rows[0] as { n?: number } | undefined)?.n ?? 0) === 0;
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
        await this.boss.work<unknown>(name, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.pollingIntervalSeconds }, async ([job]) => {
          if (!job) return;
          await this.deliverFairly(ctx, name, job);
        });
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
    const options = await this.sendOptions(this.registry.definition(name), data);
    options.startAfter = DEFERRAL_SECONDS;
    options.expireInSeconds = job.expireInSeconds;
    if (job.singletonKey) options.singletonKey = job.singletonKey;
    await this.boss.send(name, data, options);
  }

  /**
   * Everything pg-boss needs to send a job, from its definition and what is known of its media:
   * deduplication key, retries, expiry and the fair-order priority.
   */
  private async sendOptions(definition: JobDefinition, data: object): Promise<PgBoss.SendOptions> {
    const conversationId = conversationIdOf(data);
    let media: Awaited<ReturnType<typeof mediaOf>> = null;
    let priority = 0;
    try {
      media = await mediaOf(this.handle, conversationId);
      if (media) priority = await fairPriority(this.handle, definition.name, media.organizationId);
    } catch (error) {
      // Plain order (0) and the expiry of a media of unknown length: the job still goes out.
      this.log.warn({ err: error, name: definition.name }, 'job sent without a fair-order priority');
    }
    const known: JobMedia = { durationSeconds: media?.durationSeconds ?? null };
    const options: PgBoss.SendOptions = { ...retryOptions(definition), expireInSeconds: expiryOf(definition, known), priority };
    const key = definition.singletonKey?.(data as never);
    if (key) options.singletonKey = key;
    return options;
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
    // Another node takes the job soon after this process dies, not after the step-sized expiry.
    const stop = keepJobAlive(this.handle, this.log, { name, id: job.id, ceilingSeconds: job.expireInSeconds }, this.jobLeaseSeconds);
    try {
      await this.registry.definition(name).handler(ctx, payload as never, {
        id: job.id,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        signal: this.stopping.signal,
      });
    } finally {
      stop();
    }
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

  /** Like send, returning the job id (null when a live job with the same deduplication key absorbed it). */
  async sendJob<N extends JobName>(name: N, payload: JobPayload<N>, options: SendOptions = {}): Promise<string | null> {
    const data = this.registry.parse(name, payload) as object;
    const sendOptions = await this.sendOptions(this.registry.definition(name), data);
    if (options.startAfterSeconds) sendOptions.startAfter = options.startAfterSeconds;
    if (options.startAfter) sendOptions.startAfter = options.startAfter;
    return this.boss.send(name, data, sendOptions);
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
