/**
 * Figures for docs/PERFORMANCE.md: memory of one open three-hour document, time to load it, and the
 * cost of one update (apply, check, store). Run: node apps/server/test/harness/measure-documents.ts
 * (PGlite in a temporary folder, or DATABASE_URL).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as Y from 'yjs';
import { textOf, turnsOf } from '@palabre/shared/collab';
import { DocumentRegistry } from '../../src/collab/registry.ts';
import { openDatabase } from '../../src/db/client.ts';
import { conversations, organizations, users } from '../../src/db/schema.ts';
import { longTranscript } from './collab-fixtures.ts';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const heap = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, rss: m.rss, arrayBuffers: m.arrayBuffers };
};
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-measure-'));
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
try {
  await handle.migrate();
  const db = handle.db;
  const [user] = await db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.org`, firstname: 'A', lastname: 'B' })
    .returning();
  const [org] = await db
    .insert(organizations)
    .values({ name: `m-${crypto.randomUUID()}`, ownerId: user!.id, permissions: { upload: 1, summary: 1, session: 1 } as never })
    .returning();
  const transcript = longTranscript(2000, 15);
  const [media] = await db
    .insert(conversations)
    .values({ organizationId: org!.id, ownerId: user!.id, name: 'three hours', status: 'done', duration: 3 * 3600, transcript })
    .returning();
  const id = media!.id;
  console.log(`transcript: ${transcript.text.length} turns, ${transcript.text.reduce((n, t) => n + t.words.length, 0)} words, JSON ${mb(JSON.stringify(transcript).length)}`);

  // First open builds the document from the transcript and stores its state.
  let registry = new DocumentRegistry({ db, log: silent });
  let started = performance.now();
  await registry.hold(id);
  await registry.release(id);
  console.log(`first open (document built from the transcript and stored): ${(performance.now() - started).toFixed(0)} ms`);
  await registry.close();

  const before = heap();
  registry = new DocumentRegistry({ db, log: silent });
  started = performance.now();
  await registry.hold(id);
  const loadMs = performance.now() - started;
  const after = heap();
  console.log(
    `load from the compacted state: ${loadMs.toFixed(0)} ms; memory +${mb(after.heapUsed - before.heapUsed)} heap, +${mb(after.arrayBuffers - before.arrayBuffers)} buffers, rss +${mb(after.rss - before.rss)}`,
  );

  // Updates as a client sends them: one character typed somewhere.
  const client = new Y.Doc();
  Y.applyUpdate(client, (await registry.sync(id, Y.encodeStateVector(client))).update);
  const times: number[] = [];
  for (let i = 0; i < 500; i += 1) {
    let update: Uint8Array | null = null;
    client.once('update', (u: Uint8Array) => (update = u));
    const text = textOf(turnsOf(client).get((i * 37) % 2000));
    text.insert(Math.min(3, text.length), 'x');
    started = performance.now();
    await registry.applyUpdate(id, update!, user!.id, 'measure');
    times.push(performance.now() - started);
  }
  console.log(`update (apply + check + store): median ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, max ${Math.max(...times).toFixed(1)} ms`);
  await registry.release(id);
  await registry.close();

  // Loading with a log: state plus 500 unfolded updates (a crash before any fold).
  registry = new DocumentRegistry({ db, log: silent }, { compactionDelayMs: 3_600_000 });
  await registry.hold(id);
  for (let i = 0; i < 500; i += 1) {
    let update: Uint8Array | null = null;
    client.once('update', (u: Uint8Array) => (update = u));
    textOf(turnsOf(client).get((i * 53) % 2000)).insert(0, 'y');
    await registry.applyUpdate(id, update!, user!.id, 'measure');
  }
  await registry.flush();
  const second = new DocumentRegistry({ db, log: silent });
  started = performance.now();
  await second.read(id);
  console.log(`load from the state plus 500 logged updates: ${(performance.now() - started).toFixed(0)} ms`);
  await second.close();
  await registry.close();
} finally {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
