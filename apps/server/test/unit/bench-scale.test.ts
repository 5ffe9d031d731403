import { describe, expect, it } from 'vitest';
import { callFigures, latency, p50p95 } from '../../src/bench/scale-figures.ts';

describe('bench scale figures', () => {
  it('sums up latency samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(latency(samples)).toEqual({ count: 100, p50: 50, p95: 95, max: 100 });
    expect(latency([])).toEqual({ count: 0, p50: 0, p95: 0, max: 0 });
    expect(p50p95(latency([]))).toBe('–');
    expect(p50p95(latency([10.4, 20.6]))).toBe('10 / 21 ms');
  });

  it('counts successful calls per key and per second, errors apart', () => {
    const calls = [
      { key: 'list', ms: 10, ok: true },
      { key: 'search', ms: 30, ok: true },
      { key: 'list', ms: 20, ok: true },
      { key: 'list', ms: 5000, ok: false },
      { key: 'search', ms: 50, ok: true },
    ];
    const [list, search] = callFigures(calls, 2000);
    expect(list).toMatchObject({ key: 'list', count: 2, errors: 1, perSecond: 1, p50: 10, p95: 20, max: 20 });
    expect(search).toMatchObject({ key: 'search', count: 2, errors: 0, perSecond: 1, p50: 30, p95: 50 });
    expect(callFigures([], 0)).toEqual([]);
  });
});
