/**
 * Palabre nodes as separate processes, started exactly as an operator starts them —
 * `bin/palabre serve --role …`, configured by the environment only, each on its own loopback port
 * and in its own process group (so that one signal ends a node and everything it started). Used by
 * the multi-node test tier (test/cluster/harness.ts) and by `palabre bench scale`.
 *
 * A watchdog process (its own group) kills every recorded group once its parent is gone or after a
 * time bound: nodes never outlive the process that started them, even when it is killed hard.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './report.ts';

export const PALABRE = path.join(REPO_ROOT, 'bin/palabre');

/** How long a node may take to be ready (a loaded two-core machine runs several at once). */
export const READY_TIMEOUT_MS = 60_000;

/** A node's roles as `--role` takes them: `all`, or a comma-separated mix of api, worker, collab, live. */
export type Roles = string;

export interface NodeIdentity {
  name: string;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Everything the node printed (stdout and stderr). */
  logFile: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the roles include an HTTP listener (all of them but a worker-only node). */
export function listens(roles: Roles): boolean {
  return roles.split(',').some((role) => role.trim() !== 'worker');
}

/** A process's own data folder under `home` (kept across its restarts). */
export function dataFolder(home: string, name: string): string {
  const folder = path.join(home, 'nodes', name);
  fs.mkdirSync(folder, { recursive: true });
  return folder;
}

/**
 * A watchdog in its own process group: once `parent` is gone, or after `limitSeconds`, it kills
 * every process group listed in `home`/process-groups, then removes `home` if the parent is gone.
 */
export function startWatchdog(parent: number, home: string, limitSeconds: number): ChildProcess {
  const script = [
    'parent="$1"; home="$2"; limit="$3"',
    'while kill -0 "$parent" 2>/dev/null && [ "$SECONDS" -lt "$limit" ]; do sleep 1; done',
    'for group in $(cat "$home/process-groups" 2>/dev/null); do kill -9 -- "-$group" 2>/dev/null; done',
    'kill -0 "$parent" 2>/dev/null || rm -rf -- "$home"',
  ].join('\n');
  const watchdog = spawn('bash', ['-c', script, 'watchdog', String(parent), home, String(limitSeconds)], { detached: true, stdio: 'ignore' });
  watchdog.unref();
  return watchdog;
}

/**
 * Starts `bin/palabre serve --role <roles>` in its own process group with `env` added to this
 * process's environment, its output appended to `logFile`, its group recorded in
 * `home`/process-groups for the watchdog. Answers the process and a promise of its exit code.
 */
export function spawnNode(home: string, roles: Roles, logFile: string, env: Record<string, string>): { child: ChildProcess; exited: Promise<number | null> } {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(PALABRE, ['serve', '--role', roles], { cwd: home, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  fs.appendFileSync(path.join(home, 'process-groups'), `${child.pid}\n`);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited };
}

/** Resolves once the node's /healthcheck answers 200, rejects if the process exits first. */
export async function httpReady(node: NodeIdentity, exited: Promise<number | null>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!gone && Date.now() < deadline) {
    try {
      const response = await fetch(new URL('/healthcheck', node.url), { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(gone ? `node ${node.name} exited while starting` : `node ${node.name} not ready after ${READY_TIMEOUT_MS} ms`);
}

/** Resolves once the node printed its start line ("Palabre …") after byte `from` of its log, rejects if the process exits first. */
export async function printedReady(node: NodeIdentity, from: number, exited: Promise<number | null>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!gone && Date.now() < deadline) {
    const printed = fs.readFileSync(node.logFile).subarray(from).toString('utf8');
    if (/^Palabre /m.test(printed)) return;
    await sleep(200);
  }
  throw new Error(gone ? `node ${node.name} exited while starting` : `node ${node.name} not ready after ${READY_TIMEOUT_MS} ms`);
}

/** SIGKILL to a process's group, unless it is gone already. */
export function killGroup(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Asks a node to stop (SIGTERM to its group), and kills it if it is still there after a few seconds. */
export async function stopNode(child: ChildProcess, exited: Promise<number | null> | undefined): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const stopped = await Promise.race([exited?.then(() => true), sleep(10_000).then(() => false)]);
  if (!stopped) {
    killGroup(child);
    await exited;
  }
}

/** `palabre migrate` with the nodes' environment, run in `cwd`. */
export async function migrate(cwd: string, env: Record<string, string>): Promise<void> {
  const child = spawn(PALABRE, ['migrate'], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`palabre migrate failed (${code}): ${output}`);
}

/** The last `lines` lines of a node's output worth reading: warnings, errors and anything not a log entry. */
export function tail(file: string, lines: number): string {
  if (!fs.existsSync(file)) return '';
  const notable = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '' && !/^\{"level":[123]0,/.test(line));
  return notable.slice(-lines).join('\n');
}
