/** Tags and categories as the API shows them (docs/PRODUCT.md, Entities). */
import type { Category, CategoryColor, Tag } from '@palabre/shared';
import type { CategoryRow, TagRow } from './repo.ts';

export function presentTag(row: TagRow): Tag {
  return { _id: row.id, name: row.name, categoryId: row.categoryId, organizationId: row.organizationId };
}

/** A category with its tags, in the order given (by name). */
export function presentCategory(row: CategoryRow, tags: TagRow[]): Category {
  return {
    _id: row.id,
    name: row.name,
    color: row.color as CategoryColor,
    organizationId: row.organizationId,
    tags: tags.filter((tag) => tag.categoryId === row.id).map(presentTag),
  };
}
