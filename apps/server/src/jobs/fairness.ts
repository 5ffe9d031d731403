/**
 * Sharing the job workers between organizations. Two rules, both per queue:
 *
 * - order: a job is sent with a priority that drops with the number of jobs its organization
 *   already has waiting or running in that queue, so the first media of an organization overtakes
 *   the tail of another's batch (pg-boss fetches by priority, then age);
 * - cap: at most `perOrganization` jobs of one organization run at once in this process; a job
 *   fetched beyond that is put back (completed and sent again a little later, behind the others)
 *   instead of holding a worker.
 */
import type { DatabaseHandle } from '../db/client.ts';

/** How long a job put back waits before it is offered again. */
export const DEFERRAL_SECONDS = 2;

/** The media a job works on: its organization and its duration (null when unknown: no rule applies). */
export async function mediaOf(handle: DatabaseHandle, conversationId: string | undefined): Promise<{ organizationId: string; durationSeconds: number | null } | null> {
  if (!conversationId) return null;
  const { rows } = await handle.executeSql('SELECT organization_id, duration FROM conversations WHERE id = $1::uuid', [conversationId]);
  const row = rows[0] as { organization_id?: string; duration?: number | null } | undefined;
  if (!row?.organization_id) return null;
  return { organizationId: row.organization_id, durationSeconds: row.duration === null || row.duration === undefined ? null : Number(row.duration) };
}

/** The organization a job works for, from its conversation (null when unknown: no rule applies). */
export async function organizationOf(handle: DatabaseHandle, conversationId: string | undefined): Promise<string | null> {
  return (await mediaOf(handle, conversationId))?.organizationId ?? null;
}

/** Minus the organization's jobs already waiting or running in the queue (0 for its first). */
export async function fairPriority(handle: DatabaseHandle, queue: string, organizationId: string): Promise<number> {
  const { rows } = await handle.executeSql(
    `SELECT count(*)::int AS n FROM pgboss.job j
       JOIN conversations c ON c.id::text = j.data->>'conversationId'
      WHERE j.name = $1 AND j.state IN ('created', 'retry', 'active') AND c.organization_id = $2::uuid`,
    [queue, organizationId],
  );
  return -Number((rows[0] as { n?: number } | undefined)?.n ?? 0);
}

/** Running jobs per queue and organization in this process. */
export class RunningJobs {
  private readonly counts = new Map<string, number>();
  private readonly perOrganization: number;
  constructor(perOrganization: number) {
    this.perOrganization = perOrganization;
  }

  /** Takes a slot, or answers false when the organization already uses all of its slots. */
  tryAcquire(queue: string, organizationId: string): boolean {
    const key = `${queue}\u0000${organizationId}`;
    const running = this.counts.get(key) ?? 0;
    if (running >= this.perOrganization) return false;
    this.counts.set(key, running + 1);
    return true;
  }

  release(queue: string, organizationId: string): void {
    const key = `${queue}\u0000${organizationId}`;
    const running = (this.counts.get(key) ?? 1) - 1;
    if (running <= 0) this.counts.delete(key);
    else this.counts.set(key, running);
  }
}
