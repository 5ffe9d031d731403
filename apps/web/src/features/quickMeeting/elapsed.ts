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

/**
 * The clock of a meeting opened on this page, paused: what it already recorded (the seconds of
 * audio the server received, across reloads and devices) counted, so that a continued meeting goes
 * on from there rather than from 0:00.
 */
export function alreadyCounted(receivedSeconds: number): Elapsed {
  return Number.isFinite(receivedSeconds) && receivedSeconds > 0 ? { counted: receivedSeconds * 1000, since: null } : NO_TIME;
}

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
