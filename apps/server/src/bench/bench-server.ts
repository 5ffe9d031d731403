/**
 * A real server for the benchmarks: a fresh temporary data folder, PGlite in it, HTTP on 127.0.0.1
 * on a free port. Run in-process (startBenchServer) or as a child process (ServerChild, this file run
 * directly; used by the upload and viewers benchmarks so that the server's memory, CPU and event
 * loop are measured apart from the clients').
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.ts';
import { startServer, type RunningServer } from '../server.ts';

export interface BenchServer {
  url: string;
  dataDir: string;
  running: RunningServer;
  close(): Promise<void>;
}

/** `env`: more configuration variables (e.g. `LIVE_RTMP_PORTS: 'off'`). */
export async function startBenchServer(options: { workers: boolean; dataDir?: string; env?: Record<string, string> }): Promise<BenchServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-bench-'));
  const config = loadConfig({ ...options.env, PALABRE_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' });
  const running = await startServer(config, { logger: false, workers: options.workers });
  running.ctx.config.publicUrl = running.url;
  return {
    url: running.url,
    dataDir,
    running,
    async close() {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every file under a folder (relative paths), e.g. what storage holds. */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort();
}

export interface MemoryPeaks {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** The server's event-loop delay since the last reset (milliseconds). */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export type ChildMessage = { type: 'ready'; url: string; dataDir: string } | { type: 'peaks'; peaks: MemoryPeaks; current: MemoryPeaks; loop: LoopDelay };

/** The parent's handle on a bench server run as a child process (no job workers). */
export class ServerChild {
  readonly process: ChildProcess;
  /** `env`: more configuration variables for the server. */
  constructor(dataDir: string, env: Record<string, string> = {}) {
    const script = fileURLToPath(import.meta.url);
    this.process = fork(script, [], {
      env: { ...process.env, PALABRE_BENCH_DATA_DIR: dataDir, PALABRE_BENCH_ENV: JSON.stringify(env) },
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  }
  async next(): Promise<ChildMessage> {
    const [message] = (await Promise.race([
      once(this.process, 'message'),
      once(this.process, 'exit').then(([code]) => {
        throw new Error(`server process exited (${code})`);
      }),
    ])) as [ChildMessage];
    return message;
  }
  /** `reset` starts the peaks and the event-loop histogram again (after a full garbage collection). */
  async ask(type: 'reset' | 'peaks'): Promise<{ peaks: MemoryPeaks; current: MemoryPeaks; loop: LoopDelay }> {
    this.process.send({ type });
    const message = await this.next();
    if (message.type !== 'peaks') throw new Error('unexpected message from the server process');
    return message;
  }
  async stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    this.process.send({ type: 'stop' });
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 15_000);
    await once(this.process, 'exit');
    clearTimeout(timer);
  }
}

/** Child process mode: start without workers, sample process.memoryUsage every 50 ms, answer on IPC. */
async function child(): Promise<void> {
  const env = JSON.parse(process.env.PALABRE_BENCH_ENV ?? '{}') as Record<string, string>;
  const server = await startBenchServer({ workers: false, dataDir: process.env.PALABRE_BENCH_DATA_DIR, env });
  // The parent going away (crash, Ctrl-C) stops the server too: nothing outlives a run.
  process.on('disconnect', () => void server.running.close().finally(() => process.exit(0)));
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const loopDelay = (): LoopDelay => ({ p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 });
  const zero = (): MemoryPeaks => ({ rss: 0, heapUsed: 0, external: 0, arrayBuffers: 0 });
  let peaks = zero();
  const sample = (): MemoryPeaks => {
    const m = process.memoryUsage();
    const now = { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers };
    for (const k of Object.keys(peaks) as Array<keyof MemoryPeaks>) peaks[k] = Math.max(peaks[k], now[k]);
    return now;
  };
  const timer = setInterval(sample, 50);
  process.on('message', (message: { type: string }) => {
    if (message.type === 'reset') {
      globalThis.gc?.();
      peaks = zero();
      sample();
      loop.reset();
      process.send!({ type: 'peaks', peaks, current: sample(), loop: loopDelay() } satisfies ChildMessage);
    } else if (message.type === 'peaks') {
      const current = sample();
      process.send!({ type: 'peaks', peaks, current, loop: loopDelay() } satisfies ChildMessage);
    } else if (message.type === 'stop') {
      clearInterval(timer);
      loop.disable();
      void server.running.close().then(() => process.exit(0));
    }
  });
  process.send!({ type: 'ready', url: server.url, dataDir: server.dataDir } satisfies ChildMessage);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  child().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
