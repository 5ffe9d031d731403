/** What a bot needs to know of one videoconference service (one module each in this folder). */
import type { Page } from 'playwright-core';

/** The join steps did not complete: waiting room, password, a layout not recognised, nobody to hear. */
export class JoinFailed extends Error {
  readonly code: 'join_failed' | 'no_audio';
  constructor(code: 'join_failed' | 'no_audio', message: string) {
    super(message);
    this.code = code;
  }
}

export interface MeetingService {
  /** The address to open: the meeting's, with what makes the service join muted under `displayName`. */
  joinUrl(url: string, displayName: string): string;
  /** Completes the join steps on the opened page; resolves once in the call, throws `JoinFailed`. */
  join(page: Page, signal: AbortSignal): Promise<void>;
  /** How many others are in the call now (null: cannot tell). */
  participants(page: Page): Promise<number | null>;
  /** Posts a caption into the call (its chat), or null when the service offers no way to. */
  postCaption: ((page: Page, text: string) => Promise<void>) | null;
}

/** How long the join steps may take before the bot gives up. */
export const JOIN_TIMEOUT_MS = 60_000;

/** Waits for `condition` in the page, polling, until the signal aborts or the time is up. */
export async function waitInPage(page: Page, condition: () => unknown, signal: AbortSignal, timeoutMs = JOIN_TIMEOUT_MS): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!signal.aborted && Date.now() < deadline) {
    if (await page.evaluate(condition).catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}
