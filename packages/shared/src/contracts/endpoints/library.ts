/** The personal library: media shared with the caller, favorites. */
import { zIdParam } from '../common.ts';
import { zConversationPage } from '../conversations.ts';
import { zFavorites, zPersonalListQuery } from '../library.ts';
import { P, endpoint } from './define.ts';

export const libraryEndpoints = {
  shared: endpoint({
    method: 'GET',
    path: `${P}/conversations/shared`,
    summary: 'Media shared with the caller (a per-user right they hold with read), with the filters of the organization list; `organizationId` narrows to one organization',
    tag: 'library',
    auth: true,
    query: zPersonalListQuery,
    response: zConversationPage,
  }),
  favorites: endpoint({
    method: 'GET',
    path: `${P}/users/self/favorites`,
    summary: "The caller's favorite media they can still read, with the filters of the organization list",
    tag: 'library',
    auth: true,
    query: zPersonalListQuery,
    response: zConversationPage,
  }),
  addFavorite: endpoint({
    method: 'PUT',
    path: `${P}/users/self/favorites/:id`,
    summary: 'Star a media (read right)',
    tag: 'library',
    auth: true,
    params: zIdParam,
    response: zFavorites,
  }),
  removeFavorite: endpoint({
    method: 'DELETE',
    path: `${P}/users/self/favorites/:id`,
    summary: 'Unstar a media',
    tag: 'library',
    auth: true,
    params: zIdParam,
    response: zFavorites,
  }),
};
