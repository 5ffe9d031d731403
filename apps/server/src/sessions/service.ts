/** Live sessions: creating, listing, reading, changing, starting and stopping them (docs/sessions-api.md). */
import {
  SESSION_SETTINGS_DEFAULTS,
  listOffset,
  scheduleIssues,
  zSessionSettings,
  type CreateSessionBody,
  type PatchSessionBody,
  type PublicSession,
  type Session,
  type SessionBody,
  type SessionListQuery,
  type SessionSettings,
  type SessionStatus,
} from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound, parse } from '../http/errors.ts';
import { mayOperateSession, policyUser, type SessionAccess } from '../policy.ts';
import { creatorIn, memberOf, plainSessionFor, sessionFor } from './access.ts';
import { aliasTaken } from './aliases.ts';
import { checkListeningRoom } from './capacity.ts';
import { checkedChannels, profileNames } from './channels.ts';
import { streamsEnded, streamsOpened } from './live.ts';
import { sessionNotice } from './notices.ts';
import { presentPublicSession, presentSession } from './presenter.ts';
import { aliasesRepo, sessionsRepo, templatesRepo, type ChannelRow, type NewChannel, type SessionRow } from './repo.ts';
import { schedule } from './schedule.ts';
import { saveStoppedSession } from '../live/save.ts';
import { audioStarted, audioStopped, channelsEditable, start, statusesOf, stop } from './status.ts';

/** The API shape of some sessions, with their channels, first alias and profile names in three queries. */
async function present(ctx: AppContext, rows: SessionRow[], accessOf: (row: SessionRow) => SessionAccess, single = false): Promise<Session[]> {
  const ids = rows.map((row) => row.id);
  const [channels, aliases] = await Promise.all([sessionsRepo.channels(ctx.db, ids), aliasesRepo.ofSessions(ctx.db, ids)]);
  const names = await profileNames(
    ctx,
    channels.map((channel) => channel.transcriberProfileId),
  );
  const now = new Date();
  return rows.map((row) =>
    presentSession(
      ctx,
      row,
      {
        channels: channels.filter((channel) => channel.sessionId === row.id),
        alias: aliases.find((alias) => alias.sessionId === row.id)?.name ?? null,
        profileNames: names,
        access: accessOf(row),
        single,
      },
      now,
    ),
  );
}

/** A single session's read, as `access` sees it (stream keys for operators). */
export const presentOne = async (ctx: AppContext, row: SessionRow, access: SessionAccess) => (await present(ctx, [row], () => access, true))[0]!;

/** The schedule rules (docs/PRODUCT.md, Validation), as field errors. */
function checkSchedule(value: Parameters<typeof scheduleIssues>[0], previous?: Parameters<typeof scheduleIssues>[2]): void {
  const issues = scheduleIssues(value, new Date(), previous);
  if (issues.length === 0) return;
  throw new AppError('validation_failed', 'The request is not valid: please check the form', Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));
}

/** The columns a session's settings, name and schedule set. */
function columnsOf(settings: Omit<SessionSettings, 'channels'>, name: string, plan: { scheduleOn: Date | null; endOn: Date | null }) {
  return {
    name,
    visibility: settings.visibility,
    // Anonymous viewers exist only for public sessions.
    anonymousAccess: settings.visibility === 'public' && settings.anonymousAccess,
    diarization: settings.diarization,
    keepAudio: settings.keepAudio,
    liveTranscription: settings.liveTranscription,
    autoStart: settings.autoStart,
    autoEnd: settings.autoEnd,
    scheduleOn: plan.scheduleOn,
    endOn: plan.endOn,
    metadata: settings.metadata,
    watermark: settings.watermark,
  };
}

export async function create(ctx: AppContext, actor: Actor, organizationId: string, body: CreateSessionBody): Promise<Session> {
  await creatorIn(ctx, actor, organizationId);
  const { name, scheduleOn, endOn, templateId, alias, ...given } = body;
  const template = templateId ? await templatesRepo.byId(ctx.db, organizationId, templateId) : undefined;
  if (templateId && !template) throw new AppError('validation_failed', 'This template does not exist', { templateId: 'error.invalid' });
  // Applying a template: its settings fill what the body leaves out.
  const defined = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const settings = parse(zSessionSettings, { channels: [], ...SESSION_SETTINGS_DEFAULTS, ...template?.settings, ...defined });
  checkSchedule({ ...settings, scheduleOn, endOn });
  const channels = await checkedChannels(ctx, organizationId, settings.channels);
  let row: SessionRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const inserted = await sessionsRepo.insert(
        tx,
        { ...columnsOf(settings, name, { scheduleOn, endOn }), organizationId, ownerId: actor.user.id, templateId: template?.id ?? null },
        channels,
      );
      if (alias) await aliasesRepo.insert(tx, { organizationId, sessionId: inserted.id, name: alias });
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw aliasTaken();
    throw error;
  }
  await schedule(ctx, row);
  sessionNotice(ctx, row, 'created');
  return presentOne(ctx, row, 'operate');
}

/** GET /sessions: the organization's sessions the caller may see, filtered, a page at a time. */
export async function list(ctx: AppContext, actor: Actor, query: SessionListQuery): Promise<{ sessions: Session[]; totalItems: number }> {
  const { level } = await memberOf(ctx, actor, query.organizationId);
  const filters = [...(query.statusList ?? []), ...(query.status ? [query.status] : [])];
  let statuses: SessionStatus[] | undefined;
  if (query.statusList && query.status) {
    // Both given: the statuses in both.
    const fromList = new Set(query.statusList.flatMap(statusesOf));
    statuses = statusesOf(query.status).filter((status) => fromList.has(status));
  } else if (filters.length > 0) statuses = [...new Set(filters.flatMap(statusesOf))];
  // Those who operate every session of the organization see every private one; others their own.
  const privateScope = mayOperateSession(policyUser(actor), level, { ownerId: null }) ? 'all' : { ownerId: actor.user.id };
  const { rows, total } = await sessionsRepo.list(
    ctx.db,
    {
      organizationId: query.organizationId,
      ...(statuses ? { statuses } : {}),
      ...(query['scheduleOn[before]'] ? { scheduledBefore: query['scheduleOn[before]'] } : {}),
      ...(query['scheduleOn[after]'] ? { scheduledAfter: query['scheduleOn[after]'] } : {}),
      privateScope,
    },
    query.limit,
    listOffset(query),
  );
  const sessions = await present(ctx, rows, (row) => (mayOperateSession(policyUser(actor), level, row) ? 'operate' : 'read'));
  return { sessions, totalItems: total };
}

/** A session in full (members who may see it); `channelIndex` keeps only that channel. */
export async function get(ctx: AppContext, actor: Actor, sessionId: string, channelIndex?: number): Promise<Session> {
  const { row, access } = await sessionFor(ctx, actor, sessionId, 'read');
  const session = await presentOne(ctx, row, access);
  if (channelIndex === undefined) return session;
  const channel = session.channels.find((c) => c.index === channelIndex);
  if (!channel) throw new AppError('validation_failed', 'This session has no such channel', { channel_index: 'error.invalid' });
  return { ...session, channels: [channel] };
}

/** The public view: public sessions, to anyone signed in, and to anonymous viewers when anonymous access is on. */
export async function getPublic(ctx: AppContext, actor: Actor | null, sessionId: string, channelId?: string): Promise<PublicSession> {
  const { row } = await sessionFor(ctx, actor, sessionId, 'public');
  if (row.visibility !== 'public') throw notFound('Session');
  const channels = await sessionsRepo.channels(ctx.db, [row.id]);
  const shown = channelId ? channels.filter((channel) => channel.id === channelId) : channels;
  if (channelId && shown.length === 0) throw notFound('Channel');
  return presentPublicSession(row, shown);
}

/** Whether channels as given are the ones stored (same order, same settings): their keys and statuses stay. */
function sameChannels(stored: ChannelRow[], given: NewChannel[]): boolean {
  return (
    given.length === stored.length &&
    given.every((channel, index) => {
      const current = stored[index]!;
      return (
        current.name === channel.name &&
        current.transcriberProfileId === channel.transcriberProfileId &&
        current.diarization === channel.diarization &&
        JSON.stringify(current.languages) === JSON.stringify(channel.languages) &&
        JSON.stringify(current.translations) === JSON.stringify(channel.translations)
      );
    })
  );
}

/** What a replacement or a change saves; without `channels`, the stored ones stay untouched. */
type SessionChange = Omit<SessionBody, 'channels'> & { channels?: SessionBody['channels'] | undefined };

/** Saves a session's new settings, name and schedule; channels only while it has not started. */
async function save(ctx: AppContext, row: SessionRow, access: SessionAccess, next: SessionChange): Promise<Session> {
  if (row.status === 'terminated') throw new AppError('session_status', 'The session cannot do this in its current status');
  const { name, scheduleOn, endOn, channels: givenChannels, ...given } = next;
  const settings = parse(zSessionSettings.omit({ channels: true }), given);
  checkSchedule({ ...settings, scheduleOn, endOn }, row);
  let channels: NewChannel[] | null = null;
  if (givenChannels !== undefined) {
    const checked = await checkedChannels(ctx, row.organizationId, parse(zSessionSettings.pick({ channels: true }), { channels: givenChannels }).channels);
    if (!sameChannels(await sessionsRepo.channels(ctx.db, [row.id]), checked)) channels = checked;
  }
  if (channels && !channelsEditable(row.status)) throw new AppError('session_status', 'The channels of a session cannot change once it has started');
  const updated = await ctx.db.transaction(async (tx) => {
    if (channels) await sessionsRepo.replaceChannels(tx, row.id, channels);
    return (await sessionsRepo.update(tx, row.id, columnsOf(settings, name, { scheduleOn, endOn })))!;
  });
  await schedule(ctx, updated);
  sessionNotice(ctx, updated, 'updated');
  return presentOne(ctx, updated, access);
}

export async function replace(ctx: AppContext, actor: Actor, organizationId: string, sessionId: string, body: SessionBody): Promise<Session> {
  const { row, access } = await plainSessionFor(ctx, actor, sessionId, 'operate', organizationId);
  return save(ctx, row, access, body);
}

/** PATCH: the stored session with the fields sent (channels only when sent). */
export async function patch(ctx: AppContext, actor: Actor, organizationId: string, sessionId: string, body: PatchSessionBody): Promise<Session> {
  const { row, access } = await plainSessionFor(ctx, actor, sessionId, 'operate', organizationId);
  const stored: SessionChange = {
    name: row.name,
    scheduleOn: row.scheduleOn,
    endOn: row.endOn,
    visibility: row.visibility,
    anonymousAccess: row.anonymousAccess,
    diarization: row.diarization,
    keepAudio: row.keepAudio,
    liveTranscription: row.liveTranscription,
    autoStart: row.autoStart,
    autoEnd: row.autoEnd,
    metadata: row.metadata,
    watermark: row.watermark,
  };
  const defined = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  return save(ctx, row, access, { ...stored, ...defined });
}

export async function startSession(ctx: AppContext, actor: Actor, organizationId: string, sessionId: string): Promise<Session> {
  const { row, access } = await plainSessionFor(ctx, actor, sessionId, 'operate', organizationId);
  if (row.status === 'scheduled') await checkListeningRoom(ctx, row);
  let changed = false;
  const started = await start(ctx, row, (next) => {
    changed = true;
    sessionNotice(ctx, next, 'status');
  });
  if (changed) await streamsOpened(ctx, started.id);
  return presentOne(ctx, started, access);
}

/**
 * DELETE …/sessions/{sid}: stops the session (terminated; refused while a stream is sent unless
 * forced): its streams end, their last captions are stored and the session is saved to the library.
 * With `remove`, the session is deleted too, its aliases with it.
 */
export async function stopSession(
  ctx: AppContext,
  actor: Actor,
  organizationId: string,
  sessionId: string,
  options: { force: boolean; name?: string | undefined; remove: boolean },
): Promise<void> {
  const { row } = await plainSessionFor(ctx, actor, sessionId, 'operate', organizationId);
  await stopAndSave(ctx, row, options);
}

/**
 * Stops a session and has it saved (see `stopSession`); with `remove`, saves it now and deletes it.
 * Answers the media it was saved as, when known (null: nothing to save, or saved later by the job).
 */
export async function stopAndSave(ctx: AppContext, row: SessionRow, options: { force: boolean; name?: string | undefined; remove: boolean }): Promise<string | null> {
  let changed = false;
  const stopped = await stop(ctx, row, { force: options.force, saveAs: options.name || undefined }, (next) => {
    changed = true;
    sessionNotice(ctx, next, 'status');
  });
  if (changed) await streamsEnded(ctx, stopped.id);
  if (!options.remove) return stopped.savedConversationId;
  // Its finals go with its rows: the content is saved to the library first.
  await saveStoppedSession(ctx, stopped.id);
  const saved = (await sessionsRepo.byId(ctx.db, stopped.id))?.savedConversationId ?? null;
  await sessionsRepo.delete(ctx.db, stopped.id);
  sessionNotice(ctx, stopped, 'deleted');
  return saved;
}

/**
 * The ingest calls this when a channel's first audio arrives: the channel streams and a pending
 * session becomes active (told to the organization: a status change, else a change of the channel's).
 * Refused (`session_status`) unless started.
 */
export async function audioReached(ctx: AppContext, channel: Pick<ChannelRow, 'id' | 'sessionId'>): Promise<SessionRow> {
  let statusChanged = false;
  const row = await audioStarted(ctx, channel, (next) => {
    statusChanged = true;
    sessionNotice(ctx, next, 'status');
  });
  if (!statusChanged) sessionNotice(ctx, row, 'updated');
  return row;
}

/** The ingest calls this when a channel's stream ends: the channel stops streaming (told to the organization); the session stays as it is. */
export async function audioEnded(ctx: AppContext, channel: Pick<ChannelRow, 'id' | 'sessionId'>, status: Parameters<typeof audioStopped>[2]): Promise<void> {
  await audioStopped(ctx, channel, status);
  const row = await sessionsRepo.byId(ctx.db, channel.sessionId);
  if (row) sessionNotice(ctx, row, 'updated');
}
