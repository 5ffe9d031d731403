/** A token bucket: `burst` tokens, refilled at `perSecond`; each accepted message takes its cost (one, or its bytes). */
export class TokenBucket {
  private readonly burst: number;
  private readonly perSecond: number;
  private tokens: number;
  private at: number;

  constructor(burst: number, perSecond: number, now = Date.now()) {
    this.burst = burst;
    this.perSecond = perSecond;
    this.tokens = burst;
    this.at = now;
  }

  take(cost = 1, now = Date.now()): boolean {
    this.refill(now);
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }

  /** Gives back what `take` took for a message refused after all. */
  refund(cost = 1): void {
    this.tokens = Math.min(this.burst, this.tokens + cost);
  }

  /** Refilled to the brim: the same as a new bucket. */
  full(now = Date.now()): boolean {
    this.refill(now);
    return this.tokens >= this.burst;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }
}
