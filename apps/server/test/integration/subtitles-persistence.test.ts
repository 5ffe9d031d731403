/**
 * A subtitle version's screen document keeps every acknowledged edit when its server process is
 * killed with SIGKILL: the next process serves it from the stored state and update log.
 */
import type * as Y from 'yjs';
import { afterAll, describe, expect, it } from 'vitest';
import { readScreens } from '@palabre/shared/subtitles';
import { connectCollab } from '../harness/collab-client.ts';
import { TestClient } from '../harness/server.ts';
import { serverHome } from '../harness/server-process.ts';
import { subtitleTranscript, versionPath, versionsPath } from '../harness/subtitles.ts';

interface Seeded {
  url: string;
  token: string;
  conversationId: string;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const textAt = (doc: Y.Doc, i: number) => (doc.getArray<Y.Map<unknown>>('screens').get(i).get('text') as Y.Text).toString();

describe('persistence of subtitle documents', () => {
  it('keeps every acknowledged screen edit across kill -9', { timeout: 120_000 }, async () => {
    const home = await serverHome('palabre-subtitles-', cleanups);
    const first = await home.spawn<Seeded>({ seedTranscript: subtitleTranscript() });
    const { url, token, conversationId } = first.ready;
    const api = new TestClient(url);
    api.authToken = token;
    const created = await api.post(versionsPath(conversationId), { name: 'Durable' });
    expect(created.status).toBe(201);
    const subtitleId = created.body._id as string;

    const client = await connectCollab(url, token);
    const joined = await client.join(conversationId, { subtitleId });
    const screens = joined.doc.getArray<Y.Map<unknown>>('screens').length;
    for (let i = 0; i < screens; i += 1) {
      expect(await joined.edit((doc) => (doc.getArray<Y.Map<unknown>>('screens').get(i).get('text') as Y.Text).insert(0, `e${i} `))).toEqual({ ok: true });
    }
    const expected = readScreens(joined.doc);
    await first.kill();
    await client.close();

    const second = await home.spawn<{ url: string }>();
    const again = await connectCollab(second.ready.url, token);
    const reopened = await again.join(conversationId, { subtitleId });
    for (let i = 0; i < screens; i += 1) expect(textAt(reopened.doc, i).startsWith(`e${i} `)).toBe(true);
    expect(readScreens(reopened.doc)).toEqual(expected);
    await again.close();
    const rest = new TestClient(second.ready.url);
    rest.authToken = token;
    expect((await rest.get(versionPath(conversationId, subtitleId))).body.screenList).toEqual(expected);
    await second.stop();
  });
});
