/**
 * Child processes that must never outlive the server (ffmpeg listeners, videoconference bots):
 * started under `setpriv --pdeathsig KILL` where it exists, so the kernel kills them even when the
 * server is killed, and killed in any case on the server's exit.
 */
import type { ChildProcess } from 'node:child_process';
import { findOnPath } from '@palabre/engines';

let deathSignal: boolean | undefined;

/** The command line that runs `command` under `setpriv --pdeathsig KILL` (util-linux) when available. */
export function withParentDeath(command: string, args: readonly string[]): [string, string[]] {
  deathSignal ??= process.platform === 'linux' && findOnPath('setpriv') !== null;
  return deathSignal ? ['setpriv', ['--pdeathsig', 'KILL', '--', command, ...args]] : [command, [...args]];
}

/** Whether children started through `withParentDeath` die with their parent. */
export function parentDeathAvailable(): boolean {
  deathSignal ??= process.platform === 'linux' && findOnPath('setpriv') !== null;
  return deathSignal;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Kills the child when this process exits (a normal exit, where no death signal is needed). */
export function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}
