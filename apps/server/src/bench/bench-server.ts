/**
 * A real server for the benchmarks: a fresh temporary data folder, PGlite in it, HTTP on 127.0.0.1
 * on a free port. Run in-process (startBenchServer) or as a child process (this file run directly,
 * used by the upload benchmark so that the server's memory is measured apart from the client's).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.ts';
import { startServer, type RunningServer } from '../server.ts';

export interface BenchServer {
  url: string;
  dataDir: string;
  running: RunningServer;
  close(): Promise<void>;
}

export async function startBenchServer(options: { workers: boolean; dataDir?: string }): Promise<BenchServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-bench-'));
  const config = loadConfig({ PALABRE_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' });
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

export type ChildMessage = { type: 'ready'; url: string; dataDir: string } | { type: 'peaks'; peaks: MemoryPeaks; current: MemoryPeaks };

/** Child process mode: start without workers, sample process.memoryUsage every 50 ms, answer on IPC. */
async function child(): Promise<void> {
  const server = await startBenchServer({ workers: false, dataDir: process.env.PALABRE_BENCH_DATA_DIR });
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
      process.send!({ type: 'peaks', peaks, current: sample() } satisfies ChildMessage);
    } else if (message.type === 'peaks') {
      const current = sample();
      process.send!({ type: 'peaks', peaks, current } satisfies ChildMessage);
    } else if (message.type === 'stop') {
      clearInterval(timer);
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
