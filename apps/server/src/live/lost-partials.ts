/**
 * The utterance in progress when a stream's node died (kill -9, a crash): its last stored partial
 * (channel-run.ts stores it now and then) becomes a final, sent to the session's room, so that what
 * was heard of it is kept in the captions and in the saved session. Done by the next stream of the
 * channel, and by the node that finds the dead node's lease expired.
 */
import type { AppContext } from '../context.ts';
import { captionsRepo, finalOf } from './repo.ts';

export async function keepLostPartials(ctx: Pick<AppContext, 'db' | 'events'>, session: { id: string; organizationId: string }, channelIndex: number): Promise<number> {
  const kept = await captionsRepo.finalizePartials(ctx.db, session.id, channelIndex);
  for (const row of kept) ctx.events.liveEvent?.(session.organizationId, session.id, 'final', finalOf(row));
  return kept.length;
}
