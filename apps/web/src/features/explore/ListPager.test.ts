import { describe, expect, it } from 'vitest';
import { pageCount } from './ListPager.tsx';

describe('pageCount', () => {
  it('gives the pages an exact count fills, at least one', () => {
    expect(pageCount(0, true, 10)).toBe(1);
    expect(pageCount(10, true, 10)).toBe(1);
    expect(pageCount(11, true, 10)).toBe(2);
    expect(pageCount(95, true, 25)).toBe(4);
  });

  it('offers one page past the last counted one when the count stopped short', () => {
    expect(pageCount(1000, false, 10)).toBe(101);
    expect(pageCount(6000, false, 10)).toBe(601);
    expect(pageCount(1005, false, 10)).toBe(102);
  });
});
