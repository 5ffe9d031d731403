/**
 * The minimum transfer rate of a URL import. The idle timeout alone lets a server that sends one
 * byte every few seconds hold an import worker until the total timeout (an hour by default), so a
 * download that receives less than `minBytesPerSecond` on average over a window is aborted.
 */

/** Aborts when fewer than `minBytesPerSecond` arrived, on average, over one window. */
export class RateFloor {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout | undefined;
  private bytes = 0;
  private since = performance.now();

  constructor(minBytesPerSecond: number, windowMs: number) {
    if (minBytesPerSecond <= 0) return;
    this.timer = setInterval(() => {
      // The rate over the time that really passed: a late timer (a busy event loop) neither
      // aborts a healthy download nor lets a trickle through.
      const now = performance.now();
      const rate = (this.bytes * 1000) / Math.max(1, now - this.since);
      this.bytes = 0;
      this.since = now;
      if (rate < minBytesPerSecond) this.controller.abort();
    }, windowMs);
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  count(bytes: number): void {
    this.bytes += bytes;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/** What the media's log says when the floor stopped a download. */
export function tooSlowMessage(minBytesPerSecond: number, windowMs: number): string {
  const rate = minBytesPerSecond >= 1024 ? `${Math.round(minBytesPerSecond / 1024)} KB/s` : `${minBytesPerSecond} bytes/s`;
  return `the server sent less than ${rate} over ${Math.round(windowMs / 1000)} s`;
}
