/** What a session's start and stop do to its live streams (live/service.ts through `ctx.live`). */
import type { AppContext } from '../context.ts';

/** A session started: the encoders of its channels are listened for (a failure leaves it started). */
export async function streamsOpened(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.live.sessionStarted(sessionId).catch((error: unknown) => ctx.log.error({ err: error, sessionId }, 'encoder listeners not started'));
}

/**
 * A session stopped: its bots leave their calls, its streams end (their ingests disconnect) and their last finals are stored,
 * then the session is saved to the library by the `session.save` job.
 */
export async function streamsEnded(ctx: AppContext, sessionId: string): Promise<void> {
  // Its bots leave the calls first: their streams end with the others.
  await ctx.bots?.sessionEnded(sessionId);
  await ctx.live.endSession(sessionId);
  await ctx.jobs.send('session.save', { sessionId });
}
