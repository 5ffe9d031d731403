/**
 * Offline translation with Apertium: one long-running null-flush pipeline per direction (see
 * `apertium-mode.ts`), started on the first call, costing ~4 ms per 15-word sentence where a new
 * process per sentence costs ~320 ms.
 *
 * Texts are written to the pipeline as they come; Apertium answers them in the order written, so a
 * queue of the texts in flight gives each answer to its caller, in order. When the pipeline dies
 * (or stops answering for `timeoutMs`), it is restarted and the texts in flight are written again,
 * once; a text whose second try fails too is rejected (`engine_failed`), and so is everything
 * after three restarts in a minute. The pipeline runs in its own process group, so that closing it
 * ends every stage.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { EngineAvailability, TranscriptLanguage } from '../asr/types.ts';
import { EngineError } from '../errors.ts';
import { TailBuffer, lastLines } from '../process.ts';
import { APERTIUM_MODES_DIR, APERTIUM_PACKAGES, escapeApertium, findApertiumRoute, missingApertiumPrograms, unescapeApertium, type ApertiumRoute } from './apertium-mode.ts';
import { singleLine, type TranslateOptions, type Translator } from './translator.ts';

export interface ApertiumConfig {
  source: TranscriptLanguage;
  target: TranscriptLanguage;
  /** Where the installed mode files are (default /usr/share/apertium/modes). */
  modesDir?: string;
  /** A text not answered within this time restarts the pipeline (default 15 s). */
  timeoutMs?: number;
}

interface Pending {
  input: string;
  tries: number;
  resolve: (text: string) => void;
  reject: (error: Error) => void;
}

const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS = 3;

let livePipelines = 0;
/** Apertium pipelines running (each holds ~360 MB for a pivot route). */
export function liveApertiumPipelines(): number {
  return livePipelines;
}

export class ApertiumTranslator implements Translator {
  readonly id = 'apertium';
  readonly source: TranscriptLanguage;
  readonly target: TranscriptLanguage;
  private readonly modesDir: string;
  private readonly timeoutMs: number;
  private route: Promise<ApertiumRoute | null> | null = null;
  private child: ChildProcess | null = null;
  private stderr = new TailBuffer(4096);
  private output = '';
  private readonly queue: Pending[] = [];
  private restarts: number[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(config: ApertiumConfig) {
    this.source = config.source;
    this.target = config.target;
    this.modesDir = config.modesDir ?? APERTIUM_MODES_DIR;
    this.timeoutMs = config.timeoutMs ?? 15_000;
  }

  async availability(): Promise<EngineAvailability> {
    const route = await this.findRoute();
    const install = `(Debian/Ubuntu: apt-get install ${APERTIUM_PACKAGES.join(' ')})`;
    if (!route) return { ok: false, reason: `Apertium cannot translate ${this.source} → ${this.target} here: its language pairs are not installed ${install}` };
    const missing = missingApertiumPrograms(route);
    if (missing.length > 0) return { ok: false, reason: `Apertium's programs are missing: ${missing.join(', ')} ${install}` };
    return { ok: true };
  }

  async translate(text: string, options: TranslateOptions = {}): Promise<string> {
    const line = singleLine(text);
    if (!line) return '';
    if (options.signal?.aborted) throw new EngineError('aborted', 'The translation was cancelled');
    await this.ensureStarted();
    return new Promise<string>((resolve, reject) => {
      const pending: Pending = { input: line, tries: 1, resolve, reject };
      // A cancelled text stays in the queue (its answer is still coming) but nobody waits for it.
      options.signal?.addEventListener('abort', () => reject(new EngineError('aborted', 'The translation was cancelled')), { once: true });
      this.queue.push(pending);
      this.send(pending);
    });
  }

  async close(): Promise<void> {
    for (const pending of this.queue.splice(0)) pending.reject(new EngineError('aborted', 'The translator was closed'));
    await this.stop();
  }

  /** The pipeline's process id (its process group), while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  private findRoute(): Promise<ApertiumRoute | null> {
    this.route ??= findApertiumRoute(this.source, this.target, this.modesDir).catch(() => null);
    return this.route;
  }

  private async ensureStarted(): Promise<void> {
    if (this.child) return;
    const available = await this.availability();
    if (!available.ok) throw new EngineError('engine_unavailable', available.reason);
    if (this.child) return;
    this.start((await this.findRoute())!);
  }

  private start(route: ApertiumRoute): void {
    this.output = '';
    this.stderr = new TailBuffer(4096);
    const child = spawn('/bin/sh', ['-c', route.command], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    this.child = child;
    livePipelines++;
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => this.receive(chunk));
    child.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    // Writing to a pipeline that just died: the exit handler deals with it.
    child.stdin?.on('error', () => undefined);
    child.on('error', () => undefined);
    child.once('exit', () => {
      livePipelines--;
      if (this.child === child) this.crashed();
    });
  }

  private send(pending: Pending): void {
    this.child?.stdin?.write(`${escapeApertium(pending.input)}\n\0`);
    this.armTimer();
  }

  private receive(chunk: string): void {
    this.output += chunk;
    let end = this.output.indexOf('\0');
    while (end >= 0) {
      const answer = this.output.slice(0, end);
      this.output = this.output.slice(end + 1);
      // Stages flush empty blocks when their input closes; only answers to texts count.
      const pending = this.queue.shift();
      if (pending) pending.resolve(unescapeApertium(answer).trim());
      end = this.output.indexOf('\0');
    }
    this.armTimer();
  }

  private armTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.queue.length === 0) return;
    this.timer = setTimeout(() => {
      // Stuck: killing it makes the exit handler restart it.
      if (this.child?.pid) killGroup(this.child.pid);
    }, this.timeoutMs);
    this.timer.unref();
  }

  /** The pipeline died: restart it and write the texts in flight again, once each. */
  private crashed(): void {
    const detail = lastLines(this.stderr.toString(), 3);
    this.child = null;
    const now = Date.now();
    this.restarts = this.restarts.filter((at) => now - at < RESTART_WINDOW_MS);
    const failure = (message: string) => new EngineError('engine_failed', message, detail ? { detail } : undefined);
    if (this.restarts.length >= MAX_RESTARTS) {
      for (const pending of this.queue.splice(0)) pending.reject(failure('Apertium keeps failing: the translation was given up'));
      this.armTimer();
      return;
    }
    const retried = this.queue.splice(0).filter((pending) => {
      if (pending.tries >= 2) pending.reject(failure('Apertium failed twice on this text'));
      return pending.tries < 2;
    });
    this.armTimer();
    if (retried.length === 0) return;
    this.restarts.push(now);
    void this.findRoute().then((route) => {
      if (!route) {
        for (const pending of retried) pending.reject(failure('Apertium is no longer installed'));
        return;
      }
      if (!this.child) this.start(route);
      for (const pending of retried) {
        pending.tries++;
        this.queue.push(pending);
        this.send(pending);
      }
    });
  }

  private async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.stdin?.end();
    if (child.pid) killGroup(child.pid);
    await exited;
  }
}

/** Ends every stage of a pipeline started in its own process group. */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

export function createApertiumTranslator(config: ApertiumConfig): ApertiumTranslator {
  return new ApertiumTranslator(config);
}
