import { describe, expect, it } from 'vitest';
import { filterFromSearch, listQuery, searchFromFilter, weekRange } from './listQuery.ts';

describe('weekRange', () => {
  it('runs from Monday 00:00 to the next Monday 00:00, local time', () => {
    const { start, end } = weekRange(new Date(2026, 10, 26, 15, 30), 0); // a Thursday
    expect(start).toEqual(new Date(2026, 10, 23));
    expect(end).toEqual(new Date(2026, 10, 30));
  });

  it('counts a Sunday in the week that began the Monday before', () => {
    expect(weekRange(new Date(2026, 10, 29, 23, 0), 0).start).toEqual(new Date(2026, 10, 23));
    expect(weekRange(new Date(2026, 10, 30, 0, 0), 0).start).toEqual(new Date(2026, 10, 30));
  });

  it('moves by whole weeks, across months', () => {
    expect(weekRange(new Date(2026, 10, 26), -1)).toEqual({ start: new Date(2026, 10, 16), end: new Date(2026, 10, 23) });
    expect(weekRange(new Date(2026, 10, 26), 1)).toEqual({ start: new Date(2026, 10, 30), end: new Date(2026, 11, 7) });
  });
});

describe('listQuery', () => {
  const now = new Date(2026, 10, 26, 12);

  it('maps each tab to its statuses', () => {
    expect(listQuery({ tab: 'ongoing', week: null, page: 0 }, now)).toEqual({ limit: 100, page: 0, statusList: 'active,pending' });
    expect(listQuery({ tab: 'scheduled', week: null, page: 0 }, now)).toEqual({ limit: 100, page: 0, statusList: 'scheduled' });
    expect(listQuery({ tab: 'past', week: null, page: 2 }, now)).toEqual({ limit: 100, page: 2, statusList: 'terminated' });
    expect(listQuery({ tab: 'all', week: null, page: 0 }, now)).toEqual({ limit: 100, page: 0 });
  });

  it('filters planned times by the week where the tab has one', () => {
    expect(listQuery({ tab: 'scheduled', week: 1, page: 0 }, now)).toEqual({
      limit: 100,
      page: 0,
      statusList: 'scheduled',
      'scheduleOn[after]': new Date(2026, 10, 30).toISOString(),
      'scheduleOn[before]': new Date(2026, 11, 7).toISOString(),
    });
    expect(listQuery({ tab: 'past', week: 1, page: 0 }, now)).not.toHaveProperty('scheduleOn[after]');
  });
});

describe('the filters in the address', () => {
  it('read back what was written', () => {
    const filter = { tab: 'scheduled', week: 1, page: 2 } as const;
    expect(filterFromSearch(new URLSearchParams(searchFromFilter(filter)))).toEqual(filter);
    expect(searchFromFilter({ tab: 'all', week: null, page: 0 })).toEqual({ tab: 'all' });
  });

  it('fall back to the ongoing tab, any week and the first page', () => {
    expect(filterFromSearch(new URLSearchParams('tab=nope&week=7&page=-1'))).toEqual({ tab: 'ongoing', week: null, page: 0 });
    expect(filterFromSearch(new URLSearchParams('tab=past&week=-1'))).toEqual({ tab: 'past', week: -1, page: 0 });
  });
});
