/**
 * The read right suffices to burn subtitles into a media's video, and each burn holds a media-step
 * worker for minutes: one user has a bounded number of burns queued or running, across versions and
 * media. Jobs are recorded, not run, so the burns stay queued as long as the test needs.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RIGHT, type SubtitleVersion } from '@palabre/shared';
import { conversations, subtitleBurns } from '../../src/db/schema.ts';
import { createCast, type Cast } from '../harness/cast.ts';
import { startTestServer, type TestServer } from '../harness/server.ts';
import { subtitleTranscript, versionPath, versionsPath } from '../harness/subtitles.ts';
import { seedTranscribedMedia } from '../harness/transcripts.ts';

let server: TestServer;
let cast: Cast;
const sent: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { BURNS_PER_USER: '2' } });
  server.ctx.jobs = { send: async (name) => void sent.push(name) };
  cast = await createCast(server);
}, 60_000);
afterAll(() => server?.close());

/** A media with a video (as the rendition job records it) and `count` subtitle versions. */
async function videoWithVersions(count: number): Promise<{ id: string; versions: string[] }> {
  const id = await seedTranscribedMedia(server, { organizationId: cast.orgId, ownerId: cast.owner.id, transcript: subtitleTranscript(), membersRight: RIGHT.READ });
  await server.ctx.db
    .update(conversations)
    .set({ files: { originals: [], video: { key: `media/${id}/video.mp4`, mimeType: 'video/mp4', width: 640, height: 360 } } })
    .where(eq(conversations.id, id));
  const versions: string[] = [];
  for (let n = 0; n < count; n++) {
    const created = await cast.owner.client.post(versionsPath(id), { name: `Version ${n + 1}` });
    expect(created.status).toBe(201);
    versions.push((created.body as SubtitleVersion)._id);
  }
  return { id, versions };
}

const burn = (id: string, subtitleId: string) => cast.reader.client.post(`${versionPath(id, subtitleId)}/burn`);

describe('burns per user', () => {
  it('a reader has at most two burns queued or running, across media; one more answers 429 and leaves nothing; another user still burns', async () => {
    const first = await videoWithVersions(2);
    const second = await videoWithVersions(1);
    const started = await burn(first.id, first.versions[0]!);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect((await burn(second.id, second.versions[0]!)).status).toBe(202);

    const refused = await burn(first.id, first.versions[1]!);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_requests');
    expect(await server.ctx.db.select().from(subtitleBurns).where(eq(subtitleBurns.subtitleId, first.versions[1]!))).toEqual([]);
    expect(sent.filter((name) => name === 'subtitles.burn')).toHaveLength(2);

    // Asking again for a burn already queued is no new burn: it answers that burn.
    expect((await burn(first.id, first.versions[0]!)).status).toBe(202);

    // Another user is not held up by this one.
    const theirs = await cast.writer.client.post(`${versionPath(first.id, first.versions[1]!)}/burn`);
    expect(theirs.status).toBe(202);

    // Once one of the reader's burns is over, the reader may burn again.
    await server.ctx.db.update(subtitleBurns).set({ state: 'failed', error: 'burn_failed' }).where(eq(subtitleBurns.subtitleId, second.versions[0]!));
    const third = await videoWithVersions(1);
    expect((await burn(third.id, third.versions[0]!)).status).toBe(202);
  });
});
