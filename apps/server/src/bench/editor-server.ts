/**
 * The server of `palabre bench editor`, in a child process of its own so that its memory and CPU
 * time are measured apart from the benchmark's clients (and the browser driver does not share its
 * event loop). It starts like the other benchmarks' servers (bench-server.ts: fresh data folder,
 * PGlite, 127.0.0.1 on a free port), seeds the three-hour media itself when told (editor-seed.ts),
 * and reports its own memory (after a full garbage collection) and CPU time on request.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchServer } from './bench-server.ts';
import { seedEditorMedia } from './editor-seed.ts';
import { syntheticTranscript } from './synthetic-transcript.ts';

export interface Usage {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** CPU time of the process since it started (microseconds), user and system. */
  cpu: { user: number; system: number };
}

export interface SeedRequest {
  organizationId: string;
  ownerId: string;
  audio: { file: string; size: number };
  count: number;
}

type ToChild = { type: 'seed'; seed: SeedRequest } | { type: 'usage' } | { type: 'stop' };
type FromChild =
  | { type: 'ready'; url: string }
  | { type: 'seeded'; ids: string[]; words: number; turns: number; duration: number }
  | { type: 'usage'; usage: Usage }
  | { type: 'failed'; message: string };

/** The parent's handle on the server process. */
export class EditorServer {
  readonly process: ChildProcess;
  url = '';

  private constructor(child: ChildProcess) {
    this.process = child;
  }

  /** `env`: more configuration variables for the server (e.g. `WEB_DIST_DIR`, another build of the web client to compare with). */
  static async start(env: Record<string, string> = {}): Promise<EditorServer> {
    const script = fileURLToPath(import.meta.url);
    const child = fork(script, [], {
      env: { ...process.env, PALABRE_BENCH_ENV: JSON.stringify(env) },
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const server = new EditorServer(child);
    const ready = await server.next();
    if (ready.type !== 'ready') throw new Error('unexpected message from the server process');
    server.url = ready.url;
    return server;
  }

  private async next(): Promise<FromChild> {
    const [message] = (await Promise.race([
      once(this.process, 'message'),
      once(this.process, 'exit').then(([code]) => {
        throw new Error(`server process exited (${code})`);
      }),
    ])) as [FromChild];
    if (message.type === 'failed') throw new Error(`server process: ${message.message}`);
    return message;
  }

  private async ask<T extends FromChild['type']>(message: ToChild, answer: T): Promise<Extract<FromChild, { type: T }>> {
    this.process.send(message);
    const reply = await this.next();
    if (reply.type !== answer) throw new Error(`expected "${answer}" from the server process, got "${reply.type}"`);
    return reply as Extract<FromChild, { type: T }>;
  }

  seed(seed: SeedRequest) {
    return this.ask({ type: 'seed', seed }, 'seeded');
  }

  async usage(): Promise<Usage> {
    return (await this.ask({ type: 'usage' }, 'usage')).usage;
  }

  async stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    this.process.send({ type: 'stop' } satisfies ToChild);
    const timer = setTimeout(() => this.process.kill('SIGKILL'), 20_000);
    await once(this.process, 'exit');
    clearTimeout(timer);
  }
}

/** Child process mode. */
async function child(): Promise<void> {
  const env = JSON.parse(process.env.PALABRE_BENCH_ENV ?? '{}') as Record<string, string>;
  const server = await startBenchServer({ workers: false, env });
  // The parent going away (crash, Ctrl-C) stops the server too: nothing outlives a run.
  process.on('disconnect', () => void server.close().finally(() => process.exit(0)));
  const usage = (): Usage => {
    globalThis.gc?.();
    globalThis.gc?.();
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, cpu: process.cpuUsage() };
  };
  const send = (message: FromChild) => process.send!(message);
  process.on('message', (message: ToChild) => {
    void (async () => {
      try {
        if (message.type === 'seed') {
          const { transcript, words, duration } = syntheticTranscript();
          const ids = await seedEditorMedia(server.running.ctx, { ...message.seed, transcript, duration });
          send({ type: 'seeded', ids, words, turns: transcript.text.length, duration });
        } else if (message.type === 'usage') {
          send({ type: 'usage', usage: usage() });
        } else if (message.type === 'stop') {
          await server.close();
          process.exit(0);
        }
      } catch (error) {
        send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
  send({ type: 'ready', url: server.url });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  child().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
