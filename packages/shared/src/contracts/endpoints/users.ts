/** Accounts: creation, the signed-in user, verification, passwords, pictures, search. */
import { z } from 'zod';
import { zResetPasswordBody, zResetPasswordRequestBody, zTokenPair } from '../auth.ts';
import { zIdParam, zList, zMessage } from '../common.ts';
import { zChangePasswordBody, zCreateUserFields, zPublicUser, zSetupBody, zUpdateSelfBody, zUser, zUserCard, zUserSearchQuery, zVerifyEmailBody } from '../users.ts';
import { P, endpoint } from './define.ts';
import { FIRST_SCREEN_PATHS } from '../../constants.ts';

const zCreatedUser = z.object({ message: z.string(), user_id: z.string() });

export const userEndpoints = {
  create: endpoint({
    method: 'POST',
    path: `${P}/users`,
    summary: 'Create an account (multipart; optional file part `picture`)',
    tag: 'users',
    auth: false,
    multipart: zCreateUserFields,
    response: zCreatedUser,
    status: 201,
  }),
  setup: endpoint({
    method: 'POST',
    path: `${P}/setup`,
    summary: 'Create the first super administrator with the one-time setup token printed by the server (refused once any account exists; rate limited)',
    tag: 'users',
    auth: false,
    body: zSetupBody,
    response: zTokenPair,
  }),
  self: endpoint({ method: 'GET', path: FIRST_SCREEN_PATHS.self, summary: 'The signed-in user', tag: 'users', auth: true, response: zUser }),
  updateSelf: endpoint({
    method: 'PUT',
    path: `${P}/users/self`,
    summary: 'Update own profile and preferences; a new address takes effect once verified (current password required)',
    tag: 'users',
    auth: true,
    body: zUpdateSelfBody,
    response: zUser,
  }),
  verifyEmail: endpoint({
    method: 'PATCH',
    path: `${P}/users/self/verify-email`,
    summary: 'Verify an address with the token of the mailed link',
    tag: 'users',
    auth: false,
    body: zVerifyEmailBody,
    response: zMessage,
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: `${P}/users/self/verify-email`,
    summary: 'Mail a new verification link to the own unverified address',
    tag: 'users',
    auth: true,
    response: zMessage,
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: `${P}/users/self/password`,
    summary: 'Change password (revokes other sessions)',
    tag: 'users',
    auth: true,
    body: zChangePasswordBody,
    response: zTokenPair,
  }),
  setPicture: endpoint({ method: 'PUT', path: `${P}/users/self/picture`, summary: 'Set own picture (multipart file part `picture`)', tag: 'users', auth: true, response: zUser }),
  removePicture: endpoint({ method: 'DELETE', path: `${P}/users/self/picture`, summary: 'Remove own picture', tag: 'users', auth: true, response: zUser }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: `${P}/users/self/reset-password`,
    summary: 'Mail a password reset link (same answer for unknown addresses)',
    tag: 'users',
    auth: false,
    body: zResetPasswordRequestBody,
    response: zMessage,
  }),
  resetPassword: endpoint({
    method: 'PUT',
    path: `${P}/users/self/reset-password`,
    summary: 'Set a new password with a reset token',
    tag: 'users',
    auth: false,
    body: zResetPasswordBody,
    response: zMessage,
  }),
  search: endpoint({
    method: 'GET',
    path: `${P}/users/search`,
    summary:
      'Search users by name or email among people sharing an organization with the caller or holding a right on a media of one of them; anyone else only on an exact email (private profiles hidden)',
    tag: 'users',
    auth: true,
    query: zUserSearchQuery,
    response: zList(zPublicUser),
  }),
  get: endpoint({ method: 'GET', path: `${P}/users/:id`, summary: 'A user as the caller may see them', tag: 'users', auth: true, params: zIdParam, response: zUserCard }),
  picture: endpoint({
    method: 'GET',
    path: `${P}/users/:id/picture`,
    summary: 'A user picture. The authToken cookie authenticates it',
    tag: 'users',
    auth: true,
    cookieAuth: true,
    params: zIdParam,
  }),
};
