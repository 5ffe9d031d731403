/**
 * Deduplication follows each job's definition: a pipeline step sent again while its job is alive
 * runs once, whereas a job defined without a deduplication key (as an export or a report of a
 * media will be) runs every time it is sent, even for the same media.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobName } from '@palabre/shared';
import { BossQueue } from '../../src/jobs/boss.ts';
import { defineJob, JobRegistry, type JobDefinition } from '../../src/jobs/registry.ts';
import { jobDefinitions } from '../../src/job-definitions.ts';
import { createOrganization, insertMedia, startTestServer, type TestServer } from '../harness/server.ts';

let server: TestServer;
const runs: Array<{ job: JobName; conversationId: string }> = [];
let releaseStep: () => void = () => undefined;
const stepReleased = new Promise<void>((resolve) => (releaseStep = resolve));

/** Preprocessing is held until the test releases it; finalizing is redefined without a key. */
function jobsUnderTest(): ReadonlyArray<JobDefinition<any>> {
  return jobDefinitions.map((definition) => {
    if (definition.name === 'media.preprocess') {
      return defineJob('media.preprocess', {
        ...definition,
        handler: async (_ctx, { conversationId }) => {
          runs.push({ job: 'media.preprocess', conversationId });
          await stepReleased;
        },
      });
    }
    if (definition.name === 'media.finalize') {
      return defineJob('media.finalize', {
        concurrency: definition.concurrency,
        retry: definition.retry,
        expireInSeconds: definition.expireInSeconds,
        handler: async (_ctx, { conversationId }) => void runs.push({ job: 'media.finalize', conversationId }),
      });
    }
    return definition;
  });
}

beforeAll(async () => {
  server = await startTestServer({ start: { jobs: jobsUnderTest(), pollingIntervalSeconds: 0.5 } });
});
afterAll(() => server?.close());

async function media(): Promise<string> {
  const owner = await server.quickUser();
  const organization = await createOrganization(owner.client);
  return insertMedia(server, { organizationId: organization._id, ownerId: owner.id, status: 'pending', progress: 0 });
}

async function settled(name: JobName, id: string): Promise<string> {
  for (let n = 0; n < 300; n++) {
    const job = await server.running.queue.job(name, id);
    if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job.state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${name} ${id} never ended`);
}

async function storedJobs(name: JobName, conversationId: string): Promise<number> {
  const { rows } = await server.running.db.executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'conversationId' = $2`, [name, conversationId]);
  return Number((rows[0] as { n: number }).n);
}

const ranFor = (job: JobName, conversationId: string) => runs.filter((r) => r.job === job && r.conversationId === conversationId).length;

describe('job deduplication', () => {
  it('runs a pipeline step sent twice once, and every job of a kind without a key', async () => {
    const id = await media();

    const step = await server.running.queue.sendJob('media.preprocess', { conversationId: id });
    expect(step).toBeTypeOf('string');
    expect(await server.running.queue.sendJob('media.preprocess', { conversationId: id })).toBeNull();
    for (let n = 0; n < 300 && ranFor('media.preprocess', id) === 0; n++) await new Promise((resolve) => setTimeout(resolve, 100));
    // Running now: a third send (crash recovery, a re-delivery) is absorbed as well.
    await server.ctx.jobs.send('media.preprocess', { conversationId: id });
    expect(await server.running.queue.sendJob('media.preprocess', { conversationId: id })).toBeNull();

    const first = await server.running.queue.sendJob('media.finalize', { conversationId: id });
    const second = await server.running.queue.sendJob('media.finalize', { conversationId: id });
    expect(first).toBeTypeOf('string');
    expect(second).toBeTypeOf('string');
    expect(second).not.toBe(first);

    releaseStep();
    expect(await settled('media.preprocess', step!)).toBe('completed');
    expect(await settled('media.finalize', first!)).toBe('completed');
    expect(await settled('media.finalize', second!)).toBe('completed');
    expect(ranFor('media.preprocess', id)).toBe(1);
    expect(await storedJobs('media.preprocess', id)).toBe(1);
    expect(ranFor('media.finalize', id)).toBe(2);
  });

  it('makes a queue again when its job loses its key, so that no job of it is dropped', async () => {
    const id = await media();
    // The same database after an upgrade in which punctuation would no longer be deduplicated.
    const upgraded = jobDefinitions.map((definition) =>
      definition.name !== 'media.punctuate'
        ? definition
        : defineJob('media.punctuate', { handler: definition.handler, concurrency: definition.concurrency, retry: definition.retry, expireInSeconds: definition.expireInSeconds }),
    );
    const queue = new BossQueue(server.running.db, new JobRegistry(upgraded), server.ctx.log);
    await queue.start();
    try {
      expect((await queue.boss.getQueue('media.punctuate'))?.policy).toBe('standard');
      expect((await queue.boss.getQueue('media.transcribe'))?.policy).toBe('exclusive');
      expect(await queue.sendJob('media.punctuate', { conversationId: id })).toBeTypeOf('string');
      expect(await queue.sendJob('media.punctuate', { conversationId: id })).toBeTypeOf('string');
      expect(await storedJobs('media.punctuate', id)).toBe(2);
    } finally {
      await queue.stop();
    }
  });
});

describe('job expiry', () => {
  it('follows the media a step job works on, whoever sends it (crash recovery included)', async () => {
    const owner = await server.quickUser();
    const organization = await createOrganization(owner.client);
    const id = await insertMedia(server, { organizationId: organization._id, ownerId: owner.id, status: 'pending', progress: 0, duration: 3600 });
    const job = await server.running.queue.sendJob('media.transcribe', { conversationId: id });
    // An hour of audio: 12 seconds per second plus 15 minutes to start the engine.
    expect((await server.running.queue.job('media.transcribe', job!))?.expireInSeconds).toBe(12 * 3600 + 15 * 60);
  });
});
