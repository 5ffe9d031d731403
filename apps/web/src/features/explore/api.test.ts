import { describe, expect, it } from 'vitest';
import { listQuery, type ListParams } from './api.ts';

const params: ListParams = { page: 2, size: 10, sortField: 'name', sortCriteria: 1, text: '', tags: [], noTags: false, keywords: [] };

describe('listQuery', () => {
  it('sends page and sort, leaves empty filters out', () => {
    expect(listQuery({ kind: 'organization', organizationId: 'o1' }, params)).toEqual({
      page: 2,
      size: 10,
      sortField: 'name',
      sortCriteria: '1',
      text: undefined,
      tags: undefined,
      filter: undefined,
      keyword: undefined,
      organizationId: undefined,
    });
  });

  it('joins the keyword criteria with commas', () => {
    expect(listQuery({ kind: 'shared' }, { ...params, keywords: ['budget', 'public transport'] }).keyword).toBe('budget,public transport');
  });

  it('joins the tag criteria with commas', () => {
    expect(listQuery({ kind: 'shared' }, { ...params, text: 'budget', tags: ['a', 'b'] })).toMatchObject({ text: 'budget', tags: 'a,b', filter: undefined });
  });

  it('"No tags" wins over tag criteria', () => {
    expect(listQuery({ kind: 'organization', organizationId: 'o1' }, { ...params, tags: ['a'], noTags: true })).toMatchObject({ tags: undefined, filter: 'notags' });
  });

  it('lists favorites of every organization', () => {
    expect(listQuery({ kind: 'favorites' }, params)).not.toHaveProperty('organizationId');
    expect(listQuery({ kind: 'shared' }, params)).not.toHaveProperty('organizationId');
  });
});
