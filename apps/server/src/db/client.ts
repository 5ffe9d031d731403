/**
 * Opens the database: PGlite in the data folder by default, PostgreSQL when DATABASE_URL is set.
 * Both speak the same SQL and share one migration history.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies the migrations of `folder` (default: every migration of this code) not yet applied. */
  migrate(folder?: string): Promise<void>;
  /**
   * Refreshes the planner's statistics where nothing else does: PGlite has no autovacuum, so without
   * this the planner knows nothing of table sizes and picks poor plans as the library grows.
   * PostgreSQL's autovacuum does it there.
   */
  maintain(): Promise<void>;
  close(): Promise<void>;
  /**
   * Raw SQL for libraries that bring their own queries (pg-boss): with parameters one statement,
   * without them possibly several; returns the rows of the last statement.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg-boss types the rows it reads itself
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  /** PostgreSQL only: the connection string, for libraries that open their own pool. */
  connectionString?: string;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A connection the server ends (restart, failover, a dropped database) must be reported, not crash
    // the process: pg emits such errors on idle and closing clients, which have no caller to receive them.
    const report = (error: Error) => console.error(`database connection error: ${error.message}`);
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    const db = drizzle(pool, { schema });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: (folder = MIGRATIONS_DIR) => migrate(db, { migrationsFolder: folder }),
      maintain: async () => undefined,
      close: () => pool.end(),
      executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
      connectionString: options.databaseUrl,
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const releaseLock = lockDataDir(dir);
  // pg_trgm: the title filter's index (migration 0017). PostgreSQL has it among its contrib modules.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(dir, { extensions: { pg_trgm } }).catch((error: unknown) => {
    releaseLock();
    throw error;
  });
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: (folder = MIGRATIONS_DIR) => migrate(db, { migrationsFolder: folder }),
    maintain: async () => {
      // ANALYZE samples tables (fast); VACUUM would hold the single connection for long.
      await client.exec('ANALYZE');
    },
    executeSql: async (text, values) => {
      if (values && values.length > 0) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

export class DatabaseBusyError extends Error {}

/**
 * PGlite is a single-process database: two processes on one data folder would corrupt it.
 * A lock file naming the owner's pid keeps a second process out; a stale lock (dead pid) is taken over.
 */
function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`; // beside the folder: PGlite wants its folder to itself
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        fs.rmSync(file, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseBusyError(
          `The embedded database in ${dir} is in use by another Palabre process (pid ${owner}). ` +
            'Stop it first, or use the HTTP API / backoffice while it runs, or set DATABASE_URL to a PostgreSQL server.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DatabaseBusyError(`Could not lock the embedded database in ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
