/**
 * The broker-down rule of the live socket (docs/PRODUCT.md, Limits): consecutive `broker_ko` notices are counted, a
 * `broker_ok` resets the count, and more than `LIVE_LIMITS.brokerDownNotices` in a row close the
 * connection (the count starts again from zero).
 */
import { LIVE_LIMITS } from '@palabre/shared';

export interface BrokerState {
  /** Consecutive `broker_ko` notices so far. */
  downs: number;
  /** Transcription is interrupted (the last notice was `broker_ko`). */
  interrupted: boolean;
}

export const BROKER_UP: BrokerState = { downs: 0, interrupted: false };

export function brokerNotice(state: BrokerState, notice: 'broker_ko' | 'broker_ok', limit: number = LIVE_LIMITS.brokerDownNotices): { state: BrokerState; close: boolean } {
  if (notice === 'broker_ok') return { state: BROKER_UP, close: false };
  const downs = state.downs + 1;
  if (downs > limit) return { state: { downs: 0, interrupted: true }, close: true };
  return { state: { downs, interrupted: true }, close: false };
}
