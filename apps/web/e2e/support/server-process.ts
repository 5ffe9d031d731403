/**
 * Runs the real Palabre server (configured from the environment) for the e2e tests, and stops it
 * when told to (SIGTERM/SIGINT) or when the test runner that started it goes away (stdin closes),
 * so that no server outlives a run. Prints "READY <url>" once listening.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const serverModule = (file: string) => pathToFileURL(path.join(root, 'apps/server/src', file)).href;

interface RunningServer {
  url: string;
  close(): Promise<void>;
}
const { loadConfig } = (await import(serverModule('config.ts'))) as { loadConfig: () => unknown };
const { startServer } = (await import(serverModule('server.ts'))) as { startServer: (config: unknown) => Promise<RunningServer> };

const server = await startServer(loadConfig());
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  try {
    await server.close();
  } finally {
    process.exit(code);
  }
}
process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));
process.stdin.on('end', () => void stop(0));
process.stdin.on('close', () => void stop(0));
process.stdin.resume();
process.stdout.write(`READY ${server.url}\n`);
