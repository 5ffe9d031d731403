/**
 * Runs once per cluster run: one throwaway PostgreSQL cluster (several nodes only make sense on
 * PostgreSQL); each test file creates its own database in it and its own nodes.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../harness/postgres.ts';

export default async function setup(project: TestProject) {
  const cluster = await startPostgres();
  project.provide('testDatabase', 'postgres');
  project.provide('postgresAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}
