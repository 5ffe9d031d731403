/**
 * A job's progress, stored and pushed while it moves without flooding the database and the sockets:
 * a new fraction is taken when it moved at least `step` since the last one taken, or after
 * `intervalMs`. Stores run one after another (never two at once for one job); a failed store is
 * logged and the job goes on.
 */
export interface ProgressOptions {
  step: number;
  intervalMs: number;
  /** Stores the fraction (rounded to 0.001, at most 1). */
  store: (progress: number) => Promise<void>;
  /** Pushes it (notices), right away. */
  push: (progress: number) => void;
  onStoreError: (error: unknown) => void;
  /** The time the throttle starts from (default: no fraction taken yet, so the first one is). */
  startedAt?: number;
}

export interface ProgressWriter {
  report(fraction: number): void;
  /** Resolves once every store asked for is done. */
  flush(): Promise<void>;
}

export function throttledProgress(options: ProgressOptions): ProgressWriter {
  let chain: Promise<unknown> = Promise.resolve();
  let last = 0;
  let lastAt = options.startedAt ?? 0;
  return {
    report(fraction) {
      const now = Date.now();
      if (fraction <= last || (fraction - last < options.step && now - lastAt < options.intervalMs)) return;
      last = fraction;
      lastAt = now;
      const progress = Math.round(Math.min(1, fraction) * 1000) / 1000;
      chain = chain.then(() => options.store(progress)).catch(options.onStoreError);
      options.push(progress);
    },
    flush: () => chain.then(() => undefined),
  };
}
