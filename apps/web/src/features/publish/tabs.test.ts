import { describe, expect, it } from 'vitest';
import { PUBLISH_TABS, tabFromSearch } from './tabs.ts';

describe('tabFromSearch', () => {
  it('opens the tab the address names', () => {
    for (const tab of PUBLISH_TABS) expect(tabFromSearch(tab)).toBe(tab);
  });

  it('opens the verbatim tab when the address names none or an unknown one', () => {
    expect(tabFromSearch(null)).toBe('verbatim');
    expect(tabFromSearch('')).toBe('verbatim');
    expect(tabFromSearch('toString')).toBe('verbatim');
  });
});
