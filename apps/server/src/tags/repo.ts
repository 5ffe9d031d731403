/** Tag categories, tags, and tags on media. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_CATEGORY } from '@palabre/shared';
import type { Database } from '../db/client.ts';
import { conversationTags, tagCategories, tags } from '../db/schema.ts';

export type CategoryRow = typeof tagCategories.$inferSelect;
export type TagRow = typeof tags.$inferSelect;

export const tagsRepo = {
  /** Tag ids on each of these media (media without tags are absent). */
  async onConversations(db: Database, conversationIds: string[]): Promise<Map<string, string[]>> {
    const byConversation = new Map<string, string[]>();
    if (conversationIds.length === 0) return byConversation;
    const rows = await db
      .select({ conversationId: conversationTags.conversationId, tagId: conversationTags.tagId })
      .from(conversationTags)
      .where(inArray(conversationTags.conversationId, conversationIds))
      .orderBy(asc(conversationTags.createdAt), asc(conversationTags.tagId));
    for (const row of rows) {
      const list = byConversation.get(row.conversationId) ?? [];
      list.push(row.tagId);
      byConversation.set(row.conversationId, list);
    }
    return byConversation;
  },

  // --- Categories -------------------------------------------------------------------------------

  /** The categories of an organization, by name. */
  categoriesOf: (db: Database, organizationId: string) =>
    db
      .select()
      .from(tagCategories)
      .where(eq(tagCategories.organizationId, organizationId))
      .orderBy(asc(sql`lower(${tagCategories.name})`), asc(tagCategories.name), asc(tagCategories.createdAt)),
  /** A category of this organization (absent when it belongs to another one). */
  category: async (db: Database, organizationId: string, id: string): Promise<CategoryRow | undefined> =>
    (
      await db
        .select()
        .from(tagCategories)
        .where(and(eq(tagCategories.id, id), eq(tagCategories.organizationId, organizationId)))
    )[0],
  /** Adds the category every new organization starts with. */
  insertDefaultCategory: (db: Database, organizationId: string): Promise<CategoryRow> => tagsRepo.insertCategory(db, { organizationId, ...DEFAULT_CATEGORY }),
  insertCategory: async (db: Database, values: { organizationId: string; name: string; color: string }): Promise<CategoryRow> =>
    (await db.insert(tagCategories).values(values).returning())[0]!,
  updateCategory: async (db: Database, id: string, values: { name?: string; color?: string }): Promise<CategoryRow | undefined> =>
    (
      await db
        .update(tagCategories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(tagCategories.id, id))
        .returning()
    )[0],
  /** Deletes a category; its tags and their use on media go with it (foreign keys cascade). */
  deleteCategory: (db: Database, id: string) => db.delete(tagCategories).where(eq(tagCategories.id, id)),

  // --- Tags -------------------------------------------------------------------------------------

  /** The tags of an organization, by name. */
  tagsOf: (db: Database, organizationId: string) =>
    db
      .select()
      .from(tags)
      .where(eq(tags.organizationId, organizationId))
      .orderBy(asc(sql`lower(${tags.name})`), asc(tags.name), asc(tags.createdAt)),
  /** The tags of one category, by name. */
  tagsIn: (db: Database, categoryId: string) =>
    db
      .select()
      .from(tags)
      .where(eq(tags.categoryId, categoryId))
      .orderBy(asc(sql`lower(${tags.name})`), asc(tags.name), asc(tags.createdAt)),
  /** A tag of this organization (absent when it belongs to another one). */
  tag: async (db: Database, organizationId: string, id: string): Promise<TagRow | undefined> =>
    (
      await db
        .select()
        .from(tags)
        .where(and(eq(tags.id, id), eq(tags.organizationId, organizationId)))
    )[0],
  insertTag: async (db: Database, values: { organizationId: string; categoryId: string; name: string }): Promise<TagRow> => (await db.insert(tags).values(values).returning())[0]!,
  updateTag: async (db: Database, id: string, values: { name?: string; categoryId?: string }): Promise<TagRow | undefined> =>
    (
      await db
        .update(tags)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(tags.id, id))
        .returning()
    )[0],
  deleteTag: (db: Database, id: string) => db.delete(tags).where(eq(tags.id, id)),

  // --- Tags on media ----------------------------------------------------------------------------

  /** Puts a tag on a media; nothing happens when it is already there. */
  attach: (db: Database, conversationId: string, tagId: string) => db.insert(conversationTags).values({ conversationId, tagId }).onConflictDoNothing(),
  detach: (db: Database, conversationId: string, tagId: string) =>
    db.delete(conversationTags).where(and(eq(conversationTags.conversationId, conversationId), eq(conversationTags.tagId, tagId))),
  /** The tags on a media and the categories they belong to, by name. */
  async onConversation(db: Database, conversationId: string): Promise<{ categories: CategoryRow[]; tags: TagRow[] }> {
    const rows = await db
      .select({ tag: tags, category: tagCategories })
      .from(conversationTags)
      .innerJoin(tags, eq(tags.id, conversationTags.tagId))
      .innerJoin(tagCategories, eq(tagCategories.id, tags.categoryId))
      .where(eq(conversationTags.conversationId, conversationId))
      .orderBy(asc(sql`lower(${tagCategories.name})`), asc(sql`lower(${tags.name})`), asc(tags.name));
    const categories = new Map<string, CategoryRow>();
    for (const row of rows) categories.set(row.category.id, row.category);
    return { categories: [...categories.values()], tags: rows.map((row) => row.tag) };
  },
  /** Ids of the media carrying any of these tags. */
  async conversationsWith(db: Database, tagIds: string[]): Promise<string[]> {
    if (tagIds.length === 0) return [];
    const rows = await db.selectDistinct({ id: conversationTags.conversationId }).from(conversationTags).where(inArray(conversationTags.tagId, tagIds));
    return rows.map((row) => row.id);
  },
  /** Ids of the media carrying a tag of this category. */
  async conversationsInCategory(db: Database, categoryId: string): Promise<string[]> {
    const rows = await db
      .selectDistinct({ id: conversationTags.conversationId })
      .from(conversationTags)
      .innerJoin(tags, eq(tags.id, conversationTags.tagId))
      .where(eq(tags.categoryId, categoryId));
    return rows.map((row) => row.id);
  },
};
