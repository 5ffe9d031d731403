/**
 * Nothing acknowledged is lost: a server process killed with SIGKILL in the middle of editing comes
 * back with every change it acknowledged, and the stored transcript (which search reads) follows.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { textOf, turnsOf } from '@palabre/shared/collab';
import { openDatabase } from '../../src/db/client.ts';
import { conversations, transcriptUpdates } from '../../src/db/schema.ts';
import { connectCollab } from '../harness/collab-client.ts';
import { TestClient } from '../harness/server.ts';
import { serverHome } from '../harness/server-process.ts';
import { longTranscript } from '../harness/collab-fixtures.ts';

interface Seeded {
  url: string;
  token: string;
  organizationId: string;
  conversationId: string;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('persistence of transcript documents', () => {
  it('keeps every acknowledged change across kill -9, and the stored transcript and search follow', { timeout: 240_000 }, async () => {
    const home = await serverHome('palabre-collab-', cleanups);
    const first = await home.spawn<Seeded>({ seedTranscript: longTranscript(300, 15) });
    const { url, token, organizationId, conversationId } = first.ready;
    const client = await connectCollab(url, token);
    const joined = await client.join(conversationId);
    const acknowledged: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const ack = await joined.edit((doc) => textOf(turnsOf(doc).get(i)).insert(0, `${i === 0 ? 'zanzibar' : `mot${i}`} `));
      expect(ack).toEqual({ ok: true });
      acknowledged.push(i);
    }
    // More edits under way when the process dies: those acknowledged before it count.
    const inFlight = Array.from({ length: 10 }, (_, k) => 20 + k).map((i) =>
      joined
        .edit((doc) => textOf(turnsOf(doc).get(i)).insert(0, `mot${i} `))
        .then((ack) => {
          if (ack.ok) acknowledged.push(i);
        })
        .catch(() => undefined),
    );
    await first.kill();
    await Promise.all(inFlight);
    await client.close();

    const second = await home.spawn<{ url: string }>();
    const again = await connectCollab(second.ready.url, token);
    const reopened = await again.join(conversationId);
    const segment = (i: number) => textOf(turnsOf(reopened.doc).get(i)).toString();
    for (const i of acknowledged) expect(segment(i).startsWith(`${i === 0 ? 'zanzibar' : `mot${i}`} `), `turn ${i}`).toBe(true);
    for (let i = 30; i < 35; i += 1) expect(segment(i)).not.toMatch(/^mot/);
    // The last one out writes the stored transcript.
    await again.close();
    const api = new TestClient(second.ready.url);
    api.authToken = token;
    const search = async () => {
      const response = await api.post('/cm-api/api/conversations/search', { organizationId, text: 'zanzibar', searchType: 'text' });
      return response.status === 200 ? (response.body.list as Array<{ _id: string }>).map((c) => c._id) : response.body;
    };
    await expect.poll(search, { timeout: 15_000 }).toEqual([conversationId]);
    await second.stop();

    const handle = await openDatabase({ databaseUrl: home.databaseUrl, dataDir: home.dataDir });
    try {
      const [row] = await handle.db.select({ transcript: conversations.transcript }).from(conversations).where(eq(conversations.id, conversationId));
      for (const i of acknowledged) expect(row!.transcript!.text[i]!.segment.split(' ')[0]).toBe(i === 0 ? 'zanzibar' : `mot${i}`);
      // Closing folded the log into the compacted state.
      const log = await handle.db.select({ id: transcriptUpdates.id }).from(transcriptUpdates).where(eq(transcriptUpdates.conversationId, conversationId));
      expect(log.length).toBeLessThan(acknowledged.length);
    } finally {
      await handle.close();
    }
  });
});
