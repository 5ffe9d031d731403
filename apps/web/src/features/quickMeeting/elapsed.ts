/**
 * The meeting's elapsed recording time: it runs only while audio is being sent, and keeps what was
 * counted across pauses.
 */

export interface Elapsed {
  /** Milliseconds counted before the current run. */
  counted: number;
  /** When the current run began (ms since the epoch), or null while paused. */
  since: number | null;
}

export const NO_TIME: Elapsed = { counted: 0, since: null };

export function resume(elapsed: Elapsed, now: number): Elapsed {
  return elapsed.since === null ? { counted: elapsed.counted, since: now } : elapsed;
}

export function pause(elapsed: Elapsed, now: number): Elapsed {
  return elapsed.since === null ? elapsed : { counted: elapsed.counted + Math.max(0, now - elapsed.since), since: null };
}

/** Seconds counted so far. */
export function elapsedSeconds(elapsed: Elapsed, now: number): number {
  const running = elapsed.since === null ? 0 : Math.max(0, now - elapsed.since);
  return Math.floor((elapsed.counted + running) / 1000);
}
