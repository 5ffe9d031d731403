/**
 * The messages between the bot manager (bots/manager.ts) and a bot's child process (runner/main.ts),
 * over the child's IPC channel. One module so both sides agree on every shape.
 */
import type { BotError, BotService } from '@palabre/shared';

/** What the runner needs to join a call and stream it: sent once, first. */
export interface RunnerStart {
  type: 'start';
  url: string;
  service: BotService;
  displayName: string;
  /** The ingest WebSocket on the server's own loopback address, and the channel's stream key. */
  ingestUrl: string;
  streamKey: string;
  chromiumPath: string;
  /** Seconds with nobody else in the call before the bot leaves. */
  aloneSeconds: number;
  /**
   * Ranges the outbound policy allows although private (OUTBOUND_ALLOWED_RANGES): every connection
   * of the bot's Chromium goes through a policy proxy that applies it.
   */
  allowedRanges: string[];
}

export type ManagerMessage =
  | RunnerStart
  /** A caption to post into the call (bots with displaySubtitles, services that can). */
  | { type: 'caption'; text: string }
  /** Leave the call and exit. */
  | { type: 'leave' };

export type RunnerMessage =
  /** The bot is in the call (the service's joined state, or the first audio). */
  | { type: 'in_call' }
  /** The bot left: on request (error null) or by itself (alone, the session ended, a failure). */
  | { type: 'left'; error: BotError | null; failed: boolean };

export function isRunnerMessage(value: unknown): value is RunnerMessage {
  const message = value as { type?: unknown } | null;
  return typeof message === 'object' && message !== null && (message.type === 'in_call' || message.type === 'left');
}

export function isManagerMessage(value: unknown): value is ManagerMessage {
  const message = value as { type?: unknown } | null;
  return typeof message === 'object' && message !== null && (message.type === 'start' || message.type === 'caption' || message.type === 'leave');
}
