/**
 * Runs once per integration project. On PostgreSQL (the `integration-postgres` project, or
 * `integration` with PALABRE_TEST_DB=postgres) it starts one throwaway PostgreSQL cluster for the
 * whole run; each test server then creates its own database in it.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.ts';
import { testDatabaseKind } from './db-kind.ts';

export default async function setup(project: TestProject) {
  // The PostgreSQL pass of `npm run test:integration` is a project of its own, beside the PGlite one.
  const kind = project.name === 'integration-postgres' ? 'postgres' : testDatabaseKind();
  project.provide('testDatabase', kind);
  if (kind !== 'postgres') return undefined;
  const cluster = await startPostgres();
  project.provide('postgresAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: 'pglite' | 'postgres';
    postgresAdminUrl: string;
  }
}
