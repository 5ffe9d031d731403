import { LIVE_LIMITS } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { BROKER_UP, brokerNotice, type BrokerState } from './broker.ts';

const run = (notices: Array<'broker_ko' | 'broker_ok'>) => {
  let state: BrokerState = BROKER_UP;
  const closes: number[] = [];
  notices.forEach((notice, index) => {
    const next = brokerNotice(state, notice);
    state = next.state;
    if (next.close) closes.push(index);
  });
  return { state, closes };
};

describe('the broker-down rule', () => {
  it('closes after more than the limit of consecutive broker_ko, then counts from zero', () => {
    const limit = LIVE_LIMITS.brokerDownNotices;
    const ko = Array<'broker_ko'>(limit).fill('broker_ko');
    expect(run(ko).closes).toEqual([]);
    expect(run(ko).state).toEqual({ downs: limit, interrupted: true });
    const { closes, state } = run([...ko, 'broker_ko', 'broker_ko']);
    expect(closes).toEqual([limit]);
    expect(state.downs).toBe(1);
  });

  it('resets the count on broker_ok', () => {
    const limit = LIVE_LIMITS.brokerDownNotices;
    const ko = Array<'broker_ko'>(limit).fill('broker_ko');
    const { closes, state } = run([...ko, 'broker_ok', ...ko]);
    expect(closes).toEqual([]);
    expect(state).toEqual({ downs: limit, interrupted: true });
    expect(run(['broker_ko', 'broker_ok']).state).toEqual(BROKER_UP);
  });
});
