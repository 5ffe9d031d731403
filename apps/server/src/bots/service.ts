/**
 * Videoconference bots (docs/meetings.md): sent into a call by those who operate a started
 * session, into one of its channels; listed per channel; made to leave.
 */
import { recogniseMeetingUrl, type Bot, type BotBody } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { outboundPolicy, resolveChecked } from '../net/outbound.ts';
import { sessionFor, type SessionFacts } from '../sessions/access.ts';
import type { ChannelRow } from '../sessions/repo.ts';
import type { BotManager } from './manager.ts';
import { presentBot } from './presenter.ts';
import { botsRepo, RUNNING_STATUSES, type BotRow } from './repo.ts';

const invalidField = (field: string, key: string) => new AppError('validation_failed', 'The request is not valid: please check the form', { [field]: key });

/** A channel and its session, for those who operate the session in this organization; not found otherwise. */
async function operatedChannel(ctx: AppContext, actor: Actor, organizationId: string, channelId: string): Promise<{ channel: ChannelRow; facts: SessionFacts }> {
  const channel = await botsRepo.channelById(ctx.db, channelId);
  if (!channel) throw notFound('Channel');
  try {
    return { channel, facts: await sessionFor(ctx, actor, channel.sessionId, 'operate', organizationId) };
  } catch (error) {
    // A session the caller cannot see is one whose channels do not exist for them.
    if (error instanceof AppError && error.code === 'not_found') throw notFound('Channel');
    throw error;
  }
}

/** The manager of this process; a process without one (workers) sends no bot. */
function manager(ctx: AppContext): BotManager {
  if (!ctx.bots) throw new AppError('bot_limit_reached', 'This server runs no videoconference bots');
  return ctx.bots;
}

/**
 * The meeting's address passes the outbound policy now (its host resolves to allowed addresses);
 * the bot's browser then reaches every address through the policy proxy (runner/main.ts).
 */
async function checkAddress(ctx: AppContext, url: URL): Promise<void> {
  try {
    await resolveChecked(outboundPolicy(ctx.config), url);
  } catch {
    // Never the DNS answer nor the reason: only that this address cannot be used.
    throw invalidField('url', 'error.invalid_videoconference_url');
  }
}

export async function createBot(ctx: AppContext, actor: Actor, organizationId: string, body: BotBody): Promise<Bot> {
  const { channel, facts } = await operatedChannel(ctx, actor, organizationId, body.channelId);
  if (facts.row.status !== 'pending' && facts.row.status !== 'active') throw new AppError('session_status', 'The session is not started, or has ended');
  if (![...channel.languages, ...channel.translations].includes(body.subtitleLanguage)) throw invalidField('subtitleLanguage', 'error.subtitle_language');
  const recognised = recogniseMeetingUrl(body.url);
  if (!recognised) throw invalidField('url', 'error.invalid_videoconference_url');
  await checkAddress(ctx, recognised.url);
  const bots = manager(ctx);
  const release = bots.reserve();
  let row: BotRow;
  try {
    row = await botsRepo.insert(ctx.db, {
      organizationId: facts.row.organizationId,
      sessionId: facts.row.id,
      channelId: channel.id,
      createdBy: actor.user.id,
      serviceType: body.serviceType ?? recognised.service,
      url: recognised.url.href,
      subtitleLanguage: body.subtitleLanguage,
      displaySubtitles: body.displaySubtitles,
      displayName: ctx.config.bots.displayName,
    });
  } catch (error) {
    release();
    throw error;
  }
  bots.launch({ row, streamKey: channel.streamKey, channelIndex: channel.position }, release);
  return presentBot(row);
}

export async function listBots(ctx: AppContext, actor: Actor, organizationId: string, channelId: string): Promise<{ bots: Bot[] }> {
  await operatedChannel(ctx, actor, organizationId, channelId);
  return { bots: (await botsRepo.ofChannel(ctx.db, channelId)).map(presentBot) };
}

/** DELETE: the bot leaves its call (left, stopped); one already gone stays as it is. */
export async function removeBot(ctx: AppContext, actor: Actor, organizationId: string, botId: string): Promise<void> {
  const row = await botsRepo.byId(ctx.db, botId);
  if (!row || row.organizationId !== organizationId) throw notFound('Bot');
  try {
    await sessionFor(ctx, actor, row.sessionId, 'operate', organizationId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw notFound('Bot');
    throw error;
  }
  if (!(RUNNING_STATUSES as readonly string[]).includes(row.status)) return;
  // Running here: it leaves and its process stores the status; else (another process, gone) it is marked left.
  if (!(await ctx.bots?.leave(botId))) await botsRepo.transition(ctx.db, botId, 'left', 'stopped');
}
