/**
 * The job registry: job name → zod payload (from @palabre/shared JOBS) → exactly one handler.
 * Built once at start-up; a job name without a handler, with two, or unknown stops the process.
 */
import { JOBS, type JobName, type JobPayload } from '@palabre/shared';
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

export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  handler: JobHandler<N>;
}

/** Keeps name and handler types tied together. */
export function defineJob<N extends JobName>(name: N, handler: JobHandler<N>): JobDefinition<N> {
  return { name, handler };
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
    if (!result.success) throw new JobPayloadError(`Invalid payload for job "${name}": ${result.error.issues.map((i) => `${i.path.join('.') || '(payload)'} ${i.message}`).join('; ')}`);
    return result.data as JobPayload<N>;
  }

  definition<N extends JobName>(name: N): JobDefinition<N> {
    const definition = this.definitions.get(name);
    if (!definition) throw new JobRegistryError(`"${name}" has no handler`);
    return definition as unknown as JobDefinition<N>;
  }
}
