/**
 * Long jobs across worker nodes (jobs/keepalive.ts): a job running longer than its lease is kept
 * alive and runs once; a job whose worker stopped keeping it alive (it died) is delivered again to
 * another worker within the lease plus pg-boss's supervision, far sooner than its step-sized expiry.
 * PostgreSQL only: several processes share the queue.
 */
import crypto from 'node:crypto';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { jobDefinitions } from '../../src/job-definitions.ts';
import { defineJob, RETRY_TWICE } from '../../src/jobs/registry.ts';
import { keepJobAlive } from '../../src/jobs/keepalive.ts';
import { parseRoles } from '../../src/roles.ts';
import { eventually } from '../harness/live.ts';
import { createDatabase, startTestServer, type TestServer } from '../harness/server.ts';

const onPostgres = inject('testDatabase') === 'postgres';
const LEASE = { leaseSeconds: 2, superviseIntervalSeconds: 1 };
/** The step-sized expiry of the test job: far beyond what the test waits. */
const EXPIRY_SECONDS = 600;

interface Delivery {
  node: string;
  sessionId: string;
  retryCount: number;
  at: number;
}

const deliveries: Delivery[] = [];

/** Every job but `session.save`, which records its deliveries and takes `runMs`. */
function jobs(node: string, runMs: number) {
  return [
    ...jobDefinitions.filter((definition) => definition.name !== 'session.save'),
    defineJob('session.save', {
      concurrency: 'sessionSchedule',
      retry: RETRY_TWICE,
      expireInSeconds: EXPIRY_SECONDS,
      handler: async (_ctx, { sessionId }, delivery) => {
        deliveries.push({ node, sessionId, retryCount: delivery.retryCount, at: Date.now() });
        await new Promise((resolve) => setTimeout(resolve, runMs));
      },
    }),
  ];
}

let database: { url: string; drop(): Promise<void> };
let worker: TestServer;

describe.skipIf(!onPostgres)('long jobs across workers (PGlite serves a single process: skipped there)', () => {
  beforeAll(async () => {
    database = await createDatabase(inject('postgresAdminUrl'));
    worker = await startTestServer({
      env: { DATABASE_URL: database.url },
      start: { roles: parseRoles('worker'), nodeId: 'worker-1', jobs: jobs('worker-1', 6_000), pollingIntervalSeconds: 0.5, jobLease: LEASE },
    });
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await database?.drop();
  });

  it('keeps a job running longer than its lease alive: it runs once', { timeout: 60_000 }, async () => {
    const sessionId = crypto.randomUUID();
    const id = (await worker.running.queue.sendJob('session.save', { sessionId }))!;
    await eventually(
      async () => (await worker.running.queue.job('session.save', id))?.state,
      (state) => state === 'completed',
      30_000,
    );
    expect(deliveries.filter((delivery) => delivery.sessionId === sessionId).map((delivery) => delivery.retryCount)).toEqual([0]);
  });

  it('delivers the job of a dead worker again within the lease, not after its expiry', { timeout: 60_000 }, async () => {
    // The "dead" worker: it takes the job, keeps it alive a little, then stops (as a killed process does).
    const dead = new PgBoss({ connectionString: database.url, max: 2, supervise: false, schedule: false });
    await dead.start();
    try {
      // The live worker must not take it first: it is sent while this test holds the only fetch.
      await worker.running.queue.stop();
      const sessionId = crypto.randomUUID();
      await dead.send('session.save', { sessionId }, { expireInSeconds: EXPIRY_SECONDS, retryLimit: 2, retryDelay: 1 });
      const [job] = await dead.fetch<{ sessionId: string }>('session.save', { includeMetadata: true });
      expect(job?.data.sessionId).toBe(sessionId);
      const stop = keepJobAlive(worker.running.db, worker.ctx.log, { name: 'session.save', id: job!.id, ceilingSeconds: EXPIRY_SECONDS }, LEASE.leaseSeconds);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      stop();
      const diedAt = Date.now();

      // Another worker node takes it over.
      const other = await startTestServer({
        env: { DATABASE_URL: database.url },
        start: { roles: parseRoles('worker'), nodeId: 'worker-2', jobs: jobs('worker-2', 100), pollingIntervalSeconds: 0.5, jobLease: LEASE },
      });
      try {
        const [again] = await eventually(
          () => deliveries.filter((delivery) => delivery.sessionId === sessionId),
          (list) => list.length > 0,
          30_000,
        );
        expect(again).toMatchObject({ node: 'worker-2', retryCount: 1 });
        const waited = (again!.at - diedAt) / 1000;
        console.info(`a dead worker's job was delivered again ${waited.toFixed(1)} s after its last keep-alive (lease ${LEASE.leaseSeconds} s)`);
        expect(waited).toBeLessThan(LEASE.leaseSeconds + LEASE.superviseIntervalSeconds + 10);
      } finally {
        await other.close();
      }
    } finally {
      await dead.stop({ graceful: false });
    }
  });
});
