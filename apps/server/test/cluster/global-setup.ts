/**
 * Runs once per cluster run: one throwaway PostgreSQL cluster (several nodes only make sense on
 * PostgreSQL); each test file creates its own database in it and its own nodes. The whole run is
 * bounded: past `clusterDeadline`, files refuse to start nodes and running ones are killed.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../harness/postgres.ts';

/** The whole tier takes about five minutes on two cores; past this, something hangs. */
const TIER_LIMIT_MS = 20 * 60_000;

export default async function setup(project: TestProject) {
  project.provide('clusterDeadline', Date.now() + TIER_LIMIT_MS);
  const cluster = await startPostgres();
  project.provide('testDatabase', 'postgres');
  project.provide('postgresAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** When the whole cluster run must be over (epoch milliseconds). */
    clusterDeadline: number;
  }
}
