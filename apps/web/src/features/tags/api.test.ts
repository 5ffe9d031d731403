import type { Category } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { indexTags } from './api.ts';

describe('indexTags', () => {
  it('indexes every tag by id with its category', () => {
    const categories: Category[] = [
      { _id: 'c1', name: 'Topics', color: 'blue', organizationId: 'o', tags: [{ _id: 't1', name: 'Budget', categoryId: 'c1', organizationId: 'o' }] },
      { _id: 'c2', name: 'Clients', color: 'orange', organizationId: 'o', tags: [{ _id: 't2', name: 'Acme', categoryId: 'c2', organizationId: 'o' }] },
    ];
    const index = indexTags(categories);
    expect([...index.keys()]).toEqual(['t1', 't2']);
    expect(index.get('t2')?.category.color).toBe('orange');
    expect(indexTags(undefined).size).toBe(0);
  });
});
