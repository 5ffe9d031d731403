/**
 * Running jobs kept alive (pg-boss 11 has no heartbeat): pg-boss counts a job as lost once
 * `started_on + expire_seconds` has passed, then delivers it again (its retries) to any worker. A
 * job's `expireInSeconds` is sized to its step (pipeline/jobs.ts: hours for a long transcription),
 * which alone would leave a dead worker's job waiting that long. So while a job runs, its process
 * moves its `started_on` forward every `leaseSeconds / 4`, so that it always expires `leaseSeconds`
 * after the last keep-alive; the step-sized expiry stays the ceiling, counted from the delivery:
 * past it, keep-alives stop and a handler that hangs loses its job too.
 *
 * That ceiling is at most MAX_JOB_EXPIRY_SECONDS (just under 24 h, pg-boss's limit; registry.ts
 * expiryOf): keep-alives cannot stretch one attempt past it, since pg-boss's worker fails a handler
 * still running after its job's expiry. A step that may take longer on a slow engine (a long media)
 * is checkpointed instead: the next attempt resumes where the last one stopped.
 *
 * A dead worker's job is therefore delivered again within `leaseSeconds` + pg-boss's supervision
 * interval (SUPERVISE_INTERVAL_SECONDS) + the retry delay: under two minutes with the defaults.
 * Re-delivery is safe because every job is idempotent or checkpointed (docs/ARCHITECTURE.md
 * "Long jobs across nodes").
 */
import type { Logger } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';

/** How long after its last keep-alive a running job counts as lost. */
export const JOB_LEASE_SECONDS = 60;
/** How often pg-boss looks for expired jobs and fails them for redelivery (its defaults are 60 s). */
export const SUPERVISE_INTERVAL_SECONDS = 30;

/**
 * Keeps the job `id` of queue `name` alive until the returned function is called, or until
 * `ceilingSeconds` (its step-sized expiry) have passed since now.
 */
export function keepJobAlive(
  handle: Pick<DatabaseHandle, 'executeSql'>,
  log: Logger,
  job: { name: string; id: string; ceilingSeconds: number },
  leaseSeconds = JOB_LEASE_SECONDS,
): () => void {
  const until = Date.now() + job.ceilingSeconds * 1000;
  const touch = () => {
    if (Date.now() >= until) return stop();
    // It expires leaseSeconds from now (or after its own expiry, when that is shorter).
    handle
      .executeSql(
        `UPDATE pgboss.job SET started_on = now() - make_interval(secs => GREATEST(expire_seconds - $3::int, 0))
         WHERE name = $1 AND id = $2 AND state = 'active'`,
        [job.name, job.id, leaseSeconds],
      )
      .catch((error: unknown) => log.warn({ err: error, job: job.id, name: job.name }, 'job not kept alive'));
  };
  const timer = setInterval(touch, (leaseSeconds * 1000) / 4);
  timer.unref();
  const stop = () => clearInterval(timer);
  touch();
  return stop;
}
