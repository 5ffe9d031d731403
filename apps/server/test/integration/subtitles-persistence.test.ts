/**
 * A subtitle version's screen document keeps every acknowledged edit when its server process is
 * killed with SIGKILL: the next process serves it from the stored state and update log.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as Y from 'yjs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { readScreens } from '@palabre/shared/subtitles';
import { connectCollab } from '../harness/collab-client.ts';
import { freePort } from '../harness/postgres.ts';
import { createDatabase, TestClient } from '../harness/server.ts';
import { spawnServer, type ServerProcess } from '../harness/server-process.ts';
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
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-subtitles-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const database = inject('testDatabase') === 'postgres' ? await createDatabase(inject('postgresAdminUrl')) : undefined;
    if (database) cleanups.push(() => database.drop());
    const env = {
      PALABRE_DATA_DIR: dataDir,
      DATABASE_URL: database?.url,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      PALABRE_SECRET: `secret-${crypto.randomBytes(24).toString('hex')}`,
      PALABRE_DEFAULT_MODEL: 'none',
      LOG_LEVEL: 'silent',
    };
    const running: Array<ServerProcess<unknown>> = [];
    cleanups.push(async () => {
      for (const server of running) if (server.child.exitCode === null) await server.kill();
    });
    const seed = path.join(dataDir, 'seed.json');
    fs.writeFileSync(seed, JSON.stringify(subtitleTranscript()));
    const first = await spawnServer<Seeded>({ ...env, SEED_TRANSCRIPT_FILE: seed });
    running.push(first);
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

    const second = await spawnServer<{ url: string }>(env);
    running.push(second);
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
