import { describe, expect, it } from 'vitest';
import { mediaAt, parseStartAt } from './startAt.ts';

describe('parseStartAt', () => {
  it('reads seconds, with decimals', () => {
    expect(parseStartAt('12.3')).toBe(12.3);
    expect(parseStartAt('5')).toBe(5);
  });

  it('ignores anything that is not a positive number of seconds', () => {
    for (const raw of [null, '', '0', '-3', 'abc', '1e3', 'Infinity', '12,5', '0x10']) expect(parseStartAt(raw), String(raw)).toBeNull();
  });
});

describe('mediaAt', () => {
  it('adds the moment to the tenth of a second, rounded down', () => {
    expect(mediaAt('/interface/conversations/a', 12.38)).toBe('/interface/conversations/a?t=12.3');
  });

  it('is the path itself without a moment', () => {
    expect(mediaAt('/p', null)).toBe('/p');
    expect(mediaAt('/p', undefined)).toBe('/p');
    expect(mediaAt('/p', 0)).toBe('/p');
    expect(mediaAt('/p', Number.NaN)).toBe('/p');
  });
});
