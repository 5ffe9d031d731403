/**
 * The job registry: job name → zod payload (from @palabre/shared JOBS) → exactly one definition:
 * its handler and how it is queued (worker count, deduplication key, retries, expiry).
 * Built once at start-up; a job name without a definition, with two, or unknown stops the process.
 */
import { JOBS, type JobName, type JobPayload } from '@palabre/shared';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';

/** What a handler knows about the delivery it is running. */
export interface JobDelivery {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  /** Fires when the process stops: pass it to child processes so they end with it. */
  signal: AbortSignal;
}

export type JobHandler<N extends JobName> = (ctx: AppContext, payload: JobPayload<N>, delivery: JobDelivery) => Promise<void>;

/** The configured number of workers a job's queue gets in each process (`config.jobConcurrency`). */
export type JobConcurrency = Exclude<keyof Config['jobConcurrency'], 'perOrganization'>;

/** Attempts after the first one fails, and the wait before each. */
export interface JobRetry {
  limit: number;
  delaySeconds: number;
  /** Doubles the wait at each attempt (with jitter), up to `maxDelaySeconds`. */
  backoff: boolean;
  maxDelaySeconds?: number;
}

/** What is known, when a job is sent, of the media it works on. */
export interface JobMedia {
  /** Seconds; null until preprocessing has measured it (or when the media is gone). */
  durationSeconds: number | null;
}

export interface JobSpec<N extends JobName> {
  handler: JobHandler<N>;
  /** Which configured worker count serves this job's queue. */
  concurrency: JobConcurrency;
  /**
   * Deduplication: at most one job per key is queued, waiting for a retry or running; a send whose
   * key belongs to such a job is absorbed. Without a key, every send is a job of its own.
   */
  singletonKey?: (payload: JobPayload<N>) => string;
  retry: JobRetry;
  /**
   * How long one attempt may run before it counts as lost and is delivered again; capped at
   * MAX_JOB_EXPIRY_SECONDS when sent (expiryOf).
   */
  expireInSeconds: number | ((media: JobMedia) => number);
}

export interface JobDefinition<N extends JobName = JobName> extends JobSpec<N> {
  name: N;
}

/** Keeps the name, the payload and the handler's types tied together. */
export function defineJob<N extends JobName>(name: N, spec: JobSpec<N>): JobDefinition<N> {
  return { name, ...spec };
}

/** The usual retry: twice, after 5 s then about 10 s (never more than 5 minutes). */
export const RETRY_TWICE: JobRetry = { limit: 2, delaySeconds: 5, backoff: true, maxDelaySeconds: 300 };

/**
 * The longest expiry pg-boss 11 accepts: it refuses `expireInSeconds / 3600 >= 24` on every send and
 * queue (node_modules/pg-boss/src/attorney.js, `POLICY.MAX_EXPIRATION_HOURS` and
 * `validateExpirationConfig`), so a job sized to a long media would never be sent at all.
 */
export const PG_BOSS_MAX_EXPIRATION_HOURS = 24;
export const MAX_JOB_EXPIRY_SECONDS = PG_BOSS_MAX_EXPIRATION_HOURS * 3600 - 1;

/**
 * An attempt's expiry for a media of the given duration, within what the queue accepts. An attempt
 * never runs longer than this (pg-boss's worker also fails a handler past it): work that may take
 * longer is checkpointed, and its next attempt resumes there (see jobs/keepalive.ts).
 */
export function expiryOf(definition: Pick<JobSpec<JobName>, 'expireInSeconds'>, media: JobMedia): number {
  const { expireInSeconds } = definition;
  const wanted = Math.ceil(typeof expireInSeconds === 'number' ? expireInSeconds : expireInSeconds(media));
  return Math.min(MAX_JOB_EXPIRY_SECONDS, Math.max(1, wanted));
}

export class JobRegistryError extends Error {}

export class JobPayloadError extends Error {}

export class JobRegistry {
  readonly definitions: ReadonlyMap<JobName, JobDefinition>;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- definitions of different jobs; each is checked by name below
  constructor(definitions: ReadonlyArray<JobDefinition<any>>) {
    const known = new Set<string>(Object.keys(JOBS));
    const byName = new Map<JobName, JobDefinition>();
    const problems: string[] = [];
    for (const definition of definitions) {
      if (!known.has(definition.name)) problems.push(`"${definition.name}" is not a job of @palabre/shared JOBS`);
      else if (byName.has(definition.name)) problems.push(`"${definition.name}" has two handlers`);
      else byName.set(definition.name, definition);
    }
    for (const name of known) {
      if (!byName.has(name as JobName)) problems.push(`"${name}" has no handler`);
    }
    if (problems.length > 0) throw new JobRegistryError(`Job registry refused: ${problems.join('; ')}`);
    this.definitions = byName;
  }

  names(): JobName[] {
    return [...this.definitions.keys()];
  }

  /** Validates a payload against the job's schema (on send and again on delivery). */
  parse<N extends JobName>(name: N, payload: unknown): JobPayload<N> {
    const schema = JOBS[name];
    if (!schema) throw new JobPayloadError(`Unknown job "${name}"`);
    const result = schema.safeParse(payload);
    if (!result.success)
      throw new JobPayloadError(`Invalid payload for job "${name}": ${result.error.issues.map((i) => `${i.path.join('.') || '(payload)'} ${i.message}`).join('; ')}`);
    return result.data as JobPayload<N>;
  }

  definition<N extends JobName>(name: N): JobDefinition<N> {
    const definition = this.definitions.get(name);
    if (!definition) throw new JobRegistryError(`"${name}" has no handler`);
    return definition as unknown as JobDefinition<N>;
  }
}
