/**
 * Readiness, distinct from liveness (/healthcheck: the process answers): whether this process can
 * take work now. Named checks, each ok or failing: the database answers, its migrations are those
 * of this code, the job queue runs (in a process that runs the workers), the storage can be used
 * (checked without writing: the local folder is writable, the S3 bucket answers), and the process is
 * not shutting down (it turns failing first, so that load balancers stop sending work before
 * anything closes). Answers carry the names and states only, never the reasons: those are logged.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { API, ResponseOf } from '@palabre/shared';
import type { Logger } from '../context.ts';
import { MIGRATIONS_DIR, type DatabaseHandle } from '../db/client.ts';
import type { Storage } from '../storage/storage.ts';

export type Readiness = ResponseOf<typeof API.system.ready>;
type ReadinessCheck = Readiness['checks']['database'];

export interface ReadinessParts {
  db: Pick<DatabaseHandle, 'executeSql'>;
  storage: Pick<Storage, 'check'>;
  log: Logger;
  /** The job queue, in a process that runs the workers. */
  jobs?: { readonly ready: boolean } | undefined;
  /** The newest migration of this code (its folder time); default: read from the migrations' journal. */
  lastMigration?: number;
}

/** A check that takes longer than this fails (a load balancer must not wait on a stuck database). */
const CHECK_TIMEOUT_MS = 3000;
/** Answers are kept this long: frequent probes cost one round of checks. */
const CACHE_MS = 1000;
/** A storage check that passed is trusted this long (with S3, each check is a request). */
const STORAGE_OK_MS = 15_000;

/** The folder time of the newest migration in the journal drizzle-kit writes. */
export function lastMigrationOf(folder = MIGRATIONS_DIR): number {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

function withTimeout(check: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

export class ReadinessProbe {
  private readonly parts: ReadinessParts;
  private readonly lastMigration: number;
  private stopping = false;
  private storageOkAt = Number.NEGATIVE_INFINITY;
  private cached: { at: number; answer: Promise<Readiness> } | null = null;

  constructor(parts: ReadinessParts) {
    this.parts = parts;
    this.lastMigration = parts.lastMigration ?? lastMigrationOf();
  }

  /** The process is shutting down: from now on it is not ready. */
  stop(): void {
    this.stopping = true;
    this.cached = null;
  }

  check(): Promise<Readiness> {
    const now = Date.now();
    if (!this.stopping && this.cached && now - this.cached.at < CACHE_MS) return this.cached.answer;
    const answer = this.run();
    this.cached = { at: now, answer };
    return answer;
  }

  private async run(): Promise<Readiness> {
    const { db, jobs } = this.parts;
    const named: Array<[string, () => Promise<void>]> = [
      [
        'accepting',
        async () => {
          if (this.stopping) fail('shutting down');
        },
      ],
      [
        'database',
        async () => {
          await db.executeSql('SELECT 1');
        },
      ],
      ['migrations', () => this.migrationsApplied()],
      ['storage', () => this.storageUsable()],
    ];
    if (jobs) {
      named.push([
        'jobs',
        async () => {
          if (!jobs.ready) fail('the job queue is not running');
        },
      ]);
    }
    const results = await Promise.all(
      named.map(async ([name, run]): Promise<[string, ReadinessCheck]> => {
        try {
          await withTimeout(run());
          return [name, 'ok'];
        } catch (error) {
          this.parts.log.warn({ err: error, check: name }, 'readiness check failing');
          return [name, 'failing'];
        }
      }),
    );
    const checks = Object.fromEntries(results) as Readiness['checks'];
    return { status: results.every(([, state]) => state === 'ok') ? 'ready' : 'unavailable', checks };
  }

  private async storageUsable(): Promise<void> {
    if (Date.now() - this.storageOkAt < STORAGE_OK_MS) return;
    await this.parts.storage.check();
    this.storageOkAt = Date.now();
  }

  /** The database holds the newest migration of this code (a node running older code is still ready). */
  private async migrationsApplied(): Promise<void> {
    const { rows } = await this.parts.db.executeSql('SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations');
    const last = Number((rows[0] as { last?: unknown } | undefined)?.last ?? 0);
    if (last < this.lastMigration) fail('migrations are not applied');
  }
}

function fail(reason: string): never {
  throw new Error(reason);
}
