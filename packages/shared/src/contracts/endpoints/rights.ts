/** Rights on media and sharing. */
import { zIdParam } from '../common.ts';
import {
  zConversationUserParams,
  zConversationUsers,
  zConversationsUsers,
  zConversationsUsersBody,
  zRightResponse,
  zSetUserRightBody,
  zShareAccessBody,
  zShareAccessResult,
} from '../library.ts';
import { P, endpoint } from './define.ts';

export const rightEndpoints = {
  mine: endpoint({
    method: 'GET',
    path: `${P}/conversations/:id/rights`,
    summary: "The caller's effective right on a media (404 without read)",
    tag: 'rights',
    auth: true,
    params: zIdParam,
    response: zRightResponse,
  }),
  users: endpoint({
    method: 'GET',
    path: `${P}/conversations/:id/users`,
    summary: 'Who has access to a media: organization members (default or custom right) and users it is shared with (share right; 403 for other readers)',
    tag: 'rights',
    auth: true,
    params: zIdParam,
    response: zConversationUsers,
  }),
  usersOfMany: endpoint({
    method: 'POST',
    path: `${P}/conversations/users`,
    summary:
      'Who has access to each of several media (`conversations`, up to 100), as GET /conversations/{id}/users answers, to share them at once (share right on every media, else nothing is told: 404 when one is not visible, else 403)',
    tag: 'rights',
    auth: true,
    body: zConversationsUsersBody,
    response: zConversationsUsers,
  }),
  setUser: endpoint({
    method: 'PUT',
    path: `${P}/conversations/:id/users/:userId`,
    summary: "Give a user a right on a media (share right; at most the caller's own right, and never to someone holding more; notifies by mail)",
    tag: 'rights',
    auth: true,
    params: zConversationUserParams,
    body: zSetUserRightBody,
    response: zConversationUsers,
  }),
  removeUser: endpoint({
    method: 'DELETE',
    path: `${P}/conversations/:id/users/:userId`,
    summary: "Remove a user's custom right on a media: a member falls back to the members' default right, an outside user loses access (share right; notifies by mail)",
    tag: 'rights',
    auth: true,
    params: zConversationUserParams,
    response: zConversationUsers,
  }),
  shareAccess: endpoint({
    method: 'POST',
    path: `${P}/conversations/shared/access`,
    summary: 'Share several media of an organization with several users (share right on every media, else none is shared)',
    tag: 'rights',
    auth: true,
    body: zShareAccessBody,
    response: zShareAccessResult,
  }),
};
