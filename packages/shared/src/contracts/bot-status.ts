/** A videoconference bot's status and failures (docs/meetings.md), shared by the bots and the session notices. */
import { z } from 'zod';

/** joining → in_call → left; failed (with `error`) from either. */
export const BOT_STATUSES = ['joining', 'in_call', 'left', 'failed'] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

/** Why a bot failed or left, for the operator (translated as `bots.errors.{code}`). */
export const BOT_ERRORS = [
  /** The page could not be loaded (address, network, certificate). */
  'unreachable',
  /** The service's join steps did not complete (waiting room, password, layout not recognised). */
  'join_failed',
  /** No audio reached the bot. */
  'no_audio',
  /** The bot used more memory or processor than it may. */
  'resource_limit',
  /** The browser stopped unexpectedly. */
  'crashed',
  /** Every bot slot of this server is taken. */
  'capacity',
  /** The session ended or the bot was removed. */
  'stopped',
  /** Nobody else stayed in the call. */
  'alone',
] as const;
export type BotError = (typeof BOT_ERRORS)[number];

/** Pushed with the session notices (`orga_{id}_session_update`, kind `bot`) when a bot's status changes. */
export const zBotNotice = z.object({ botId: z.string(), channelId: z.string(), status: z.enum(BOT_STATUSES), error: z.enum(BOT_ERRORS).nullable() });
export type BotNotice = z.infer<typeof zBotNotice>;
