/**
 * Job queue depths for the metrics, read from pg-boss's table on scrape: one grouped count over the
 * jobs not yet finished (completed, failed and cancelled jobs are left out, so the cost follows the
 * backlog, not the history), kept a few seconds so that frequent scrapes, or several scrapers, cost
 * one query. Every queue of the registry is reported, with 0 for its empty states.
 */
import type { DatabaseHandle } from '../db/client.ts';
import { QUEUE_STATES, type QueueDepth, type QueueState } from './metrics.ts';

const DEPTH_SQL = `
  SELECT name,
         CASE WHEN state = 'active' THEN 'active'
              WHEN start_after > now() THEN 'deferred'
              WHEN state = 'retry' THEN 'retry'
              ELSE 'queued' END AS state,
         count(*)::int AS jobs
    FROM pgboss.job
   WHERE state < 'completed'
   GROUP BY 1, 2`;

export const QUEUE_DEPTH_CACHE_MS = 5000;

export function queueDepths(
  handle: Pick<DatabaseHandle, 'executeSql'>,
  queues: readonly string[],
  options: { cacheMs?: number; onError?: (error: unknown) => void } = {},
): () => Promise<QueueDepth[]> {
  const cacheMs = options.cacheMs ?? QUEUE_DEPTH_CACHE_MS;
  let cached: { at: number; depths: Promise<QueueDepth[]> } | null = null;
  const read = async (): Promise<QueueDepth[]> => {
    const { rows } = await handle.executeSql(DEPTH_SQL);
    const counts = new Map<string, number>();
    for (const row of rows as Array<{ name: string; state: QueueState; jobs: number }>) counts.set(`${row.name}\n${row.state}`, Number(row.jobs));
    return queues.flatMap((queue) => QUEUE_STATES.map((state) => ({ queue, state, jobs: counts.get(`${queue}\n${state}`) ?? 0 })));
  };
  return () => {
    const now = Date.now();
    if (cached && now - cached.at < cacheMs) return cached.depths;
    const depths = read().catch((error: unknown) => {
      // No depth series this time rather than a failed scrape; the next one asks again.
      options.onError?.(error);
      cached = null;
      return [];
    });
    cached = { at: now, depths };
    return depths;
  };
}
