/**
 * `palabre bench viewers`: captions from the ingest to many viewers, end to end. A real server runs
 * as a child process (bench-server.ts, PGlite, no job workers, RTMP and SRT off) so that its CPU,
 * memory and event loop are measured apart from the clients'. This process signs up, creates an
 * organization, a PocketSphinx profile (English, translated to French with Apertium) and, per run,
 * a public session with anonymous access and one channel, started; N anonymous socket.io viewers
 * (websocket transport) join its room; then jfk-en.wav (converted by ffmpeg to 16 kHz mono s16le,
 * looped with a second of silence) is sent in real time over the ingest WebSocket in 100 ms messages
 * on a timer, the send time of each message noted. A run with one viewer is the baseline, a run with
 * N viewers follows, in the same server; a short warm-up stream first starts the translator.
 *
 * Figures (viewers-figures.ts for the matching): final and partial latency against the send time of
 * the words' audio, fan-out (first to last viewer per final), the translated final's extra delay,
 * finals and translations missed by a viewer; the server process's CPU (/proc) and peak RSS, its
 * engines' CPU (the decoder and Apertium, its child processes), its event-loop delay, and this
 * process's own event-loop delay (the viewers' clock runs here).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { LIVE_AUDIO, LIVE_INGEST_PATH, type LiveFinal, type LiveIngestReply, type LivePartial } from '@palabre/shared';
import { BenchClient } from './api.ts';
import { ServerChild } from './bench-server.ts';
import { processCpuSeconds } from './live.ts';
import { machine, markdownTable, textTable, today, writeSection, type Cell } from './report.ts';
import { recordFinal, recordPartial, viewerFigures, type Distribution, type ViewerFigures, type ViewerLog } from './viewers-figures.ts';

const BYTES_PER_SECOND = LIVE_AUDIO.sampleRate * LIVE_AUDIO.channels * LIVE_AUDIO.bytesPerSample;
export const MESSAGE_MS = 100;
const MESSAGE_BYTES = (BYTES_PER_SECOND * MESSAGE_MS) / 1000;
const FIXTURE = 'jfk-en.wav';
const API = '/cm-api/api';
/** Viewers connect this many at a time. */
const CONNECT_BATCH = 25;
/** After the stream ends: captions still arriving are waited for until this long passes without any. */
const QUIET_MS = 3000;
const TAIL_LIMIT_MS = 20_000;
const WARM_UP_SECONDS = 12;

export interface ViewersBenchOptions {
  viewers: number;
  seconds: number;
  fixtures: string;
  write: boolean;
}

interface RunResult {
  viewers: number;
  figures: ViewerFigures;
  partialEvents: number;
  /** Share of one core over the stream's wall time. */
  serverCpu: number;
  enginesCpu: number;
  serverRssPeak: number;
  serverLoopP99: number;
  clientLoopP99: number;
  /** Audio the sender could not send on time (the timer was late), seconds at most. */
  sendBacklogMax: number;
  load: number;
}

/** The PCM of the fixture (ffmpeg: 16 kHz mono s16le), then a second of silence: the loop's unit. */
export function loopUnit(file: string): Buffer {
  const pcm = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-ac', '1', '-ar', String(LIVE_AUDIO.sampleRate), '-f', 's16le', '-'], { maxBuffer: 64 * 1024 * 1024 });
  return Buffer.concat([pcm, Buffer.alloc(BYTES_PER_SECOND)]);
}

/** CPU seconds of each running descendant of a process (the server's decoders and translators), by pid. */
export function descendantsCpu(pid: number): Map<number, number> {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // ppid is field 4 of the whole line, 2 after "pid (comm) ".
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  const cpu = new Map<number, number>();
  const pending = [...(children.get(pid) ?? [])];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    cpu.set(next, processCpuSeconds(next));
    pending.push(...(children.get(next) ?? []));
  }
  return cpu;
}

/** CPU seconds the descendants running now spent since `before` (those started since count whole). */
function descendantsCpuSince(pid: number, before: Map<number, number>): number {
  let total = 0;
  for (const [child, seconds] of descendantsCpu(pid)) total += seconds - (before.get(child) ?? 0);
  return total;
}

/** The benchmark's clock: milliseconds since the epoch, monotonic, comparable with the server's `at`. */
const clock = () => performance.timeOrigin + performance.now();

/** The message of `unit` looped, i-th 100 ms of the stream. */
function message(unit: Buffer, index: number): Buffer {
  const offset = (index * MESSAGE_BYTES) % unit.length;
  const chunk = unit.subarray(offset, offset + MESSAGE_BYTES);
  return chunk.length === MESSAGE_BYTES ? chunk : Buffer.concat([chunk, unit.subarray(0, MESSAGE_BYTES - chunk.length)]);
}

class Bench {
  private readonly client: BenchClient;
  private readonly organizationId: string;
  private readonly profileId: string;
  readonly server: ServerChild;

  private constructor(server: ServerChild, client: BenchClient, organizationId: string, profileId: string) {
    this.server = server;
    this.client = client;
    this.organizationId = organizationId;
    this.profileId = profileId;
  }

  static async start(server: ServerChild, url: string): Promise<Bench> {
    const client = new BenchClient(url);
    const organizationId = await client.signUpWithOrganization();
    const profile = await client.request('POST', `${API}/transcriber_profiles`, {
      json: { name: 'Live bench', type: 'pocketsphinx', languages: ['en'], translations: ['fr'], organizationId },
    });
    if (profile.status !== 201) throw new Error(`profile not created: ${profile.status} ${JSON.stringify(profile.body)}`);
    return new Bench(server, client, organizationId, profile.body._id as string);
  }

  get url(): string {
    return this.client.baseUrl;
  }

  /** A started public session with anonymous access and one channel (English → French): its room and stream key. */
  session(name: string): Promise<{ room: string; streamKey: string }> {
    return startPublicSession(this.client, this.organizationId, this.profileId, name, ['fr']);
  }
}

/** A started public session with anonymous access and one English channel translated into `translations`: its room and stream key. */
export async function startPublicSession(
  client: BenchClient,
  organizationId: string,
  profileId: string,
  name: string,
  translations: string[],
): Promise<{ room: string; streamKey: string }> {
  const created = await client.request('POST', `${API}/organizations/${organizationId}/sessions`, {
    json: {
      name,
      visibility: 'public',
      anonymousAccess: true,
      keepAudio: false,
      channels: [{ name: 'Floor', transcriberProfileId: profileId, languages: ['en'], translations }],
    },
  });
  if (created.status !== 201) throw new Error(`session not created: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body._id as string;
  const read = await client.request('GET', `${API}/sessions/${id}`);
  const started = await client.request('PUT', `${API}/organizations/${organizationId}/sessions/${id}/start`);
  if (started.status !== 200) throw new Error(`session not started: ${started.status} ${JSON.stringify(started.body)}`);
  return { room: `${organizationId}/${id}`, streamKey: read.body.channels[0].streamKey as string };
}

export interface Viewer {
  socket: Socket;
  log: ViewerLog;
  partials: number;
}

/** N anonymous viewers in the room, connected a batch at a time; each notes what it receives and when. */
export async function connectViewers(url: string, room: string, count: number, onCaption: () => void): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  for (let first = 0; first < count; first += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, count - first) }, async () => {
      const socket = io(url, { path: '/cm-api/socket.io', transports: ['websocket'], reconnection: false, forceNew: true });
      const viewer: Viewer = { socket, log: new Map(), partials: 0 };
      socket.on('partial', (partial: LivePartial) => {
        recordPartial(viewer.log, partial.segmentId, partial.text, clock());
        viewer.partials++;
        onCaption();
      });
      socket.on('final', (final: LiveFinal) => {
        recordFinal(viewer.log, final.segmentId, final, clock());
        onCaption();
      });
      viewers.push(viewer);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const joined = (await socket.timeout(10_000).emitWithAck('join_room', room)) as { ok: boolean; error?: string };
      if (!joined.ok) throw new Error(`a viewer could not join the room: ${joined.error}`);
    });
    await Promise.all(batch);
  }
  return viewers;
}

/**
 * Streams `seconds` of the looped unit in real time over the ingest WebSocket. Answers the send time
 * of each message; `measuring` runs once the stream is ready and answers the measurement to end
 * when the last message is sent (before the ingest closes and the engine's last finals).
 */
export async function stream<T>(
  url: string,
  streamKey: string,
  unit: Buffer,
  seconds: number,
  measuring: () => () => Promise<T>,
): Promise<{ sendTimes: number[]; backlogMax: number; measured: T }> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${LIVE_INGEST_PATH}`);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  try {
    const reply = await new Promise<LiveIngestReply>((resolve, reject) => {
      socket.once('open', () => socket.send(JSON.stringify({ type: 'hello', streamKey })));
      socket.once('message', (data) => resolve(JSON.parse(String(data)) as LiveIngestReply));
      socket.once('error', reject);
      socket.once('close', () => reject(new Error('the ingest closed before its reply')));
    });
    if (reply.type !== 'ready') throw new Error(`ingest refused: ${reply.code}`);
    const count = Math.round((seconds * 1000) / MESSAGE_MS);
    const sendTimes: number[] = [];
    let backlogMax = 0;
    const finish = measuring();
    const started = performance.now();
    await new Promise<void>((resolve) => {
      // A timer every 100 ms; messages the timer was late for are sent at once, so the audio keeps
      // pace with the wall clock.
      const tick = () => {
        const due = Math.min(count, Math.floor((performance.now() - started) / MESSAGE_MS) + 1);
        backlogMax = Math.max(backlogMax, ((due - sendTimes.length - 1) * MESSAGE_MS) / 1000);
        while (sendTimes.length < due && socket.readyState === WebSocket.OPEN) {
          socket.send(message(unit, sendTimes.length));
          sendTimes.push(clock());
        }
        if (sendTimes.length >= count || socket.readyState !== WebSocket.OPEN) {
          clearInterval(timer);
          resolve();
        }
      };
      const timer = setInterval(tick, MESSAGE_MS);
      tick();
    });
    if (sendTimes.length < count) throw new Error('the ingest closed during the stream');
    const measured = await finish();
    return { sendTimes, backlogMax, measured };
  } finally {
    socket.close(1000);
    await closed;
  }
}

/** Waits until no caption arrived for QUIET_MS (at most TAIL_LIMIT_MS). */
export async function quiet(lastCaption: () => number): Promise<void> {
  const limit = performance.now() + TAIL_LIMIT_MS;
  while (performance.now() < limit && performance.now() - lastCaption() < QUIET_MS) await new Promise((resolve) => setTimeout(resolve, 200));
}

async function run(bench: Bench, unit: Buffer, viewerCount: number, seconds: number): Promise<RunResult> {
  const { room, streamKey } = await bench.session(`Viewers bench: ${viewerCount}`);
  let lastCaption = performance.now();
  const viewers = await connectViewers(bench.url, room, viewerCount, () => (lastCaption = performance.now()));
  const pid = bench.server.process.pid!;
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  try {
    const { sendTimes, backlogMax, measured } = await stream(bench.url, streamKey, unit, seconds, () => {
      const cpuBefore = { server: processCpuSeconds(pid), engines: descendantsCpu(pid), at: performance.now() };
      const reset = bench.server.ask('reset');
      clientLoop.enable();
      return async () => {
        const wall = (performance.now() - cpuBefore.at) / 1000;
        const serverCpu = (processCpuSeconds(pid) - cpuBefore.server) / wall;
        const enginesCpu = descendantsCpuSince(pid, cpuBefore.engines) / wall;
        await reset;
        const usage = await bench.server.ask('peaks');
        clientLoop.disable();
        return { serverCpu, enginesCpu, rss: usage.peaks.rss, loopP99: usage.loop.p99 };
      };
    });
    lastCaption = performance.now();
    await quiet(() => lastCaption);
    const figures = viewerFigures(
      viewers.map((viewer) => viewer.log),
      sendTimes,
      MESSAGE_MS,
    );
    return {
      viewers: viewerCount,
      figures,
      partialEvents: viewers.reduce((sum, viewer) => sum + viewer.partials, 0),
      serverCpu: measured.serverCpu,
      enginesCpu: measured.enginesCpu,
      serverRssPeak: measured.rss,
      serverLoopP99: measured.loopP99,
      clientLoopP99: clientLoop.percentile(99) / 1e6,
      sendBacklogMax: backlogMax,
      load: os.loadavg()[0]!,
    };
  } finally {
    for (const viewer of viewers) viewer.socket.disconnect();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const ratio = (n: number, base: number) => (Number.isFinite(n) && Number.isFinite(base) && base > 0 ? `×${(n / base).toFixed(2)}` : 'n/a');

function rows(base: RunResult, many: RunResult): Cell[][] {
  const distributionRows = (name: string, pick: (f: ViewerFigures) => Distribution): Cell[][] => {
    const [b, m] = [pick(base.figures), pick(many.figures)];
    return [
      [`${name}: median`, ms(b.median), ms(m.median), ratio(m.median, b.median)],
      [`${name}: p95`, ms(b.p95), ms(m.p95), ratio(m.p95, b.p95)],
    ];
  };
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const mibs = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MiB`;
  const plain = (name: string, format: (x: number) => string, pick: (r: RunResult) => number): Cell[] => [
    name,
    format(pick(base)),
    format(pick(many)),
    ratio(pick(many), pick(base)),
  ];
  const count = (name: string, pick: (r: RunResult) => Cell): Cell[] => [name, String(pick(base)), String(pick(many)), ''];
  return [
    ...distributionRows('final latency', (f) => f.final),
    ...distributionRows('  of which audio sent → final made (engine)', (f) => f.engine),
    ...distributionRows('  of which final made → viewer (delivery)', (f) => f.delivery),
    ...distributionRows('partial latency', (f) => f.partial),
    ...distributionRows('fan-out (first to last viewer)', (f) => f.fanOut),
    ...distributionRows('translation extra delay', (f) => f.translation),
    plain('server CPU (one core)', pct, (r) => r.serverCpu),
    plain('engines CPU (decoder, Apertium)', pct, (r) => r.enginesCpu),
    plain('server RSS, peak', mibs, (r) => r.serverRssPeak),
    plain('server event-loop delay p99', ms, (r) => r.serverLoopP99),
    plain('viewers’ event-loop delay p99', ms, (r) => r.clientLoopP99),
    count('finals (translated)', (r) => `${r.figures.finals} (${r.figures.translated})`),
    count('viewer × final pairs measured', (r) => r.figures.final.count),
    count('partials received (all viewers)', (r) => r.partialEvents),
    count('missing finals / translations', (r) => `${r.figures.missingFinals} / ${r.figures.missingTranslations}`),
    count('load average at the end', (r) => r.load.toFixed(1)),
  ];
}

export async function benchViewers(options: ViewersBenchOptions): Promise<number> {
  const file = path.join(options.fixtures, FIXTURE);
  if (!fs.existsSync(file)) {
    console.error(`Fixture not found: ${file} (use --fixtures <dir>)`);
    return 1;
  }
  const unit = loopUnit(file);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-bench-viewers-'));
  const server = new ServerChild(dataDir, { LIVE_RTMP_PORTS: 'off', LIVE_SRT_PORTS: 'off' });
  const results: RunResult[] = [];
  try {
    const ready = await server.next();
    if (ready.type !== 'ready') throw new Error('unexpected message from the server process');
    const bench = await Bench.start(server, ready.url);
    console.log(`warm-up: ${WARM_UP_SECONDS} s of audio, no viewer (the decoder and the translator start)…`);
    const warmUp = await bench.session('Viewers bench: warm-up');
    await stream(ready.url, warmUp.streamKey, unit, WARM_UP_SECONDS, () => async () => undefined);
    for (const count of [1, options.viewers]) {
      console.log(`${count} viewer${count === 1 ? '' : 's'}, ${options.seconds} s of audio…`);
      results.push(await run(bench, unit, count, options.seconds));
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const [base, many] = results as [RunResult, RunResult];
  const header = ['', '1 viewer', `${options.viewers} viewers`, 'ratio'];
  const table = rows(base, many);
  console.log(`\n${textTable(header, table)}`);
  if (many.figures.missingFinals > 0 || many.figures.missingTranslations > 0) console.log(`\nSome viewers missed captions: see "missing".`);
  if (options.write) writeSection('live:viewers', section(options, base, many, markdownTable(header, table)));
  return 0;
}

function section(options: ViewersBenchOptions, base: RunResult, many: RunResult, table: string): string {
  return `## Live captions to ${options.viewers} viewers: latency and cost

Measured by \`palabre bench viewers --viewers ${options.viewers} --seconds ${options.seconds} --write\` on ${today()}: ${machine()}.

Method: a real server in a child process (PGlite, no job workers, RTMP and SRT off), its clients in
the benchmark's process, all on the loopback. One public session with anonymous access per run, one
channel (PocketSphinx, English, finals translated to French by Apertium). The viewers are anonymous
socket.io clients (websocket transport) in the session's room; ${FIXTURE} (ffmpeg: 16 kHz mono
s16le), looped with a second of silence, is sent in real time over the ingest WebSocket in 100 ms
messages on a timer for ${options.seconds} s, the send time of each message noted. A ${WARM_UP_SECONDS} s stream with no
viewer first starts the translator; then 1 viewer (the baseline), then ${options.viewers}, in the same server.

- **final latency**: a final's arrival at a viewer minus the send time of the message holding the
  end of its last word (word times are stream time); median and p95 over every viewer × final pair.
  Split at the moment the server made the final (its \`at\`; one clock, one machine): **engine**, the
  audio sent → the final made (ingest, the decoder catching up, its voice activity detection waiting
  for 0.5 s of silence, decoding; once per final), and **delivery**, the final made → a viewer got it
  (storing it in the database, the socket.io fan-out, the viewer's client reading it; per viewer);
- **partial latency**: for each word of a final, the arrival of the first partial of that utterance
  holding that word at the same position, minus the send time of the word's end;
- **fan-out**: per final, the last viewer's arrival minus the first's;
- **translation extra delay**: per viewer and final, the translated final's arrival minus the
  untranslated one's (each final is sent first untranslated, then again with its translation);
- **server CPU**: the server process (HTTP, socket.io, storing captions) as a share of one core over
  the stream, from /proc; **engines CPU**: its child processes (the PocketSphinx decoder, Apertium's
  pipeline); **RSS**: the server process's peak, sampled every 50 ms; **event-loop delay**: p99 of
  the server's, and of the benchmark's (whose clock times the viewers' arrivals);
- **missing**: viewer × final pairs where a viewer never got a final (or its translation) another got.

${table}

What the figures mean: ${interpretation(options, base, many)}`;
}

/** Where the time goes, from the figures themselves. */
function interpretation(options: ViewersBenchOptions, base: RunResult, many: RunResult): string {
  const b = base.figures;
  const m = many.figures;
  const cores = os.availableParallelism();
  const missing = m.missingFinals + m.missingTranslations;
  const cpuPerViewer = (many.serverCpu - base.serverCpu) / Math.max(1, options.viewers - 1);
  const share = (part: number, whole: number) => `${Math.round((100 * part) / whole)} %`;
  return `a final's latency is first the engine's part (${ms(m.engine.median)} of ${ms(m.final.median)}
at the median with ${options.viewers} viewers, ${share(m.engine.median, m.final.median)}): the decoder's voice activity detection waits for half a
second of silence after the last word, then the utterance is decoded, and on a machine whose cores
are taken the decoder also falls behind the audio (it is written in real time, so a decoder that
gets less than its share of a core lags more and more over the run; \`bench live\` measures that
lag). That part does not depend on the number of viewers, only on the decoder and the load (the
load average was ${base.load.toFixed(1)} and ${many.load.toFixed(1)} at the end of the two runs, ${cores} cores), so the end-to-end
ratios say more about the machine than about the audience. The part the audience costs is the
delivery: ${ms(b.delivery.median)} median (${ms(b.delivery.p95)} p95) with one viewer, ${ms(m.delivery.median)} (${ms(m.delivery.p95)}) with ${options.viewers}
(${ratio(m.delivery.median, b.delivery.median)} at the median): storing the final, then one frame per viewer written by the server and
read by the benchmark's clients, all ${options.viewers} on one event loop (its delay p99: ${ms(many.clientLoopP99)}); the last viewer gets
a final ${ms(m.fanOut.median)} after the first (median; ${ms(m.fanOut.p95)} p95). The server process's CPU goes from
${(base.serverCpu * 100).toFixed(1)} % to ${(many.serverCpu * 100).toFixed(1)} % of one core, about ${(cpuPerViewer * 100).toFixed(3)} % per extra viewer: partials
(${(many.partialEvents / Math.max(1, options.viewers) / options.seconds).toFixed(1)} per second per viewer) are most of the frames; its peak resident memory is
${Math.round((many.serverRssPeak - base.serverRssPeak) / 1024 ** 2)} MiB higher with the ${options.viewers} sockets. The engines' CPU (${(base.enginesCpu * 100).toFixed(1)} % then ${(many.enginesCpu * 100).toFixed(1)} % of a
core) is what one decoder and one Apertium call per final got from the machine, whatever the
audience; the translated final follows the untranslated one by ${ms(m.translation.median)} (median).${
    b.finals !== m.finals
      ? ` The two runs made ${b.finals} and ${m.finals} finals from the same audio: a decoder behind the audio when the stream ends has not decoded its last utterances before the run stops waiting (${QUIET_MS / 1000} s without a caption, ${TAIL_LIMIT_MS / 1000} s at most).`
      : ''
  }${
    m.engine.median > 5000
      ? ` Here the decoder fell far behind (engine part over 5 s): the machine was overloaded by other work, and the end-to-end figures are those of a starved decoder; rerun on an idle machine for them (the delivery figures hold).`
      : ''
  } ${
    missing === 0
      ? `Every viewer got every final and every translation.`
      : `Viewers missed ${m.missingFinals} finals and ${m.missingTranslations} translations out of ${m.finals * options.viewers} and ${m.translated * options.viewers}.`
  }`;
}
