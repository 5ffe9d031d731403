/** A token bucket: `burst` tokens, refilled at `perSecond`; each accepted message takes one. */
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

  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
