/**
 * What one user may send on the collaboration socket of this server, every socket of theirs together
 * (docs/collaboration.md, Errors and limits): opening more sockets (tabs, scripts) does not widen it.
 * A count of updates and their bytes, each a token bucket of COLLAB_LIMITS.
 */
import { COLLAB_LIMITS } from '@palabre/shared';
import { TokenBucket } from './token-bucket.ts';

/** How often buckets refilled to the brim are forgotten (a full bucket is the same as a new one). */
const SWEEP_MS = 60_000;

interface UserBudget {
  updates: TokenBucket;
  bytes: TokenBucket;
}

export class UpdateBudgets {
  // Kept after the user's sockets are gone, until refilled: reconnecting does not start a new budget.
  private readonly users = new Map<string, UserBudget>();
  private sweptAt: number;

  constructor(now = Date.now()) {
    this.sweptAt = now;
  }

  /** Takes one update of `bytes` from the user's budget; false (nothing taken) when it does not fit. */
  take(userId: string, bytes: number, now = Date.now()): boolean {
    this.sweep(now);
    let budget = this.users.get(userId);
    if (!budget) {
      budget = {
        updates: new TokenBucket(COLLAB_LIMITS.updateBurst, COLLAB_LIMITS.updatesPerSecond, now),
        bytes: new TokenBucket(COLLAB_LIMITS.updateBytesBurst, COLLAB_LIMITS.updateBytesPerSecond, now),
      };
      this.users.set(userId, budget);
    }
    if (!budget.bytes.take(bytes, now)) return false;
    if (budget.updates.take(1, now)) return true;
    budget.bytes.refund(bytes);
    return false;
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < SWEEP_MS) return;
    this.sweptAt = now;
    for (const [userId, budget] of this.users) if (budget.updates.full(now) && budget.bytes.full(now)) this.users.delete(userId);
  }
}
