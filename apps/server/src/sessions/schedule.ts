/**
 * Planned starts and stops: `session.auto-start` at `schedule_on` and `session.auto-stop` at `end_on`,
 * sent whenever a session is saved. Each job carries the time it was planned for and does nothing
 * when the session no longer plans that (the time moved, auto start or stop was turned off, the
 * status moved on), so a rescheduled session simply gets a job at its new time and the old one
 * fades out. One job per session and time (deduplication key), so saving twice sends once.
 */
import type { JobPayload } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { defineJob, RETRY_TWICE, type JobDefinition } from '../jobs/registry.ts';
import { checkListeningRoom } from './capacity.ts';
import { streamsEnded, streamsOpened } from './live.ts';
import { sessionNotice } from './notices.ts';
import { sessionsRepo, type SessionRow } from './repo.ts';
import { start, stop } from './status.ts';

/** Sends the jobs a session's plan needs now. */
export async function schedule(ctx: AppContext, row: SessionRow): Promise<void> {
  if (row.autoStart && row.scheduleOn && row.status === 'scheduled') {
    await ctx.jobs.send('session.auto-start', { sessionId: row.id, at: row.scheduleOn.toISOString() }, { startAfter: row.scheduleOn });
  }
  if (row.autoEnd && row.endOn && row.status !== 'terminated') {
    await ctx.jobs.send('session.auto-stop', { sessionId: row.id, at: row.endOn.toISOString() }, { startAfter: row.endOn });
  }
}

const plannedAt = (time: Date | null, at: string) => time !== null && time.getTime() === new Date(at).getTime();

/** A transition another request already made (or refused since) is not a failure of the job. */
async function ignoringStatus(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'session_status')) throw error;
  }
}

async function autoStart(ctx: AppContext, { sessionId, at }: JobPayload<'session.auto-start'>): Promise<void> {
  const row = await sessionsRepo.byId(ctx.db, sessionId);
  if (!row || !row.autoStart || row.status !== 'scheduled' || !plannedAt(row.scheduleOn, at)) return;
  try {
    await checkListeningRoom(ctx, row);
  } catch (error) {
    // Left scheduled: its operators may stop another session and start it by hand.
    if (!(error instanceof AppError && error.code === 'live_channel_limit_reached')) throw error;
    ctx.log.warn({ sessionId }, 'planned start refused: too many listening channels');
    return;
  }
  let changed = false;
  await ignoringStatus(() =>
    start(ctx, row, (next) => {
      changed = true;
      sessionNotice(ctx, next, 'status');
    }),
  );
  if (changed) await streamsOpened(ctx, row.id);
}

/** The planned end stops the session even while streams are sent: that is what was planned. */
async function autoStop(ctx: AppContext, { sessionId, at }: JobPayload<'session.auto-stop'>): Promise<void> {
  const row = await sessionsRepo.byId(ctx.db, sessionId);
  if (!row || !row.autoEnd || row.status === 'terminated' || !plannedAt(row.endOn, at)) return;
  let changed = false;
  await ignoringStatus(() =>
    stop(ctx, row, { force: true }, (next) => {
      changed = true;
      sessionNotice(ctx, next, 'status');
    }),
  );
  if (changed) await streamsEnded(ctx, row.id);
}

const queueing = {
  concurrency: 'sessionSchedule',
  retry: RETRY_TWICE,
  expireInSeconds: 60,
} as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- definitions of different jobs
export const sessionJobs: ReadonlyArray<JobDefinition<any>> = [
  defineJob('session.auto-start', { ...queueing, handler: autoStart, singletonKey: ({ sessionId, at }) => `${sessionId}@${at}` }),
  defineJob('session.auto-stop', { ...queueing, handler: autoStop, singletonKey: ({ sessionId, at }) => `${sessionId}@${at}` }),
];
