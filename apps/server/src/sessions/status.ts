/**
 * The session status machine (docs/sessions-api.md), the one place a session's status changes:
 *
 *   scheduled ──start / auto start──▶ pending ──first audio──▶ active
 *       └──────────────┴───────────stop / auto stop─────────────┴──▶ terminated
 *
 * The rules are pure functions (unit-tested); the transitions apply them with conditional updates,
 * so two requests racing (a stop and the auto stop job) change a session once.
 */
import { READY_SESSION_STATUSES, type SessionStatus, type SessionStatusFilter, type StreamStatus } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { dispatchWebhooks } from '../webhooks/dispatch.ts';
import { sessionData } from '../webhooks/events.ts';
import { sessionsRepo, type ChannelRow, type SessionRow } from './repo.ts';

export type SessionEvent = 'start' | 'audio' | 'stop';

/** The status an event leads to, or null when the session cannot take it in its status. */
export function nextStatus(status: SessionStatus, event: SessionEvent): SessionStatus | null {
  switch (event) {
    case 'start':
      return status === 'scheduled' ? 'pending' : null;
    case 'audio':
      return status === 'pending' ? 'active' : null;
    case 'stop':
      return status === 'terminated' ? null : 'terminated';
  }
}

/** The columns of a session created already started (a quick meeting): as a start leaves it. */
export const startedAtCreation = (now: Date) => ({ status: nextStatus('scheduled', 'start')!, startTime: now });

/** The statuses an event may leave from. */
const sources = (event: SessionEvent): SessionStatus[] => (['scheduled', 'pending', 'active', 'terminated'] as const).filter((s) => nextStatus(s, event) !== null);

/** The statuses a filter value stands for: `ready` is a session set up and not receiving audio yet. */
export function statusesOf(filter: SessionStatusFilter): readonly SessionStatus[] {
  return filter === 'ready' ? READY_SESSION_STATUSES : [filter];
}

/** Whether a session is ready: scheduled or pending. */
export const isReady = (status: SessionStatus) => (READY_SESSION_STATUSES as readonly SessionStatus[]).includes(status);

/**
 * A session is usable if it is active, or if it is ready and has either no schedule or a schedule
 * date that has passed (docs/PRODUCT.md, States).
 */
export function isUsable(session: { status: SessionStatus; scheduleOn: Date | null }, now: Date): boolean {
  if (session.status === 'active') return true;
  return isReady(session.status) && (session.scheduleOn === null || session.scheduleOn.getTime() <= now.getTime());
}

/** Whether a channel's stream is being sent: a stop (or a deletion) then needs force. */
export const isStreaming = (channels: ReadonlyArray<{ streamStatus: StreamStatus }>) => channels.some((channel) => channel.streamStatus === 'active');

/** Why a session cannot be stopped now (a stream is being sent and the stop is not forced), or null. */
export function stopRefusal(channels: ReadonlyArray<{ streamStatus: StreamStatus }>, force: boolean): 'session_streaming' | null {
  return !force && isStreaming(channels) ? 'session_streaming' : null;
}

/** Whether a session's channels may still change: only before it starts. */
export const channelsEditable = (status: SessionStatus) => status === 'scheduled';

const wrongStatus = () => new AppError('session_status', 'The session cannot do this in its current status');

/** What the transitions tell the rest of the server (realtime notices). */
export type StatusListener = (row: SessionRow) => void;

/**
 * start: scheduled → pending. A session already started answers as it is (starting twice is
 * harmless); a terminated one is refused.
 */
export async function start(ctx: AppContext, row: SessionRow, changed: StatusListener): Promise<SessionRow> {
  if (row.status === 'pending' || row.status === 'active') return row;
  const next = await sessionsRepo.transition(ctx.db, row.id, sources('start'), { status: 'pending', startTime: new Date() });
  if (!next) return currentOrRefuse(ctx, row.id, ['pending', 'active']);
  changed(next);
  await dispatchWebhooks(ctx, next.organizationId, 'session.started', sessionData(ctx, next));
  return next;
}

/**
 * The first audio reached a channel (called by the ingest): the channel streams, and a pending
 * session becomes active. Audio for a session not started, or ended, is refused.
 */
export async function audioStarted(ctx: AppContext, channel: Pick<ChannelRow, 'id' | 'sessionId'>, changed: StatusListener): Promise<SessionRow> {
  const row = await sessionsRepo.byId(ctx.db, channel.sessionId);
  if (!row || (row.status !== 'pending' && row.status !== 'active')) throw wrongStatus();
  await sessionsRepo.setChannelStatus(ctx.db, channel.id, { streamStatus: 'active', transcriberStatus: 'streaming' });
  if (row.status === 'active') return row;
  const next = await sessionsRepo.transition(ctx.db, row.id, sources('audio'), { status: 'active' });
  if (!next) return currentOrRefuse(ctx, row.id, ['active']);
  changed(next);
  return next;
}

/** A channel's stream stopped (called by the ingest): the session stays as it is until stopped. */
export async function audioStopped(ctx: AppContext, channel: Pick<ChannelRow, 'id'>, status: Extract<StreamStatus, 'inactive' | 'errored'> = 'inactive'): Promise<void> {
  await sessionsRepo.setChannelStatus(ctx.db, channel.id, { streamStatus: status, transcriberStatus: status === 'errored' ? 'errored' : 'idle' });
}

/**
 * stop: any status but terminated → terminated, refused with `session_streaming` while a channel's
 * stream is being sent unless forced. `saveAs` is the name the saved media will take. A session
 * already terminated answers as it is.
 */
export async function stop(ctx: AppContext, row: SessionRow, options: { force: boolean; saveAs?: string | undefined }, changed: StatusListener): Promise<SessionRow> {
  if (row.status === 'terminated') return row;
  const channels = await sessionsRepo.channels(ctx.db, [row.id]);
  const refusal = stopRefusal(channels, options.force);
  if (refusal) throw new AppError(refusal, 'A stream is still being sent to this session: stop it with force to end it anyway');
  const next = await sessionsRepo.transition(ctx.db, row.id, sources('stop'), {
    status: 'terminated',
    endTime: new Date(),
    saveAs: options.saveAs ?? row.name,
  });
  if (!next) return currentOrRefuse(ctx, row.id, ['terminated']);
  await sessionsRepo.closeChannels(ctx.db, row.id);
  changed(next);
  await dispatchWebhooks(ctx, next.organizationId, 'session.ended', sessionData(ctx, next));
  return next;
}

/** After a lost race: the session as another request left it, when that is what was wanted. */
async function currentOrRefuse(ctx: AppContext, id: string, accepted: SessionStatus[]): Promise<SessionRow> {
  const now = await sessionsRepo.byId(ctx.db, id);
  if (now && accepted.includes(now.status)) return now;
  throw wrongStatus();
}
