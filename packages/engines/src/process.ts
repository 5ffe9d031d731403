import { spawn } from 'node:child_process';
import { EngineError, type EngineErrorCode } from './errors.ts';

/**
 * Runs a binary without a shell (arguments are an array, never a command line) and resolves when
 * it exits with status 0. stdin is closed so a tool that would prompt cannot hang; stderr keeps
 * only a bounded tail for error messages; the AbortSignal and the optional time limit kill the
 * process (SIGTERM, then SIGKILL after a grace period).
 */
export interface RunOptions {
  signal?: AbortSignal | undefined;
  /** Kill the process after this many milliseconds. */
  timeoutMs?: number | undefined;
  /** Raw stdout chunks. */
  onStdout?: ((chunk: Buffer) => void) | undefined;
  /** Raw chunks of file descriptor 3 (ffmpeg writes `-progress pipe:3` there). */
  onFd3?: ((chunk: Buffer) => void) | undefined;
  /** Bytes of stderr to keep (default 8 KiB). */
  stderrTailBytes?: number | undefined;
  /** Error code used when the process exits with a non-zero status or cannot start. */
  failureCode: EngineErrorCode;
  /** Short human description, e.g. "ffmpeg conversion of upload.mp3". */
  description: string;
  /** Turns the stderr tail into the human message; defaults to its last non-empty line. */
  explain?: ((stderrTail: string, exitCode: number | null) => string) | undefined;
  /**
   * Work that may wait: the process runs at a lower CPU priority (BACKGROUND_NICENESS added to
   * this process's niceness), so that it yields the processor to the work people are waiting for.
   */
  background?: boolean | undefined;
}

/** What background processes add to the niceness (0 is the default, 19 the lowest priority). */
export const BACKGROUND_NICENESS = 10;
/** nice(1)'s exit status when the program it should run cannot be found. */
const NICE_NOT_FOUND = 127;

export interface RunResult {
  stderrTail: string;
}

const KILL_GRACE_MS = 2_000;

export function lastLines(text: string, count: number): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .slice(-count)
    .join('\n');
}

export class TailBuffer {
  readonly limit: number;
  private chunks: Buffer[] = [];
  private size = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size - (this.chunks[0]?.length ?? 0) >= this.limit && this.chunks.length > 1) {
      this.size -= this.chunks.shift()!.length;
    }
  }

  toString(): string {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.limit)).toString('utf8');
  }
}

export function runProcess(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise<RunResult>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) {
      reject(new EngineError('aborted', `${options.description} was cancelled`));
      return;
    }
    const stderr = new TailBuffer(options.stderrTailBytes ?? 8 * 1024);
    // Background work starts through nice(1), which executes the program at the lower priority:
    // every thread it starts inherits it (setting it after the start would race with them).
    const [program, programArgs] = options.background ? ['nice', ['-n', String(BACKGROUND_NICENESS), command, ...args]] : [command, args];
    const child = spawn(program, programArgs, {
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe', options.onFd3 ? 'pipe' : 'ignore'],
      windowsHide: true,
    });
    let settled = false;
    let stopReason: 'aborted' | 'timeout' | undefined;
    let killTimer: NodeJS.Timeout | undefined;

    const stop = (reason: 'aborted' | 'timeout') => {
      if (stopReason || child.exitCode !== null) return;
      stopReason = reason;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    const onAbort = () => stop('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
    const timeoutTimer = options.timeoutMs === undefined ? undefined : setTimeout(() => stop('timeout'), options.timeoutMs);

    const finish = (error: EngineError | undefined) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (timeoutTimer) clearTimeout(timeoutTimer);
      if (killTimer) clearTimeout(killTimer);
      if (error) reject(error);
      else resolve({ stderrTail: stderr.toString() });
    };

    child.stdout?.on('data', (chunk: Buffer) => {
      try {
        options.onStdout?.(chunk);
      } catch (error) {
        // A consumer that cannot handle the output (e.g. a parser error) stops the process.
        finish(new EngineError(options.failureCode, `${options.description}: ${String(error)}`, { cause: error }));
        child.kill('SIGKILL');
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    if (options.onFd3) {
      const fd3 = child.stdio[3];
      if (fd3 && 'on' in fd3) fd3.on('data', (chunk: Buffer) => options.onFd3?.(chunk));
    }

    const notInstalled = (name: string, cause: unknown) =>
      new EngineError('engine_unavailable', `${options.description}: the program "${name}" is not installed or not on PATH`, { cause });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') finish(notInstalled(program, error));
      else finish(new EngineError(options.failureCode, `${options.description}: could not start "${program}": ${error.message}`, { cause: error }));
    });
    // 'close' (not 'exit') waits until stdout/stderr are drained, so parsers have seen everything.
    child.on('close', (code, killSignal) => {
      const tail = stderr.toString();
      if (stopReason === 'aborted') {
        finish(new EngineError('aborted', `${options.description} was cancelled`, { detail: tail }));
      } else if (stopReason === 'timeout') {
        finish(new EngineError('timeout', `${options.description} took longer than ${options.timeoutMs} ms and was stopped`, { detail: tail }));
      } else if (code === 0) {
        finish(undefined);
      } else if (options.background && code === NICE_NOT_FOUND) {
        finish(notInstalled(command, undefined));
      } else {
        const explained = options.explain?.(tail, code) ?? lastLines(tail, 1);
        const status = code === null ? `killed by ${killSignal}` : `exit status ${code}`;
        finish(
          new EngineError(options.failureCode, `${options.description} failed (${status})${explained ? `: ${explained}` : ''}`, {
            detail: tail,
          }),
        );
      }
    });
  });
}
