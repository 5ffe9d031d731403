/**
 * Exports need only the read right, and their writer is shared by everyone: one user, and one
 * organization, have a bounded number of exports being made at once; one more answers 429 at once.
 * The writer is held by the test (each render waits for its release), so what runs at once is
 * known without any timing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RIGHT } from '@palabre/shared';
import { memberships } from '../../src/db/schema.ts';
import type { TestClient } from '../harness/client.ts';
import { createCast, type Cast } from '../harness/cast.ts';
import { startTestServer, type TestServer } from '../harness/server.ts';
import { makeTranscript, seedTranscribedMedia } from '../harness/transcripts.ts';
import type * as RenderModule from '../../src/exports/render.ts';

const writer = vi.hoisted(() => ({ started: 0, held: [] as Array<() => void> }));

vi.mock('../../src/exports/render.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof RenderModule>();
  return {
    ...actual,
    render: async (...args: Parameters<typeof actual.render>) => {
      writer.started++;
      await new Promise<void>((resolve) => writer.held.push(resolve));
      return actual.render(...args);
    },
  };
});

let server: TestServer;
let one: Cast;
let other: Cast;
let colleague: Cast['reader'];
let mediaId: string;
let otherMediaId: string;

beforeAll(async () => {
  server = await startTestServer({ env: { EXPORTS_PER_USER: '2', EXPORTS_PER_ORGANIZATION: '3' } });
  one = await createCast(server);
  other = await createCast(server);
  colleague = await server.quickUser();
  await server.ctx.db.insert(memberships).values({ organizationId: one.orgId, userId: colleague.id, role: 1 });
  const transcript = makeTranscript([{ speaker: 'spk1', text: 'The budget is fine.' }]);
  mediaId = await seedTranscribedMedia(server, { organizationId: one.orgId, ownerId: one.owner.id, membersRight: RIGHT.READ, transcript });
  otherMediaId = await seedTranscribedMedia(server, { organizationId: other.orgId, ownerId: other.owner.id, membersRight: RIGHT.READ, transcript });
}, 60_000);
afterAll(async () => {
  for (const release of writer.held.splice(0)) release();
  await server?.close();
});

const exportPdf = (client: TestClient, id = mediaId) => client.request('POST', `/cm-api/api/conversations/${id}/download`, { json: {}, query: { format: 'pdf' } });

/** Waits until `count` renders have started (bounded: a busy machine is slow, not wrong). */
async function rendersStarted(count: number): Promise<void> {
  for (let n = 0; n < 300 && writer.started < count; n++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(writer.started).toBe(count);
}

/** The answer, failing as soon as the export started rendering instead of being refused. */
async function refusedAtOnce(request: Promise<{ status: number; body: any }>, startedBefore: number) {
  const answer = await Promise.race([
    request,
    (async () => {
      while (writer.started === startedBefore) await new Promise((resolve) => setTimeout(resolve, 20));
      return null;
    })(),
  ]);
  expect(answer, 'the export was made to wait for the writer instead of being refused').not.toBeNull();
  expect(answer!.status).toBe(429);
  expect(answer!.body.code).toBe('too_many_requests');
}

describe('export fair share', () => {
  it('a reader has at most two exports being made and an organization three; others still export; the slots come back', async () => {
    const mine = [exportPdf(one.reader.client), exportPdf(one.reader.client)];
    await rendersStarted(2);
    // A third one of the same reader is refused at once, whatever the writer is doing.
    await refusedAtOnce(exportPdf(one.reader.client), 2);

    // A colleague takes the organization's last slot; then the organization has none left.
    const colleagues = exportPdf(colleague.client);
    await rendersStarted(3);
    await refusedAtOnce(exportPdf(one.writer.client), 3);

    // Another organization's reader is not held up.
    const theirs = exportPdf(other.reader.client, otherMediaId);
    await rendersStarted(4);

    for (const release of writer.held.splice(0)) release();
    for (const answer of await Promise.all([...mine, colleagues, theirs])) expect(answer.status).toBe(200);

    // Every slot was given back: the reader exports again.
    const again = exportPdf(one.reader.client);
    await rendersStarted(5);
    writer.held.splice(0).forEach((release) => release());
    expect((await again).status).toBe(200);
  });
});
