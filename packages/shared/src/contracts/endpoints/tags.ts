/** Tag categories, tags and tags on media. */
import { zIdParam, zList } from '../common.ts';
import { zConversation } from '../conversations.ts';
import { zCategory, zCategoryBody, zCategoryParams, zTag, zTagBody, zTagParams, zUpdateCategoryBody, zUpdateTagBody } from '../library.ts';
import { P, endpoint } from './define.ts';

export const tagEndpoints = {
  ofConversation: endpoint({ method: 'GET', path: `${P}/conversations/:id/tags`, summary: "The tags on a media, in their categories (name and color), for anyone who reads the media", tag: 'tags', auth: true, params: zIdParam, response: zList(zCategory) }),
  addToConversation: endpoint({ method: 'POST', path: `${P}/conversations/:id/tags/:tagId`, summary: "Put a tag of the media's organization on it (write right)", tag: 'tags', auth: true, params: zTagParams, response: zConversation }),
  removeFromConversation: endpoint({ method: 'DELETE', path: `${P}/conversations/:id/tags/:tagId`, summary: 'Take a tag off a media (write right)', tag: 'tags', auth: true, params: zTagParams, response: zConversation }),
  categories: endpoint({ method: 'GET', path: `${P}/organizations/:id/categories`, summary: 'Tag categories of an organization with their tags (members)', tag: 'tags', auth: true, params: zIdParam, response: zList(zCategory) }),
  createCategory: endpoint({ method: 'POST', path: `${P}/organizations/:id/categories`, summary: 'Create a tag category (maintainers and above; names unique in the organization)', tag: 'tags', auth: true, params: zIdParam, body: zCategoryBody, response: zCategory, status: 201 }),
  updateCategory: endpoint({ method: 'PATCH', path: `${P}/organizations/:id/categories/:categoryId`, summary: 'Rename or recolor a category (maintainers and above)', tag: 'tags', auth: true, params: zCategoryParams, body: zUpdateCategoryBody, response: zCategory }),
  removeCategory: endpoint({ method: 'DELETE', path: `${P}/organizations/:id/categories/:categoryId`, summary: 'Delete a category, its tags and their use on media (maintainers and above)', tag: 'tags', auth: true, params: zCategoryParams, status: 204 }),
  createTag: endpoint({ method: 'POST', path: `${P}/organizations/:id/tags`, summary: 'Create a tag in a category (members; names unique in the category)', tag: 'tags', auth: true, params: zIdParam, body: zTagBody, response: zTag, status: 201 }),
  updateTag: endpoint({ method: 'PATCH', path: `${P}/organizations/:id/tags/:tagId`, summary: 'Rename a tag or move it to another category (maintainers and above)', tag: 'tags', auth: true, params: zTagParams, body: zUpdateTagBody, response: zTag }),
  removeTag: endpoint({ method: 'DELETE', path: `${P}/organizations/:id/tags/:tagId`, summary: 'Delete a tag and its use on media (maintainers and above)', tag: 'tags', auth: true, params: zTagParams, status: 204 }),
};
