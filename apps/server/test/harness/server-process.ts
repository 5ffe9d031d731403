/**
 * A real server in its own process, for tests that kill it (kill -9) and start it again on the same
 * data folder and database. The child runs server-child.ts and prints one JSON line once listening.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { freePort } from './postgres.ts';
import { createDatabase, refuseInDatabaseFreeFile } from './server.ts';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server-child.ts');

export interface ServerProcess<Ready> {
  child: ChildProcess;
  /** What the child printed once listening (its URL, and what it seeded). */
  ready: Ready;
  /** Ends it at once (SIGKILL: no shutdown code runs). */
  kill(): Promise<void>;
  /** Asks it to stop (SIGTERM: documents are written back, then it exits). */
  stop(): Promise<void>;
}

export async function spawnServer<Ready>(env: Record<string, string | undefined>): Promise<ServerProcess<Ready>> {
  const child = spawn(process.execPath, [CHILD], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<Ready>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve(JSON.parse(line) as Ready));
    child.once('exit', (code) => reject(new Error(`the server process exited (${code}): ${errors}`)));
  });
  return {
    child,
    ready,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Where successive server processes live: one data folder, one database (on Postgres), one port and secret. */
export interface ServerHome {
  dataDir: string;
  /** The database's URL (on PGlite, undefined: the data folder holds it). */
  databaseUrl: string | undefined;
  /** Starts a server process here; with `seedTranscript`, it first seeds a media holding that transcript. */
  spawn<Ready>(options?: { seedTranscript?: unknown }): Promise<ServerProcess<Ready>>;
}

/**
 * A new home for server processes (its data folder named after `prefix`). `cleanups` receives, in
 * order, the removal of the folder, the database's drop and the killing of processes still running:
 * run them in reverse.
 */
export async function serverHome(prefix: string, cleanups: Array<() => Promise<void> | void>): Promise<ServerHome> {
  refuseInDatabaseFreeFile();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
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
  return {
    dataDir,
    databaseUrl: database?.url,
    async spawn<Ready>(options: { seedTranscript?: unknown } = {}) {
      let seed: string | undefined;
      if (options.seedTranscript !== undefined) {
        seed = path.join(dataDir, 'seed.json');
        fs.writeFileSync(seed, JSON.stringify(options.seedTranscript));
      }
      const server = await spawnServer<Ready>(seed ? { ...env, SEED_TRANSCRIPT_FILE: seed } : env);
      running.push(server);
      return server;
    },
  };
}
