/**
 * `palabre bench scale`: load figures for several nodes on one PostgreSQL and one bucket, on
 * loopback only. A throwaway PostgreSQL cluster, an s3rver bucket (its own process) and the nodes —
 * two API nodes (with the collaboration socket), a worker and a live node, each `bin/palabre serve --role …`
 * in its own process group (nodes.ts) — are started; this process seeds the database directly
 * (accounts, a library, a three-hour document) and then loads the API nodes as clients would:
 *
 * 1. uploads: N concurrent uploads of a short recording split across the two API nodes: per-upload
 *    latency, total time, and how many were processed by the worker within a bound;
 * 2. viewers: N anonymous session-socket viewers split across the API nodes watch one live session
 *    whose audio is streamed in real time into the live node (ingest WebSocket): audio sent → caption
 *    received per node, and finals a viewer lost;
 * 3. editors: N collaboration clients on one three-hour document, alternately on either node, each
 *    typing a marker at a fixed rate into its own turn; a watcher on each node notes when markers
 *    typed on the other node arrive: edit sent → seen on the other node, and the acknowledgement
 *    time; the nodes' CPU and memory meanwhile (/proc);
 * 4. users: N concurrent users alternating the library list and a search on either node for a
 *    fixed time over a seeded library: requests per second, p50/p95 per call.
 *
 * Every process stops at the end, on error, and on Ctrl-C (SIGINT/SIGTERM); a watchdog kills the
 * nodes should this process be killed hard.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as Y from 'yjs';
import { textOf, turnsOf } from '@palabre/shared/collab';
import { loadConfig } from '../config.ts';
import { createOrganization } from '../organizations/service.ts';
import { startServer, type RunningServer } from '../server.ts';
import { transcriberProfiles } from '../db/schema.ts';
import { usersRepo } from '../users/repo.ts';
import { createAccount } from '../users/service.ts';
import { BenchClient } from './api.ts';
import { EditorClient } from './editor-client.ts';
import { quietAudio, seedEditorMedia } from './editor-seed.ts';
import { seedLibrary, PLANTED } from './library-seed.ts';
import { processCpuSeconds, processRss } from './live.ts';
import { dataFolder, httpReady, killGroup, listens, migrate, printedReady, spawnNode, startWatchdog, stopNode, tail, type NodeIdentity } from './nodes.ts';
import { machine, markdownTable, mib, textTable, today, writeSection, type Cell } from './report.ts';
import { callFigures, latency, p50p95, type Latency, type Timed } from './scale-figures.ts';
import { syntheticTranscript } from './synthetic-transcript.ts';
import { viewerFigures } from './viewers-figures.ts';
import { connectViewers, descendantsCpu, loopUnit, MESSAGE_MS, quiet, startPublicSession, stream } from './viewers.ts';

export interface ScaleOptions {
  seconds: number;
  uploads: number;
  viewers: number;
  editors: number;
  users: number;
  /** Media seeded in the library the users list and search. */
  library: number;
  fixtures: string;
  write: boolean;
}

const API = '/cm-api/api';
/** Uploads still being processed after this are counted as not processed. */
const PROCESSING_BOUND_MS = 120_000;
/** Edits per second of each editor. */
const EDIT_RATE = 2;
/** Everything is killed after this, whatever the run is doing. */
const TIME_LIMIT_S = 20 * 60;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => console.log(`[scale] ${message}`);

interface Node extends NodeIdentity {
  roles: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/**
 * CPU seconds of a node and its engines: the process's own time, its waited-for children's (engines
 * that ended), and the time of the descendants running now. Differences of two readings are the
 * tree's CPU in between, engines that started or ended meanwhile included.
 */
function treeCpuSeconds(pid: number): number {
  let reaped = 0;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // cutime and cstime are fields 16 and 17 of the whole line, 14 and 15 after "pid (comm) ".
    reaped = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    // gone
  }
  let running = 0;
  for (const seconds of descendantsCpu(pid).values()) running += seconds;
  return processCpuSeconds(pid) + reaped + running;
}

/** Samples the nodes' CPU (share of one core, engines included) and peak RSS (the node process) while `work` runs. */
async function measured<T>(
  nodes: ReadonlyArray<{ name: string; pid: number }>,
  work: () => Promise<T>,
): Promise<{ result: T; usage: Map<string, { cpu: number; rssPeak: number }> }> {
  const before = new Map(nodes.map((node) => [node.name, treeCpuSeconds(node.pid)]));
  const peaks = new Map(nodes.map((node) => [node.name, processRss(node.pid)]));
  const timer = setInterval(() => {
    for (const node of nodes) peaks.set(node.name, Math.max(peaks.get(node.name)!, processRss(node.pid)));
  }, 500);
  const started = performance.now();
  try {
    const result = await work();
    const wall = (performance.now() - started) / 1000;
    const usage = new Map(nodes.map((node) => [node.name, { cpu: (treeCpuSeconds(node.pid) - before.get(node.name)!) / wall, rssPeak: peaks.get(node.name)! }]));
    return { result, usage };
  } finally {
    clearInterval(timer);
  }
}

/** The throwaway environment: database, bucket, nodes, and the bench's own handle on the database. */
class Stage {
  readonly home = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-bench-scale-'));
  readonly nodes: Node[] = [];
  private readonly cleanups: Array<() => Promise<void> | void> = [];
  private env: Record<string, string> = {};
  control!: RunningServer;
  /** The PostgreSQL server's main process (its backends are its children). */
  postgresPid = 0;

  async open(): Promise<void> {
    fs.writeFileSync(path.join(this.home, 'process-groups'), '');
    const watchdog = startWatchdog(process.pid, this.home, TIME_LIMIT_S);
    this.cleanups.push(() => void (watchdog.pid && spawnSync('kill', ['-9', '--', `-${watchdog.pid}`])));
    this.cleanups.push(() => fs.rmSync(this.home, { recursive: true, force: true }));
    // initdb + pg_ctl from the PostgreSQL binaries (test tooling shipped with the sources, as `bench library` uses it), s3rver (a development dependency).
    const { startPostgres } = await import('../../test/harness/postgres.ts');
    const { startS3ServerProcess } = await import('./s3rver.ts');
    log('Starting a throwaway PostgreSQL cluster and an s3rver bucket…');
    const cluster = await startPostgres();
    this.cleanups.push(() => cluster.stop());
    try {
      this.postgresPid = Number(fs.readFileSync(path.join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      // Its CPU and memory are then left out of the figures.
    }
    const s3 = await startS3ServerProcess({ bucket: 'palabre-bench-scale' });
    this.cleanups.push(() => s3.stop());
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query('CREATE DATABASE palabre_scale');
    await admin.end();
    const url = new URL(cluster.adminUrl);
    url.pathname = '/palabre_scale';
    this.env = {
      DATABASE_URL: url.href,
      ...s3.env(),
      PALABRE_SECRET: `secret-${crypto.randomBytes(24).toString('hex')}`,
      HOST: '127.0.0.1',
      PALABRE_DEFAULT_MODEL: 'none',
      LIVE_RTMP_PORTS: 'off',
      LIVE_SRT_PORTS: 'off',
      LOG_LEVEL: 'warn',
    };
    await migrate(this.home, { ...this.env, PALABRE_DATA_DIR: dataFolder(this.home, 'migrate') });
    const config = loadConfig({ ...this.env, PALABRE_DATA_DIR: dataFolder(this.home, 'control'), PORT: '0', LOG_LEVEL: 'silent' });
    this.control = await startServer(config, { logger: false, listen: false, workers: false });
    this.cleanups.push(() => this.control.close());
  }

  async start(name: string, roles: string): Promise<Node> {
    const { freePort } = await import('../../test/harness/postgres.ts');
    const port = await freePort();
    const identity = { name, url: `http://127.0.0.1:${port}`, logFile: path.join(this.home, `${name}.log`) };
    const { child, exited } = spawnNode(this.home, roles, identity.logFile, {
      ...this.env,
      PALABRE_DATA_DIR: dataFolder(this.home, name),
      PORT: String(port),
      PUBLIC_URL: identity.url,
      PALABRE_NODE_ID: name,
    });
    const node = { ...identity, roles, child, exited };
    this.nodes.push(node);
    try {
      if (listens(roles)) await httpReady(node, exited);
      else await printedReady(node, 0, exited);
    } catch (error) {
      killGroup(child);
      throw new Error(`${(error as Error).message}\n${tail(node.logFile, 40)}`);
    }
    return node;
  }

  /** An account with an open session, created directly in the database; answers its id and access token. */
  async user(): Promise<{ id: string; token: string }> {
    const row = await createAccount(this.control.ctx, {
      email: `scale-${crypto.randomBytes(5).toString('hex')}@bench.example.org`,
      firstname: 'Scale',
      lastname: 'Bench',
      password: null,
      verified: true,
    });
    return { id: row.id, token: (await this.control.ctx.tokens.openSession(row.id, 'signup')).auth_token };
  }

  async token(userId: string): Promise<string> {
    return (await this.control.ctx.tokens.openSession(userId, 'signup')).auth_token;
  }

  async organization(ownerId: string): Promise<string> {
    const row = await usersRepo.byId(this.control.ctx.db, ownerId);
    return (await createOrganization(this.control.ctx, row!, `Scale ${crypto.randomBytes(3).toString('hex')}`)).id;
  }

  /** A new owner, their organization, and a PocketSphinx (English) transcriber profile of it named `profileName`. */
  async transcribingOrganization(profileName: string): Promise<{ owner: { id: string; token: string }; organizationId: string; profileId: string }> {
    const owner = await this.user();
    const organizationId = await this.organization(owner.id);
    const [profile] = await this.control.ctx.db
      .insert(transcriberProfiles)
      .values({ name: profileName, type: 'pocketsphinx', languages: ['en'], translations: [], config: {}, organizationId })
      .returning();
    return { owner, organizationId, profileId: profile!.id };
  }

  async close(): Promise<void> {
    await Promise.all(this.nodes.map((node) => stopNode(node.child, node.exited)));
    for (const cleanup of this.cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`[scale] cleanup: ${(error as Error).message}`);
      }
    }
  }
}

interface UploadFigures {
  count: number;
  errors: number;
  totalMs: number;
  latency: Latency;
  processed: number;
  processedMs: number | null;
}

async function benchUploads(stage: Stage, apis: Node[], count: number, file: string): Promise<UploadFigures> {
  const { owner, organizationId, profileId } = await stage.transcribingOrganization('Scale bench');
  const clients = apis.map((node) => new BenchClient(node.url).useToken(owner.token));
  log(`${count} concurrent uploads of ${path.basename(file)} across ${apis.length} API nodes…`);
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const begin = performance.now();
      try {
        const answer = await clients[i % clients.length]!.uploadFile(organizationId, file, { name: `Upload ${i + 1}`, serviceName: profileId, lang: 'en' });
        return { ms: performance.now() - begin, id: answer.status === 201 ? (answer.body.conversationId as string) : null };
      } catch {
        return { ms: performance.now() - begin, id: null };
      }
    }),
  );
  const totalMs = performance.now() - started;
  const ids = results.flatMap((r) => (r.id ? [r.id] : []));
  let processed = 0;
  let processedMs: number | null = null;
  const reader = clients[0]!;
  while (performance.now() - started < PROCESSING_BOUND_MS) {
    const states = await Promise.all(ids.map(async (id) => (await reader.request('GET', `${API}/conversations/${id}?projection=status`)).body?.status as string | undefined));
    processed = states.filter((status) => status === 'done').length;
    if (states.every((status) => status === 'done' || status === 'error')) {
      processedMs = performance.now() - started;
      break;
    }
    await sleep(1000);
  }
  return { count, errors: count - ids.length, totalMs, latency: latency(results.filter((r) => r.id).map((r) => r.ms)), processed, processedMs };
}

interface ViewerNodeFigures {
  node: string;
  viewers: number;
  final: Latency;
  partial: Latency;
  /** (viewer, final) pairs this node's viewers missed among the finals any viewer got. */
  missing: number;
}

interface ViewersFigures {
  viewers: number;
  seconds: number;
  finals: number;
  perNode: ViewerNodeFigures[];
}

/** A Distribution (median, p95) as a Latency for the tables (count: the samples behind it are not kept). */
const asLatency = (d: { median: number; p95: number }, count: number): Latency => ({ count, p50: d.median, p95: d.p95, max: d.p95 });

async function benchViewers(stage: Stage, apis: Node[], live: Node, count: number, seconds: number, fixture: string): Promise<ViewersFigures> {
  const { owner, organizationId, profileId } = await stage.transcribingOrganization('Scale live');
  const operator = new BenchClient(apis[0]!.url).useToken(owner.token);
  const { room, streamKey } = await startPublicSession(operator, organizationId, profileId, 'Scale bench', []);
  log(`${count} viewers on ${apis.length} API nodes, audio streamed into the live node for ${seconds} s…`);
  let lastCaption = performance.now();
  const groups = await Promise.all(
    apis.map((node, i) => connectViewers(node.url, room, Math.floor(count / apis.length) + (i < count % apis.length ? 1 : 0), () => (lastCaption = performance.now()))),
  );
  try {
    const { sendTimes } = await stream(live.url, streamKey, loopUnit(fixture), seconds, () => async () => undefined);
    lastCaption = performance.now();
    await quiet(() => lastCaption);
    const all = viewerFigures(
      groups.flat().map((viewer) => viewer.log),
      sendTimes,
      MESSAGE_MS,
    );
    const perNode = apis.map((node, i) => {
      const logs = groups[i]!.map((viewer) => viewer.log);
      const mine = viewerFigures(logs, sendTimes, MESSAGE_MS);
      // A final any viewer (on either node) got, missing at one of this node's viewers.
      const finalIds = new Set(groups.flat().flatMap((viewer) => [...viewer.log].filter(([, seen]) => seen.final !== undefined).map(([id]) => id)));
      const missing = logs.reduce((sum, viewerLog) => sum + [...finalIds].filter((id) => viewerLog.get(id)?.final === undefined).length, 0);
      return { node: node.name, viewers: logs.length, final: asLatency(mine.final, mine.finals * logs.length), partial: asLatency(mine.partial, mine.finals), missing };
    });
    return { viewers: count, seconds, finals: all.finals, perNode };
  } finally {
    for (const viewer of groups.flat()) viewer.socket.disconnect();
  }
}

interface EditorFigures {
  editors: number;
  seconds: number;
  sent: number;
  seen: Latency;
  ack: Latency;
  lost: number;
  errors: number;
  joinMs: number;
}

async function benchEditors(stage: Stage, apis: Node[], count: number, seconds: number): Promise<EditorFigures> {
  const owner = await stage.user();
  const organizationId = await stage.organization(owner.id);
  const { transcript, duration } = syntheticTranscript();
  const audioDir = fs.mkdtempSync(path.join(stage.home, 'audio-'));
  const audio = await quietAudio(audioDir, Math.ceil(duration));
  const [conversationId] = await seedEditorMedia(stage.control.ctx, { organizationId, ownerId: owner.id, transcript, duration, audio, count: 1 });
  log(`${count} editors of a three-hour document across ${apis.length} API nodes, ${EDIT_RATE} edits/s each for ${seconds} s…`);
  // Markers typed on one node, by marker: its node, turn, and when it was sent.
  const pending = new Map<string, { node: number; turn: number; sent: number }>();
  const seen: number[] = [];
  const joinStart = performance.now();
  const watchers = await Promise.all(apis.map(async (node) => EditorClient.connect(node.url, owner.token)));
  const watchedDocs = await Promise.all(watchers.map((watcher) => watcher.join(conversationId!)));
  const editors = await Promise.all(Array.from({ length: count }, async (_, i) => EditorClient.connect(apis[i % apis.length]!.url, await stage.token(owner.id))));
  await Promise.all(editors.map((editor) => editor.join(conversationId!)));
  const joinMs = performance.now() - joinStart;
  watchedDocs.forEach((doc, watcherNode) => {
    doc.on('update', () => {
      const now = performance.now();
      for (const [marker, edit] of pending) {
        if (edit.node === watcherNode) continue;
        if (textOf(turnsOf(doc).get(edit.turn)).toString().includes(marker)) {
          seen.push(now - edit.sent);
          pending.delete(marker);
        }
      }
    });
  });
  const acks: number[] = [];
  let sent = 0;
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    editors.map(async (editor, i) => {
      await sleep((i * 1000) / EDIT_RATE / count);
      for (let n = 0; performance.now() < until; n++) {
        const marker = ` e${i}k${n}`;
        const turn = i * 7;
        const next = performance.now() + 1000 / EDIT_RATE;
        pending.set(marker, { node: i % apis.length, turn, sent: performance.now() });
        sent += 1;
        try {
          acks.push(await editor.edit(conversationId!, (doc: Y.Doc) => textOf(turnsOf(doc).get(turn)).insert(0, marker)));
        } catch {
          errors += 1;
        }
        await sleep(Math.max(0, next - performance.now()));
      }
    }),
  );
  const tailEnd = performance.now() + 5000;
  while (pending.size > 0 && performance.now() < tailEnd) await sleep(100);
  const lost = pending.size;
  for (const client of [...editors, ...watchers]) client.close();
  return { editors: count, seconds, sent, seen: latency(seen), ack: latency(acks), lost, errors, joinMs };
}

interface UserFigures {
  users: number;
  seconds: number;
  media: number;
  calls: ReturnType<typeof callFigures>;
  perSecond: number;
}

async function benchUsers(stage: Stage, apis: Node[], count: number, seconds: number, media: number): Promise<UserFigures> {
  log(`Seeding a library of ${media} media…`);
  const library = await seedLibrary(stage.control.db, { count: media });
  const calls: Timed[] = [];
  const clients = await Promise.all(Array.from({ length: count }, async (_, i) => new BenchClient(apis[i % apis.length]!.url).useToken(await stage.token(library.ownerId))));
  const requests: Array<{ key: string; run: (client: BenchClient) => Promise<{ status: number }> }> = [
    { key: 'list, newest first', run: (client) => client.request('GET', `${API}/organizations/${library.organizationId}/conversations?page=0&size=20`) },
    {
      key: `search "${PLANTED.common.word}"`,
      run: (client) => client.request('POST', `${API}/conversations/search`, { json: { organizationId: library.organizationId, text: PLANTED.common.word, page: 0, size: 20 } }),
    },
  ];
  // Each client fetches its XSRF cookie before the timed load.
  await Promise.all(clients.map((client) => client.request('GET', `${API}/config`)));
  log(`${count} concurrent users, list and search alternately, for ${seconds} s…`);
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    clients.map(async (client, i) => {
      for (let n = i; performance.now() < until; n++) {
        const request = requests[n % requests.length]!;
        const begin = performance.now();
        const ok = await request.run(client).then(
          (answer) => answer.status === 200,
          () => false,
        );
        calls.push({ key: request.key, ms: performance.now() - begin, ok });
      }
    }),
  );
  const wallMs = performance.now() - started;
  return { users: count, seconds, media: library.count, calls: callFigures(calls, wallMs), perSecond: (calls.filter((c) => c.ok).length * 1000) / wallMs };
}

type Usage = Map<string, { cpu: number; rssPeak: number }>;

function usageLine(usage: Usage): string {
  return `Meanwhile (CPU, peak RSS): ${[...usage].map(([name, { cpu, rssPeak }]) => `${name} ${(cpu * 100).toFixed(0)} % CPU, ${mib(rssPeak)}`).join('; ')}`;
}

function tables(results: {
  uploads: UploadFigures;
  uploadUsage: Usage;
  viewers: ViewersFigures;
  viewerUsage: Usage;
  editors: EditorFigures;
  editorUsage: Usage;
  users: UserFigures;
  userUsage: Usage;
}): Array<{ title: string; header: string[]; rows: Cell[][]; usage: string }> {
  const { uploads, viewers, editors, users } = results;
  return [
    {
      title: `${uploads.count} concurrent uploads (jfk-en.wav, 11 s), split across the two API nodes`,
      header: ['total time', 'per upload p50 / p95', 'errors', 'processed', 'all processed after'],
      rows: [
        [
          `${(uploads.totalMs / 1000).toFixed(1)} s`,
          p50p95(uploads.latency),
          uploads.errors,
          `${uploads.processed} / ${uploads.count - uploads.errors}`,
          uploads.processedMs === null ? `not within ${PROCESSING_BOUND_MS / 1000} s` : `${(uploads.processedMs / 1000).toFixed(1)} s`,
        ],
      ],
      usage: usageLine(results.uploadUsage),
    },
    {
      title: `${viewers.viewers} session-socket viewers split across the two API nodes, one live session streamed into the live node (PocketSphinx, English) for ${viewers.seconds} s: ${viewers.finals} finals`,
      header: ['viewers on', 'viewers', 'audio sent → final received p50 / p95', 'audio sent → word in a partial p50 / p95', 'finals lost'],
      rows: viewers.perNode.map((node): Cell[] => [node.node, node.viewers, p50p95(node.final), p50p95(node.partial), node.missing]),
      usage: usageLine(results.viewerUsage),
    },
    {
      title: `${editors.editors} editors of one three-hour document, split across the two API nodes, ${EDIT_RATE} edits/s each for ${editors.seconds} s`,
      header: ['edits sent', 'sent → seen on the other node p50 / p95', 'acknowledged p50 / p95', 'not seen', 'errors'],
      rows: [[editors.sent, p50p95(editors.seen), p50p95(editors.ack), editors.lost, editors.errors]],
      usage: usageLine(results.editorUsage),
    },
    {
      title: `${users.users} concurrent users (one account) over a seeded library of ${users.media} transcribed media for ${users.seconds} s, split across the two API nodes (${users.perSecond.toFixed(0)} requests/s in all)`,
      header: ['call', 'requests/s', 'p50 / p95', 'errors'],
      rows: users.calls.map((call): Cell[] => [call.key, call.perSecond.toFixed(1), p50p95(call), call.errors]),
      usage: usageLine(results.userUsage),
    },
  ];
}

export async function benchScale(options: ScaleOptions): Promise<number> {
  const stage = new Stage();
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`[scale] ${signal}: stopping every process…`);
    void stage.close().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    await stage.open();
    log('Starting the nodes: two API nodes (with collaboration), a worker and a live node…');
    const a = await stage.start('api-a', 'api,collab');
    const b = await stage.start('api-b', 'api,collab');
    const worker = await stage.start('worker', 'worker');
    const live = await stage.start('live', 'live');
    const apis = [a, b];
    const postgres = stage.postgresPid ? [{ name: 'PostgreSQL', pid: stage.postgresPid }] : [];
    const watched = (nodes: Node[]) => [...nodes.map((node) => ({ name: node.name, pid: node.child.pid! })), ...postgres];
    const fixture = path.join(options.fixtures, 'jfk-en.wav');
    const uploadRun = await measured(watched([a, b, worker, live]), () => benchUploads(stage, apis, options.uploads, fixture));
    // The worker's backlog would weigh on the next figures: it stops here.
    await stopNode(worker.child, worker.exited);
    const rest = watched([a, b, live]);
    const viewerRun = await measured(rest, () => benchViewers(stage, apis, live, options.viewers, options.seconds, fixture));
    const editorRun = await measured(rest, () => benchEditors(stage, apis, options.editors, options.seconds));
    const userRun = await measured(rest, () => benchUsers(stage, apis, options.users, options.seconds, options.library));
    const results = {
      uploads: uploadRun.result,
      uploadUsage: uploadRun.usage,
      viewers: viewerRun.result,
      viewerUsage: viewerRun.usage,
      editors: editorRun.result,
      editorUsage: editorRun.usage,
      users: userRun.result,
      userUsage: userRun.usage,
    };
    const sections = tables(results);
    for (const section of sections) console.log(`\n${section.title}\n${textTable(section.header, section.rows)}\n${section.usage}`);
    const load = os.loadavg()[0]!;
    if (options.write) {
      writeSection(
        'scale',
        [
          '## Several nodes',
          '',
          `Measured ${today()} by \`palabre bench scale\` on ${machine()}.${load > os.availableParallelism() ? ' The 1-minute load was above the core count: other work shared the machine, and latencies are inflated by it.' : ''}`,
          '',
          'All on loopback, on one machine: a throwaway PostgreSQL cluster, an s3rver bucket, two API nodes (`--role api,collab`), a',
          'worker (`--role worker`, PocketSphinx) and a live node (`--role live`), each `bin/palabre serve` in its own process; the',
          'clients run in the bench process. CPU is a share of one core, a node with its engines (PostgreSQL with its backends);',
          'memory is the main process’s peak RSS. The worker is stopped once the upload figures are taken, so that its backlog does',
          'not weigh on the next ones.',
          'Nodes, database, bucket and clients share the same cores, so these figures are a lower bound for separate machines.',
          '',
          ...sections.flatMap((section) => [`**${section.title}**`, '', markdownTable(section.header, section.rows), '', `${section.usage}.`, '']),
        ].join('\n'),
      );
    }
    return 0;
  } catch (error) {
    console.error(`[scale] ${(error as Error).stack ?? String(error)}`);
    for (const node of stage.nodes) console.error(`--- ${node.name}\n${tail(node.logFile, 20)}`);
    return 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (!interrupted) await stage.close();
  }
}
