import { describe, expect, it } from 'vitest';
import { followMatch, stepMatch } from './findNavigation.ts';

const order = new Map([
  ['a', 0],
  ['b', 1],
  ['c', 2],
]);
const at = (id: string) => order.get(id) ?? -1;
const m = (turnId: string, start: number) => ({ turnId, start, end: start + 3 });

describe('moving between matches', () => {
  it('goes forward and back, wrapping at both ends', () => {
    expect(stepMatch(0, 3, 1)).toBe(1);
    expect(stepMatch(2, 3, 1)).toBe(0);
    expect(stepMatch(0, 3, -1)).toBe(2);
    expect(stepMatch(-1, 3, 1)).toBe(0);
    expect(stepMatch(-1, 3, -1)).toBe(2);
    expect(stepMatch(5, 3, 1)).toBe(0);
  });

  it('has nowhere to go without matches', () => {
    expect(stepMatch(0, 0, 1)).toBe(-1);
    expect(stepMatch(-1, 0, -1)).toBe(-1);
  });
});

describe('keeping the current match when the matches change', () => {
  const matches = [m('a', 0), m('a', 10), m('b', 4), m('c', 0)];

  it('starts at the first match of a new search', () => {
    expect(followMatch(matches, null, at)).toBe(0);
  });

  it('stays on the same match when it is still there', () => {
    expect(followMatch(matches, m('b', 4), at)).toBe(2);
  });

  it('moves to the next match after a replaced one', () => {
    expect(followMatch(matches, m('a', 5), at)).toBe(1);
    expect(followMatch(matches, m('b', 9), at)).toBe(3);
  });

  it('follows document order when the turn of the match is gone', () => {
    expect(followMatch([m('a', 0), m('c', 0)], { turnId: 'gone', start: 0, end: 1 }, at)).toBe(0);
    const later = new Map([...order, ['gone', 1.5]]);
    expect(followMatch([m('a', 0), m('c', 0)], { turnId: 'gone', start: 0, end: 1 }, (id) => later.get(id) ?? -1)).toBe(1);
  });

  it('wraps to the first match when none is after the previous one', () => {
    expect(followMatch([m('a', 0), m('b', 0)], m('c', 9), at)).toBe(0);
  });

  it('has no current match without matches', () => {
    expect(followMatch([], m('a', 0), at)).toBe(-1);
  });
});
