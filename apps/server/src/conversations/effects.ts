/** Jobs and socket notices of media changes, through the context's queue and event bus. */
import type { ConversationUpdate, JobName, JobPayload } from '@palabre/shared';
import type { AppContext } from '../context.ts';

/** Enqueues a media job (one per media and step while queued or running: the queue's singleton key). */
export async function enqueue<N extends JobName>(ctx: AppContext, name: N, payload: JobPayload<N>): Promise<void> {
  await ctx.jobs.send(name, payload);
}

/** Notices are best effort: a committed change is not undone because a socket push failed. */
export function emit(ctx: Pick<AppContext, 'events' | 'log'>, organizationId: string, update: ConversationUpdate): void {
  try {
    ctx.events.conversationChanged(organizationId, update);
  } catch (error) {
    ctx.log.warn({ err: error }, 'conversation event not delivered');
  }
}
