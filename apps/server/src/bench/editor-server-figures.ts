/**
 * Server figures of `palabre bench editor`, through the collaboration socket (editor-client.ts):
 * - memory per open three-hour document: the server's RSS and heap (after a full garbage
 *   collection) before and after clients joined N distinct documents, divided by N;
 * - CPU per 100 edits/s: writers send one-character updates to one document at that rate for a few
 *   seconds (spread over several sockets: one socket may send at most COLLAB_LIMITS.updatesPerSecond),
 *   and the server process's CPU time over that span, above the same span idle, is divided by the
 *   edits it acknowledged. Each writer, like the web client, waits for an update's acknowledgement
 *   before sending the next, which carries everything typed meanwhile.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { COLLAB_LIMITS } from '@palabre/shared';
import { EditorClient, typeInTurn } from './editor-client.ts';
import type { EditorServer, Usage } from './editor-server.ts';
import { median } from './report.ts';
import { percentile } from './library.ts';

export interface MemoryFigures {
  documents: number;
  /** Time for a client to join each document (cold: loaded from the database), ms. */
  joinMs: number[];
  before: Usage;
  open: Usage;
  /** 15 s after every client left. */
  left: Usage;
}

export interface CpuFigures {
  rate: number;
  seconds: number;
  writers: number;
  /** One-character edits typed, updates that carried them, updates and edits acknowledged. */
  edits: number;
  sent: number;
  acknowledged: number;
  acknowledgedEdits: number;
  refused: number;
  /** Why updates were refused (error → count). */
  reasons: Record<string, number>;
  /** From the first edit to the last answer (s). */
  wall: number;
  /** Server CPU time per wall second (ms/s) while idle with the writers joined, and while editing. */
  idleCpuMsPerSecond: number;
  busyCpuMsPerSecond: number;
  /** Server CPU time per acknowledged edit, above idle (ms). */
  cpuMsPerEdit: number;
  ackP50: number;
  ackP95: number;
  /** Updates the observer (a client that only watches) received. */
  relayed: number;
}

const cpuMs = (a: Usage, b: Usage) => (b.cpu.user + b.cpu.system - a.cpu.user - a.cpu.system) / 1000;

export async function measureMemory(server: EditorServer, token: string, ids: readonly string[], log: (line: string) => void): Promise<MemoryFigures> {
  const before = await server.usage();
  const clients: EditorClient[] = [];
  const joinMs: number[] = [];
  for (const [i, id] of ids.entries()) {
    if (i % COLLAB_LIMITS.maxJoinedDocuments === 0) clients.push(await EditorClient.connect(server.url, token));
    const started = performance.now();
    await clients[clients.length - 1]!.join(id);
    joinMs.push(performance.now() - started);
    log(`  joined document ${i + 1}/${ids.length} in ${joinMs[i]!.toFixed(0)} ms`);
  }
  await sleep(2000);
  const open = await server.usage();
  for (const client of clients) client.close();
  // Long enough for the server to let go of documents nobody has open.
  await sleep(15_000);
  const left = await server.usage();
  return { documents: ids.length, joinMs, before, open, left };
}

export async function measureCpu(server: EditorServer, token: string, id: string, options: { rate: number; seconds: number }, log: (line: string) => void): Promise<CpuFigures> {
  // Each socket stays well under its rate limit.
  const writers = Math.max(1, Math.ceil(options.rate / (COLLAB_LIMITS.updatesPerSecond * 0.6)));
  const clients: EditorClient[] = [];
  for (let i = 0; i < writers; i++) {
    const client = await EditorClient.connect(server.url, token);
    await client.join(id);
    clients.push(client);
  }
  const observer = await EditorClient.connect(server.url, token);
  await observer.join(id);
  const turns = clients[0]!.docs.get(id)!.getArray('turns').length;

  await sleep(1000);
  const idleStart = await server.usage();
  const idleWall = performance.now();
  await sleep(options.seconds * 1000);
  const idleCpu = cpuMs(idleStart, await server.usage()) / ((performance.now() - idleWall) / 1000);

  log(`  ${writers} writers, ${options.rate} edits/s for ${options.seconds} s`);
  const relayedBefore = observer.received;
  const acks: number[] = [];
  const reasons: Record<string, number> = {};
  let refused = 0;
  let sent = 0;
  let acknowledgedEdits = 0;
  // Like the web client, a writer has one update waiting for its acknowledgement at most; what is
  // typed meanwhile goes in its next update. A slow server gets fewer, bigger updates, not a backlog.
  const queued: string[] = Array.from({ length: writers }, () => '');
  const busy: boolean[] = Array.from({ length: writers }, () => false);
  const send = (w: number) => {
    if (busy[w] || queued[w] === '') return;
    const text = queued[w]!;
    queued[w] = '';
    busy[w] = true;
    sent += 1;
    // Each writer types at the end of its own turn in the middle third of the document.
    const turn = Math.floor(turns / 3) + w * 7;
    clients[w]!.edit(id, (doc) => typeInTurn(doc, turn, Number.MAX_SAFE_INTEGER, text))
      .then((ms) => {
        acks.push(ms);
        acknowledgedEdits += text.length;
      })
      .catch((error: unknown) => {
        refused += 1;
        const reason = error instanceof Error ? error.message : String(error);
        reasons[reason] = (reasons[reason] ?? 0) + 1;
      })
      .finally(() => {
        busy[w] = false;
        send(w);
      });
  };
  const total = options.rate * options.seconds;
  const busyStart = await server.usage();
  const started = performance.now();
  // Types whatever the schedule says is due every few milliseconds, so timer drift does not lower the rate.
  for (let typed = 0; typed < total;) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * options.rate) + 1);
    for (; typed < due; typed++) {
      const w = typed % writers;
      queued[w] += String.fromCharCode(97 + (typed % 26));
      send(w);
    }
    await sleep(4);
  }
  const deadline = performance.now() + 60_000;
  while ((busy.some(Boolean) || queued.some((q) => q !== '')) && performance.now() < deadline) await sleep(10);
  const wall = (performance.now() - started) / 1000;
  const busyCpuMs = cpuMs(busyStart, await server.usage());
  const busyCpu = busyCpuMs / wall;
  await sleep(500);
  const relayed = observer.received - relayedBefore;
  for (const client of [...clients, observer]) client.close();
  return {
    rate: options.rate,
    seconds: options.seconds,
    writers,
    edits: total,
    sent,
    acknowledged: acks.length,
    acknowledgedEdits,
    refused,
    reasons,
    wall,
    idleCpuMsPerSecond: idleCpu,
    busyCpuMsPerSecond: busyCpu,
    cpuMsPerEdit: acknowledgedEdits ? (busyCpuMs - idleCpu * wall) / acknowledgedEdits : NaN,
    ackP50: acks.length ? median(acks) : NaN,
    ackP95: acks.length ? percentile(acks, 0.95) : NaN,
    relayed,
  };
}
