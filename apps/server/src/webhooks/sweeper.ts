/**
 * The webhook sweeper, run by every process that runs jobs: pending deliveries whose attempt is
 * overdue (their job was lost: a crash between recording a failure and queueing the next attempt,
 * or a queue that refused the send) are queued again — a job still waiting absorbs the copy, as each
 * attempt has its own deduplication key — and the delivery log is bounded (WEBHOOK_LOG_DAYS, and
 * KEEP_PER_WEBHOOK deliveries per webhook).
 */
import type { AppContext } from '../context.ts';
import { deliveriesRepo } from './repo.ts';

export const SWEEP_INTERVAL_MS = 5 * 60 * 1000;
/** A delivery is overdue once its attempt is this late. */
export const OVERDUE_GRACE_MS = 2 * 60 * 1000;
export const KEEP_PER_WEBHOOK = 1000;
const BATCH = 500;

export async function sweepWebhooks(ctx: AppContext, now = new Date()): Promise<{ requeued: number; pruned: number }> {
  const overdue = await deliveriesRepo.overdue(ctx.db, now, OVERDUE_GRACE_MS, BATCH);
  for (const row of overdue) await ctx.jobs.send('webhook.deliver', { deliveryId: row.id, attempt: row.attempts + 1 });
  const pruned = await deliveriesRepo.prune(ctx.db, new Date(now.getTime() - ctx.config.webhooks.logDays * 24 * 3600 * 1000), KEEP_PER_WEBHOOK);
  return { requeued: overdue.length, pruned };
}

/** Sweeps now and every SWEEP_INTERVAL_MS; returns the cleanup that stops it. */
export function startWebhookSweeper(ctx: AppContext): () => Promise<void> {
  const sweep = () => sweepWebhooks(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'webhook sweep failed'));
  let sweeping = sweep();
  const timer = setInterval(() => void (sweeping = sweep()), SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await sweeping;
  };
}
