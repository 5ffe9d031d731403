import { describe, expect, it } from 'vitest';
import { changeList, DEFAULT_LIST_STATE, listSearchParams, parseListSearch } from './listSearch.ts';

const TAG_A = '0b9f4f2e-4c1a-4a8e-9d39-6c8f1f5e2a01';
const TAG_B = '7d3c2b1a-0f9e-4d8c-b7a6-5e4d3c2b1a00';

describe('parseListSearch', () => {
  it('gives the defaults for an empty query string', () => {
    expect(parseListSearch(new URLSearchParams())).toEqual(DEFAULT_LIST_STATE);
  });

  it('reads every value, the page counting from 1 in the URL', () => {
    expect(parseListSearch(new URLSearchParams(`text=budget&tags=${TAG_A},${TAG_B}&sort=name&order=asc&page=3&size=25`))).toEqual({
      text: 'budget',
      tags: [TAG_A, TAG_B],
      noTags: false,
      keywords: [],
      sortField: 'name',
      sortCriteria: 1,
      page: 2,
      size: 25,
    });
  });

  it('falls back to the default of each invalid value', () => {
    const state = parseListSearch(new URLSearchParams(`sort=owner&order=up&page=0&size=7&tags=nope,${TAG_A}`));
    expect(state).toEqual({ ...DEFAULT_LIST_STATE, tags: [TAG_A] });
    expect(parseListSearch(new URLSearchParams('page=-2&size=1000')).page).toBe(0);
    expect(parseListSearch(new URLSearchParams('page=2.5')).page).toBe(0);
    expect(parseListSearch(new URLSearchParams('size=1000')).size).toBe(10);
    expect(parseListSearch(new URLSearchParams(`text=${'a'.repeat(201)}`)).text).toBe('');
  });

  it('"No tags" wins over tag criteria, and more than 20 criteria are dropped', () => {
    expect(parseListSearch(new URLSearchParams(`notags=1&tags=${TAG_A}`))).toMatchObject({ noTags: true, tags: [] });
    const many = Array.from({ length: 21 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',');
    expect(parseListSearch(new URLSearchParams(`tags=${many}`)).tags).toEqual([]);
  });

  it('reads the keyword criteria, without repeats, and drops them beyond 200 characters', () => {
    expect(parseListSearch(new URLSearchParams('keyword=budget, écoles,budget')).keywords).toEqual(['budget', 'écoles']);
    expect(parseListSearch(new URLSearchParams(`keyword=${'a'.repeat(201)}`)).keywords).toEqual([]);
  });
});

describe('listSearchParams', () => {
  it('leaves the defaults out and keeps other keys', () => {
    expect(listSearchParams(DEFAULT_LIST_STATE, new URLSearchParams('other=1')).toString()).toBe('other=1');
  });

  it('round-trips a state', () => {
    const state = { text: 'café crème', tags: [TAG_A], noTags: false, keywords: ['budget', 'écoles'], sortField: 'created' as const, sortCriteria: 1 as const, page: 4, size: 50 };
    const params = listSearchParams(state);
    expect(params.get('page')).toBe('5');
    expect(parseListSearch(new URLSearchParams(params.toString()))).toEqual(state);
  });
});

describe('changeList', () => {
  const onPage3 = { ...DEFAULT_LIST_STATE, page: 2 };

  it('starts again from the first page on a new search, sort, criteria or page size', () => {
    expect(changeList(onPage3, { text: 'x' }).page).toBe(0);
    expect(changeList(onPage3, { sortField: 'name' }).page).toBe(0);
    expect(changeList(onPage3, { tags: [TAG_A] }).page).toBe(0);
    expect(changeList(onPage3, { size: 25 }).page).toBe(0);
  });

  it('keeps everything else on a page change', () => {
    expect(changeList({ ...onPage3, text: 'x' }, { page: 5 })).toEqual({ ...onPage3, text: 'x', page: 5 });
  });
});
