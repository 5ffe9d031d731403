/**
 * The videoconference bots of this process (`ctx.bots`, docs/ARCHITECTURE.md "The bot process").
 * Each bot runs in its own child process (runner/main.ts, the server's node at low priority, dying
 * with the server) that drives one Chromium. The manager keeps the count within BOTS_MAX, watches
 * each bot's process tree (memory and processor, from /proc), forwards the channel's captions to
 * bots that post them, stores every status change and tells the organization's room.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { BotError, BotNotice, BotStatus, LiveFinal } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { killOnExit, withParentDeath } from '../process/children.ts';
import { sessionNotice } from '../sessions/notices.ts';
import { sessionsRepo } from '../sessions/repo.ts';
import { CPU_WINDOW_MS, overLimit, sampleTree, trimSamples, type ResourceLimits, type TreeSample } from './process-tree.ts';
import { botsRepo, type BotRow } from './repo.ts';
import { isRunnerMessage, type ManagerMessage, type RunnerStart } from './runner/protocol.ts';

const RUNNER = fileURLToPath(new URL('./runner/main.ts', import.meta.url));
/** The bot's process runs below the server's priority (0 normal, 19 lowest). */
const RUNNER_NICENESS = 10;
/** A bot asked to leave that has not exited after this is killed. */
const LEAVE_GRACE_MS = 10_000;
const SAMPLE_MS = 5_000;
/** Captions each bot remembers having posted (segment ids), to post each once. */
const POSTED_MEMORY = 200;

export interface BotLaunch {
  row: BotRow;
  streamKey: string;
  channelIndex: number;
}

interface RunningBot {
  row: BotRow;
  channelIndex: number;
  child: ChildProcess;
  status: BotStatus;
  /** Why the manager ends it, when it does (the status it gets once gone). */
  ending: { status: 'left' | 'failed'; error: BotError } | null;
  samples: TreeSample[];
  posted: Set<number>;
  /** Resolves once the process is gone and the bot's last status is stored. */
  exited: Promise<void>;
}

export interface BotManagerOptions {
  /** How often each bot's process tree is sampled (tests shorten it). */
  sampleMs?: number;
  /** The CPU averaging window (tests shorten it). */
  cpuWindowMs?: number;
}

export class BotManager {
  private readonly running = new Map<string, RunningBot>();
  /** Slots taken by bots being created (between the capacity check and their launch). */
  private reserved = 0;
  private closed = false;
  /** Runs only while bots run. */
  private sampler: NodeJS.Timeout | null = null;
  private readonly sampleMs: number;
  /** The ingest WebSocket on this server's own loopback address (set once the server listens). */
  ingestUrl: string | null = null;
  private readonly ctx: AppContext;
  private readonly cpuWindowMs: number;

  constructor(ctx: AppContext, options: BotManagerOptions = {}) {
    this.ctx = ctx;
    this.cpuWindowMs = options.cpuWindowMs ?? CPU_WINDOW_MS;
    this.sampleMs = options.sampleMs ?? SAMPLE_MS;
  }

  /** Bots in a call or joining one, here. */
  get count(): number {
    return this.running.size;
  }

  /**
   * Takes a slot for a bot about to be created (refused with `bot_limit_reached` when every slot is
   * taken); the returned function gives it back if the bot is not launched.
   */
  reserve(): () => void {
    if (this.closed) throw new AppError('bot_limit_reached', 'This server is shutting down');
    if (!hasCapacity(this.running.size, this.reserved, this.ctx.config.bots.max)) throw new AppError('bot_limit_reached', 'Every videoconference bot of this server is busy');
    this.reserved += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.reserved -= 1;
    };
  }

  /** Bots a previous run of the server left in a call are failed (crashed): call once at start. */
  async recover(): Promise<void> {
    for (const row of await botsRepo.failRunning(this.ctx.db)) await this.notify(row);
  }

  /** Starts a stored bot (its slot reserved): its process joins the call. */
  launch(launch: BotLaunch, release: () => void): void {
    const { row } = launch;
    const ingestUrl = this.ingestUrl;
    if (!ingestUrl || this.closed) {
      release();
      void this.finish(row.id, 'failed', 'crashed');
      return;
    }
    const [program, args] = withParentDeath(process.execPath, [RUNNER]);
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'ignore', 'ipc'], env: { ...process.env, NODE_OPTIONS: '' } });
    killOnExit(child);
    release();
    let gone!: () => void;
    const bot: RunningBot = {
      row,
      channelIndex: launch.channelIndex,
      child,
      status: 'joining',
      ending: null,
      samples: [],
      posted: new Set(),
      exited: new Promise((resolve) => (gone = resolve)),
    };
    this.running.set(row.id, bot);
    this.sampleWhileRunning();
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, RUNNER_NICENESS);
      } catch (error) {
        this.ctx.log.warn({ err: error }, 'bot priority not lowered');
      }
    }
    let reported: { status: 'left' | 'failed'; error: BotError | null } | null = null;
    child.on('message', (message: unknown) => {
      if (!isRunnerMessage(message)) return;
      if (message.type === 'in_call') {
        bot.status = 'in_call';
        void this.transition(row.id, 'in_call', null);
      } else reported = { status: message.failed ? 'failed' : 'left', error: message.error };
    });
    let ended = false;
    const processGone = () => {
      if (ended) return;
      ended = true;
      this.running.delete(row.id);
      this.sampleWhileRunning();
      // The manager's reason wins (it stopped the bot), then the runner's, else it crashed.
      const end = bot.ending ?? (reported ? { status: reported.status, error: reported.error ?? 'stopped' } : { status: 'failed' as const, error: 'crashed' as const });
      void this.finish(row.id, end.status, end.error).finally(gone);
    };
    child.once('error', (error) => {
      this.ctx.log.error({ err: error, botId: row.id }, 'bot process failed');
      // Not started at all: no exit will come.
      if (child.pid === undefined) processGone();
    });
    // 'close' comes after the last message of the runner has been read ('exit' may come before it).
    child.once('close', processGone);
    const start: RunnerStart = {
      type: 'start',
      url: row.url,
      service: row.serviceType,
      displayName: row.displayName,
      ingestUrl,
      streamKey: launch.streamKey,
      chromiumPath: this.ctx.config.bots.chromiumPath,
      aloneSeconds: this.ctx.config.bots.aloneSeconds,
      allowedRanges: this.ctx.config.outboundAllowedRanges,
    };
    this.send(bot, start);
    void this.notify(row).catch((error: unknown) => this.ctx.log.warn({ err: error, botId: row.id }, 'bot notice not sent'));
    this.ctx.log.info({ botId: row.id, sessionId: row.sessionId, service: row.serviceType }, 'bot started');
  }

  /** Makes a bot leave (DELETE): left, stopped. Answers once its process is gone. */
  async leave(botId: string): Promise<boolean> {
    const bot = this.running.get(botId);
    if (!bot) return false;
    await this.stop(bot, { status: 'left', error: 'stopped' });
    return true;
  }

  /** A session stopped (or is being deleted): its bots leave (left, stopped). */
  async sessionEnded(sessionId: string): Promise<void> {
    await Promise.all([...this.running.values()].filter((bot) => bot.row.sessionId === sessionId).map((bot) => this.stop(bot, { status: 'left', error: 'stopped' })));
  }

  /** A final of a channel: bots in it that display captions post it (in their language) once. */
  liveFinal(final: LiveFinal): void {
    for (const bot of this.running.values()) {
      if (bot.row.sessionId !== final.sessionId || bot.channelIndex !== final.channelIndex || !bot.row.displaySubtitles || bot.status !== 'in_call') continue;
      const text = captionText(final, bot.row.subtitleLanguage);
      if (!text || bot.posted.has(final.segmentId)) continue;
      bot.posted.add(final.segmentId);
      if (bot.posted.size > POSTED_MEMORY) bot.posted.delete(bot.posted.values().next().value!);
      this.send(bot, { type: 'caption', text });
    }
  }

  /** Shutdown: every bot leaves (left, stopped) before the streams end. */
  async close(): Promise<void> {
    this.closed = true;
    this.sampleWhileRunning();
    await Promise.all([...this.running.values()].map((bot) => this.stop(bot, { status: 'left', error: 'stopped' })));
  }

  private send(bot: RunningBot, message: ManagerMessage): void {
    if (bot.child.connected) bot.child.send(message, (error) => error && this.ctx.log.warn({ err: error, botId: bot.row.id }, 'bot message not sent'));
  }

  private async stop(bot: RunningBot, ending: NonNullable<RunningBot['ending']>): Promise<void> {
    bot.ending ??= ending;
    this.send(bot, { type: 'leave' });
    const timer = setTimeout(() => bot.child.kill('SIGKILL'), LEAVE_GRACE_MS);
    await bot.exited;
    clearTimeout(timer);
  }

  /** Starts the sampler with the first bot, stops it with the last (or at shutdown). */
  private sampleWhileRunning(): void {
    const wanted = this.running.size > 0 && !this.closed;
    if (wanted && !this.sampler) {
      this.sampler = setInterval(() => this.watch(), this.sampleMs);
      this.sampler.unref();
    } else if (!wanted && this.sampler) {
      clearInterval(this.sampler);
      this.sampler = null;
    }
  }

  /** Samples every bot's process tree; one over its bounds is stopped (failed, resource_limit). */
  private watch(): void {
    const limits: ResourceLimits = { memoryMb: this.ctx.config.bots.memoryMb, cpuPercent: this.ctx.config.bots.cpuPercent, cpuWindowMs: this.cpuWindowMs };
    for (const bot of this.running.values()) {
      if (bot.ending || bot.child.pid === undefined) continue;
      const sample = sampleTree(bot.child.pid);
      if (!sample) continue;
      bot.samples = trimSamples([...bot.samples, sample], limits.cpuWindowMs);
      const over = overLimit(bot.samples, limits);
      if (!over) continue;
      this.ctx.log.warn({ botId: bot.row.id, over, memoryMb: Math.round(sample.memoryBytes / 1048576) }, 'bot over its resource bounds: stopped');
      void this.stop(bot, { status: 'failed', error: 'resource_limit' });
    }
  }

  /** The latest sample of a bot's process tree (bench and tests). */
  lastSample(botId: string): TreeSample | undefined {
    return this.running.get(botId)?.samples.at(-1);
  }

  /** The process ids of a bot's tree now (tests check that none outlives it). */
  processTree(botId: string): number[] {
    const pid = this.running.get(botId)?.child.pid;
    return pid === undefined ? [] : (sampleTree(pid)?.pids ?? []);
  }

  private async finish(botId: string, status: 'left' | 'failed', error: BotError): Promise<void> {
    await this.transition(botId, status, error);
    this.ctx.log.info({ botId, status, error }, 'bot ended');
  }

  private async transition(botId: string, status: BotStatus, error: BotError | null): Promise<void> {
    try {
      const row = await botsRepo.transition(this.ctx.db, botId, status, error);
      if (row) await this.notify(row);
    } catch (failure) {
      this.ctx.log.error({ err: failure, botId }, 'bot status not stored');
    }
  }

  private async notify(row: BotRow): Promise<void> {
    const session = await sessionsRepo.byId(this.ctx.db, row.sessionId);
    if (!session) return;
    const bot: BotNotice = { botId: row.id, channelId: row.channelId, status: row.status, error: row.error ?? null };
    sessionNotice(this.ctx, session, 'bot', bot);
  }
}

/** Whether one more bot may start: those running and those being created stay within the maximum. */
export function hasCapacity(running: number, reserved: number, max: number): boolean {
  return running + reserved < max;
}

/** A final's text in a bot's caption language: the text itself in its language, else its translation. */
export function captionText(final: Pick<LiveFinal, 'text' | 'language' | 'translations'>, language: string): string | null {
  const text = final.language === language ? final.text : final.translations[language];
  return text?.trim() ? text.trim() : null;
}
