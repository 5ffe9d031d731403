/**
 * When a failed delivery is tried again: 6 attempts in all, the waits after each failure being
 * the retry unit (WEBHOOK_RETRY_BASE_SECONDS, 60 s by default) times 1, 10, 60, 240 and 960 — about
 * 1 min, 10 min, 1 h, 4 h and 16 h — each with ±20 % jitter so that a receiver coming back is not
 * hit by every retry at once.
 */
export const MAX_ATTEMPTS = 6;
export const RETRY_FACTORS = [1, 10, 60, 240, 960] as const;
export const RETRY_JITTER = 0.2;

/** 2xx is a success; anything else is retried, except 410 Gone, which ends the delivery at once. */
export const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * The wait in milliseconds before attempt `failed + 1`, after `failed` attempts failed; null when
 * no attempt is left. `random` is in [0, 1).
 */
export function retryDelayMs(failed: number, baseSeconds: number, random: number = Math.random()): number | null {
  if (failed < 1 || failed >= MAX_ATTEMPTS) return null;
  const factor = RETRY_FACTORS[failed - 1]!;
  const jitter = 1 + RETRY_JITTER * (2 * random - 1);
  return Math.round(baseSeconds * factor * jitter * 1000);
}

/** Whether a delivery whose attempt `attempt` answered `status` (null: no answer) is tried again. */
export function retries(attempt: number, status: number | null): boolean {
  if (status !== null && (isSuccess(status) || status === 410)) return false;
  return attempt < MAX_ATTEMPTS;
}
