/**
 * Tag categories and tags of an organization, and tags on media. Members read them and create tags;
 * maintainers and above manage categories and edit or delete tags. Names are unique, ignoring case,
 * per organization (categories) and per category (tags).
 */
import { RIGHT, type Category, type Tag } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { authorize } from '../organizations/service.ts';
import { emit } from '../conversations/effects.ts';
import { access, levelIn, presentOne } from '../conversations/service.ts';
import { mayTagConversation } from '../policy.ts';
import type { PresentedConversation } from '../conversations/presenter.ts';
import { presentCategory, presentTag } from './presenter.ts';
import { tagsRepo, type CategoryRow, type TagRow } from './repo.ts';

const categoryNameTaken = () => new AppError('conflict', 'A category with this name already exists in the organization', { name: 'error.name_exists' });
const tagNameTaken = () => new AppError('conflict', 'A tag with this name already exists in the category', { name: 'error.name_exists' });

/** Runs a write, reporting a name already taken as `taken()`. */
async function uniqueName<T>(write: () => Promise<T>, taken: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** The organization for a member of it; `manage` needs the manageTags ability (policy.ts). */
async function organizationFor(ctx: AppContext, actor: Actor, organizationId: string, manage: boolean) {
  return (await authorize(ctx, actor, organizationId, manage ? 'manageTags' : 'read')).org;
}

/** Media that lost tags are announced as updated (best effort, after the change). */
function announce(ctx: AppContext, organizationId: string, conversationIds: string[]): void {
  for (const conversationId of conversationIds) emit(ctx, organizationId, { conversationId, kind: 'updated' });
}

// --- Categories ---------------------------------------------------------------------------------

export async function listCategories(ctx: AppContext, actor: Actor, organizationId: string): Promise<Category[]> {
  const org = await organizationFor(ctx, actor, organizationId, false);
  const [categories, tags] = await Promise.all([tagsRepo.categoriesOf(ctx.db, org.id), tagsRepo.tagsOf(ctx.db, org.id)]);
  return categories.map((category) => presentCategory(category, tags));
}

export async function createCategory(ctx: AppContext, actor: Actor, organizationId: string, body: { name: string; color: string }): Promise<Category> {
  const org = await organizationFor(ctx, actor, organizationId, true);
  const row = await uniqueName(() => tagsRepo.insertCategory(ctx.db, { organizationId: org.id, name: body.name, color: body.color }), categoryNameTaken);
  return presentCategory(row, []);
}

async function loadCategory(ctx: AppContext, organizationId: string, categoryId: string): Promise<CategoryRow> {
  const category = await tagsRepo.category(ctx.db, organizationId, categoryId);
  if (!category) throw notFound('Category');
  return category;
}

export async function updateCategory(
  ctx: AppContext,
  actor: Actor,
  organizationId: string,
  categoryId: string,
  patch: { name?: string | undefined; color?: string | undefined },
): Promise<Category> {
  const org = await organizationFor(ctx, actor, organizationId, true);
  const category = await loadCategory(ctx, org.id, categoryId);
  const values: { name?: string; color?: string } = {};
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.color !== undefined) values.color = patch.color;
  const updated = Object.keys(values).length > 0 ? ((await uniqueName(() => tagsRepo.updateCategory(ctx.db, category.id, values), categoryNameTaken)) ?? category) : category;
  return presentCategory(updated, await tagsRepo.tagsIn(ctx.db, category.id));
}

export async function removeCategory(ctx: AppContext, actor: Actor, organizationId: string, categoryId: string): Promise<void> {
  const org = await organizationFor(ctx, actor, organizationId, true);
  const category = await loadCategory(ctx, org.id, categoryId);
  const tagged = await tagsRepo.conversationsInCategory(ctx.db, category.id);
  await tagsRepo.deleteCategory(ctx.db, category.id);
  announce(ctx, org.id, tagged);
}

// --- Tags ---------------------------------------------------------------------------------------

async function loadTag(ctx: AppContext, organizationId: string, tagId: string): Promise<TagRow> {
  const tag = await tagsRepo.tag(ctx.db, organizationId, tagId);
  if (!tag) throw notFound('Tag');
  return tag;
}

export async function createTag(ctx: AppContext, actor: Actor, organizationId: string, body: { name: string; categoryId: string }): Promise<Tag> {
  const org = await organizationFor(ctx, actor, organizationId, false);
  const category = await loadCategory(ctx, org.id, body.categoryId);
  const row = await uniqueName(() => tagsRepo.insertTag(ctx.db, { organizationId: org.id, categoryId: category.id, name: body.name }), tagNameTaken);
  return presentTag(row);
}

export async function updateTag(
  ctx: AppContext,
  actor: Actor,
  organizationId: string,
  tagId: string,
  patch: { name?: string | undefined; categoryId?: string | undefined },
): Promise<Tag> {
  const org = await organizationFor(ctx, actor, organizationId, true);
  const tag = await loadTag(ctx, org.id, tagId);
  const values: { name?: string; categoryId?: string } = {};
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.categoryId !== undefined) values.categoryId = (await loadCategory(ctx, org.id, patch.categoryId)).id;
  if (Object.keys(values).length === 0) return presentTag(tag);
  return presentTag((await uniqueName(() => tagsRepo.updateTag(ctx.db, tag.id, values), tagNameTaken)) ?? tag);
}

export async function removeTag(ctx: AppContext, actor: Actor, organizationId: string, tagId: string): Promise<void> {
  const org = await organizationFor(ctx, actor, organizationId, true);
  const tag = await loadTag(ctx, org.id, tagId);
  const tagged = await tagsRepo.conversationsWith(ctx.db, [tag.id]);
  await tagsRepo.deleteTag(ctx.db, tag.id);
  announce(ctx, org.id, tagged);
}

// --- Tags on media ------------------------------------------------------------------------------

/**
 * The tags on a media, grouped in their categories, for anyone who reads the media: a guest sees
 * them without reading the organization's other tags.
 */
export async function ofConversation(ctx: AppContext, actor: Actor, conversationId: string): Promise<Category[]> {
  const { row } = await access(ctx, actor, conversationId);
  const found = await tagsRepo.onConversation(ctx.db, row.id);
  return found.categories.map((category) => presentCategory(category, found.tags));
}

/**
 * Puts a tag on a media (`on`) or takes it off: members of the media's organization with the write
 * right on it. The tag must be one of that organization's; doing it twice changes nothing.
 */
export async function setOnConversation(ctx: AppContext, actor: Actor, conversationId: string, tagId: string, on: boolean): Promise<PresentedConversation> {
  const { row, right } = await access(ctx, actor, conversationId, RIGHT.WRITE, { transcript: true });
  if (!mayTagConversation(await levelIn(ctx, actor, row.organizationId), right)) {
    throw new AppError('forbidden', 'Only members of the organization put its tags on a media');
  }
  const tag = await loadTag(ctx, row.organizationId, tagId);
  await (on ? tagsRepo.attach(ctx.db, row.id, tag.id) : tagsRepo.detach(ctx.db, row.id, tag.id));
  emit(ctx, row.organizationId, { conversationId: row.id, kind: 'updated' });
  return presentOne(ctx, actor, row, right);
}
