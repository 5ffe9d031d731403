/** Hourly budgets: per key, all or nothing, and the hour slides. */
import { describe, expect, it } from 'vitest';
import { HourlyBudget } from '../../src/http/budget.ts';

describe('HourlyBudget', () => {
  it('grants up to the maximum per key within an hour, then refuses', () => {
    const budget = new HourlyBudget(3);
    const t0 = 1_000_000;
    expect([1, 2, 3].map(() => budget.take('a', 1, t0))).toEqual([true, true, true]);
    expect(budget.take('a', 1, t0 + 1000)).toBe(false);
    expect(budget.take('b', 1, t0 + 1000)).toBe(true);
    expect(budget.take('a', 1, t0 + 3600_000)).toBe(true);
  });

  it('takes several at once or none, and gives back a refund', () => {
    const budget = new HourlyBudget(5);
    expect(budget.take('org', 4, 0)).toBe(true);
    expect(budget.take('org', 2, 0)).toBe(false);
    expect(budget.take('org', 1, 0)).toBe(true);
    budget.refund('org', 3);
    expect(budget.take('org', 3, 0)).toBe(true);
    expect(budget.take('org', 1, 0)).toBe(false);
  });
});
