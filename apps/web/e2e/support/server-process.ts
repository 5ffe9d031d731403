/**
 * Runs the real Palabre server (configured from the environment) for the e2e tests, and stops it
 * when told to (SIGTERM/SIGINT) or when the test runner that started it goes away (stdin closes),
 * so that no server outlives a run. Prints "READY <url>" once listening.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

interface RunningServer {
  url: string;
  close(): Promise<void>;
}

// Writing to the pipes of a runner that died must not crash the process before it cleans up.
process.stdout.on('error', () => undefined);
process.stderr.on('error', () => undefined);

let server: RunningServer | null = null;
let stopping = false;
async function stop(orphaned: boolean) {
  if (stopping) return;
  stopping = true;
  try {
    await server?.close();
  } finally {
    // Orphaned (the runner died before its teardown): remove the run's temporary directory too.
    const runDir = process.env.PALABRE_E2E_RUN_DIR;
    if (orphaned && runDir) fs.rmSync(runDir, { recursive: true, force: true });
    process.exit(0);
  }
}
process.once('SIGTERM', () => void stop(false));
process.once('SIGINT', () => void stop(false));
process.stdin.on('end', () => void stop(true));
process.stdin.on('close', () => void stop(true));
process.stdin.resume();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverModule = (file: string) => pathToFileURL(path.join(root, 'apps/server/src', file)).href;
const { loadConfig } = (await import(serverModule('config.ts'))) as { loadConfig: () => unknown };
const { startServer } = (await import(serverModule('server.ts'))) as { startServer: (config: unknown) => Promise<RunningServer> };

const started = await startServer(loadConfig());
if (stopping) {
  // Told to stop while starting.
  await started.close();
} else {
  server = started;
  process.stdout.write(`READY ${started.url}\n`);
}
