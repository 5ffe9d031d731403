/**
 * Job workers shared between organizations: one organization's batch does not hold every worker,
 * and another organization's single media overtakes the rest of that batch.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { MediaStatus } from '@palabre/shared';
import { conversations } from '../../src/db/schema.ts';
import { defineJob } from '../../src/jobs/registry.ts';
import { jobDefinitions } from '../../src/job-definitions.ts';
import { createOrganization, insertMedia, startTestServer, type TestServer } from '../harness/server.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server whose preprocessing marks the media, then waits until the test releases it. */
async function gatedServer(env: Record<string, string>) {
  const gates = new Map<string, () => void>();
  const started: string[] = [];
  const jobs = jobDefinitions.map((definition) =>
    definition.name !== 'media.preprocess'
      ? definition
      : defineJob('media.preprocess', {
          ...definition,
          handler: async (ctx, { conversationId }) => {
            started.push(conversationId);
            await ctx.db.update(conversations).set({ status: 'preprocessing' }).where(eq(conversations.id, conversationId));
            await new Promise<void>((resolve) => gates.set(conversationId, resolve));
            await ctx.db.update(conversations).set({ status: 'done' }).where(eq(conversations.id, conversationId));
          },
        }),
  );
  server = await startTestServer({ env, start: { jobs, pollingIntervalSeconds: 0.5 } });
  const s = server;
  const status = async (id: string) => (await s.ctx.db.select().from(conversations).where(eq(conversations.id, id)))[0]!.status;
  /** Waits until one of the media has the status, and answers which one. */
  const waitForAny = async (ids: string[], wanted: MediaStatus): Promise<string> => {
    // A busy machine delays the workers' polling: 40 s is the bound (under the test's own
    // timeout, so that the queue below is shown), not the expectation.
    for (let n = 0; n < 400; n++) {
      for (const id of ids) if ((await status(id)) === wanted) return id;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // What the queue held, to tell a starved job from a lost one.
    const { rows } = await s.running.db.executeSql(
      `SELECT data->>'conversationId' AS media, state, priority, start_after FROM pgboss.job WHERE name = 'media.preprocess' ORDER BY created_on`,
      [],
    );
    throw new Error(`none of ${ids.join(', ')} became ${wanted}; queue: ${JSON.stringify(rows)}`);
  };
  const waitFor = (id: string, wanted: MediaStatus) => waitForAny([id], wanted);
  const release = (id: string) => gates.get(id)?.();
  const organization = async () => {
    const owner = await s.quickUser();
    const org = await createOrganization(owner.client);
    return async () => {
      const id = await insertMedia(s, { organizationId: org._id, ownerId: owner.id, status: 'pending', progress: 0 });
      await s.ctx.jobs.send('media.preprocess', { conversationId: id });
      return id;
    };
  };
  return { s, status, waitFor, waitForAny, release, organization, started };
}

describe('job workers and organizations', () => {
  it("caps one organization's running jobs per queue: another organization's media starts while the batch is still running", async () => {
    const { status, waitFor, waitForAny, release, organization } = await gatedServer({ MEDIA_JOB_CONCURRENCY: '2', MEDIA_JOB_CONCURRENCY_PER_ORGANIZATION: '1' });
    const addA = await organization();
    const addB = await organization();
    const batch = [await addA(), await addA(), await addA()];
    // Two workers may fetch two of A's media at once: whichever takes A's slot first runs.
    const running = await waitForAny(batch, 'preprocessing');
    const single = await addB();
    await waitFor(single, 'preprocessing');
    // A's batch is not over: its other media still wait, although a worker was free for them.
    for (const id of batch.filter((id) => id !== running)) expect(await status(id)).toBe('pending');

    // The media put back are not lost: the batch goes through, never two of A at once.
    release(single);
    const finished = new Set<string>();
    for (let n = 0; n < 600 && finished.size < batch.length; n++) {
      const statuses = await Promise.all(batch.map(status));
      expect(statuses.filter((s) => s === 'preprocessing').length).toBeLessThanOrEqual(1);
      batch.forEach((id, i) => {
        if (statuses[i] === 'preprocessing') release(id);
        if (statuses[i] === 'done') finished.add(id);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(finished.size).toBe(batch.length);
  });

  it("with a single worker, an organization's first media overtakes the rest of another's batch", async () => {
    const { waitFor, release, organization, started } = await gatedServer({ MEDIA_JOB_CONCURRENCY: '1', MEDIA_JOB_CONCURRENCY_PER_ORGANIZATION: '1' });
    const addA = await organization();
    const addB = await organization();
    const batch = [await addA(), await addA(), await addA()];
    await waitFor(batch[0]!, 'preprocessing');
    const single = await addB();
    release(batch[0]!);
    await waitFor(single, 'preprocessing');
    expect(started.slice(0, 2)).toEqual([batch[0], single]);
    release(single);
  });
});
