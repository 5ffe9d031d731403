/**
 * A real server in its own process, for tests that kill it (kill -9) and start it again on the same
 * data folder and database. The child runs server-child.ts and prints one JSON line once listening.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

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
