/**
 * The endpoint table: every HTTP endpoint with its request and response contracts.
 * The server serves it as an OpenAPI document and refuses to start when a route is missing here.
 */
import { z } from 'zod';
import {
  zAuthProviderList,
  zLoginBody,
  zMagicLinkLoginBody,
  zMagicLinkRequestBody,
  zRefreshBody,
  zResetPasswordBody,
  zResetPasswordRequestBody,
  zTokenPair,
} from './auth.ts';
import {
  zBulkDeleteConversationsQuery,
  zConversation,
  zConversationListItem,
  zConversationQuery,
  zConversationSearchBody,
  zCreateConversationFields,
  zTranscriberProfile,
  zTranscriberProfileBody,
  zUpdateConversationBody,
  zRetryConversationBody,
} from './conversations.ts';
import { zIdParam, zList, zMessage, zPagination } from './common.ts';
import { zSpeechModels } from './speech-models.ts';
import {
  zAdminCreateOrganizationBody,
  zCancelInvitationBody,
  zCreateOrganizationBody,
  zInviteMatchingResult,
  zInviteMemberBody,
  zMatchingUsersCount,
  zOrganization,
  zPendingInvitation,
  zRemoveMemberBody,
  zUpdateMemberBody,
  zUpdateOrganizationBody,
} from './organizations.ts';
import {
  zAdminCreateUserBody,
  zAdminUpdateUserBody,
  zChangePasswordBody,
  zCreateUserFields,
  zPublicUser,
  zUpdateSelfBody,
  zVerifyEmailBody,
  zUser,
  zUserSearchQuery,
} from './users.ts';
import {
  zCategory,
  zCategoryBody,
  zCategoryParams,
  zConversationUserParams,
  zConversationUsers,
  zFavorites,
  zLibraryListQuery,
  zPersonalListQuery,
  zRightResponse,
  zSetUserRightBody,
  zShareAccessBody,
  zShareAccessResult,
  zTag,
  zTagBody,
  zTagParams,
  zUpdateCategoryBody,
  zUpdateTagBody,
} from './library.ts';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  tag: string;
  auth: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** multipart/form-data fields (files are described in the summary). */
  multipart?: z.ZodType;
  response?: z.ZodType;
  status?: number;
}

const A = '/cm-api/auth';
const P = '/cm-api/api';
const zBackofficeQuery = zPagination.extend({ search: z.string().optional() });
const zOk = z.object({ status: z.literal('ok') });
const zCreatedConversation = z.object({ message: z.string(), conversationId: z.string() });

export const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/healthcheck', summary: 'Liveness: ok once the app can serve requests', tag: 'system', auth: false, response: zOk },
  { method: 'GET', path: `${P}/config`, summary: 'Public configuration: application name, theme, feature flags, single sign-on', tag: 'system', auth: false },
  { method: 'GET', path: '/cm-api/docs', summary: 'This OpenAPI document', tag: 'system', auth: false },

  { method: 'GET', path: `${A}/list`, summary: 'Enabled sign-in providers', tag: 'auth', auth: false, response: zAuthProviderList },
  { method: 'POST', path: `${A}/login`, summary: 'Sign in with email and password (rate limited)', tag: 'auth', auth: false, body: zLoginBody, response: zTokenPair },
  { method: 'POST', path: `${A}/login/magic-link`, summary: 'Sign in with a one-shot magic link id', tag: 'auth', auth: false, body: zMagicLinkLoginBody, response: zTokenPair },
  { method: 'POST', path: `${A}/magic-link`, summary: 'Mail a magic sign-in link (same answer for unknown addresses)', tag: 'auth', auth: false, body: zMagicLinkRequestBody, response: zMessage },
  { method: 'POST', path: `${A}/refresh`, summary: 'Exchange a refresh token for a new token pair (rotation)', tag: 'auth', auth: false, body: zRefreshBody, response: zTokenPair },
  { method: 'POST', path: `${A}/logout`, summary: 'Revoke the current session', tag: 'auth', auth: true, status: 204 },
  { method: 'GET', path: `${A}/oidc`, summary: 'Start OpenID Connect single sign-on (redirect)', tag: 'auth', auth: false, status: 302 },
  { method: 'GET', path: `${A}/oidc/callback`, summary: 'OpenID Connect return (redirects to /login/oidc)', tag: 'auth', auth: false, status: 302 },
  { method: 'GET', path: `${A}/oidc/token`, summary: 'Exchange the single sign-on code for tokens', tag: 'auth', auth: false, query: z.object({ code: z.string() }), response: zTokenPair },

  { method: 'POST', path: `${P}/users`, summary: 'Create an account (multipart; optional file part `picture`)', tag: 'users', auth: false, multipart: zCreateUserFields, status: 201 },
  { method: 'GET', path: `${P}/users/self`, summary: 'The signed-in user', tag: 'users', auth: true, response: zUser },
  { method: 'PUT', path: `${P}/users/self`, summary: 'Update own profile and preferences; a new address takes effect once verified (current password required)', tag: 'users', auth: true, body: zUpdateSelfBody, response: zUser },
  { method: 'PATCH', path: `${P}/users/self/verify-email`, summary: 'Verify an address with the token of the mailed link', tag: 'users', auth: false, body: zVerifyEmailBody, response: zMessage },
  { method: 'POST', path: `${P}/users/self/verify-email`, summary: 'Mail a new verification link to the own unverified address', tag: 'users', auth: true, response: zMessage },
  { method: 'PUT', path: `${P}/users/self/password`, summary: 'Change password (revokes other sessions)', tag: 'users', auth: true, body: zChangePasswordBody, response: zTokenPair },
  { method: 'PUT', path: `${P}/users/self/picture`, summary: 'Set own picture (multipart file part `picture`)', tag: 'users', auth: true, response: zUser },
  { method: 'DELETE', path: `${P}/users/self/picture`, summary: 'Remove own picture', tag: 'users', auth: true, response: zUser },
  { method: 'POST', path: `${P}/users/self/reset-password`, summary: 'Mail a password reset link (same answer for unknown addresses)', tag: 'users', auth: false, body: zResetPasswordRequestBody, response: zMessage },
  { method: 'PUT', path: `${P}/users/self/reset-password`, summary: 'Set a new password with a reset token', tag: 'users', auth: false, body: zResetPasswordBody, response: zMessage },
  { method: 'GET', path: `${P}/users/search`, summary: 'Search users by name or email among people sharing an organization with the caller or holding a right on a media of one of them; anyone else only on an exact email (private profiles hidden)', tag: 'users', auth: true, query: zUserSearchQuery, response: zList(zPublicUser) },
  { method: 'GET', path: `${P}/users/:id`, summary: 'A user as the caller may see them', tag: 'users', auth: true, params: zIdParam, response: zPublicUser },
  { method: 'GET', path: `${P}/users/:id/picture`, summary: 'A user picture', tag: 'users', auth: true, params: zIdParam },

  { method: 'GET', path: `${P}/organizations`, summary: 'My organizations', tag: 'organizations', auth: true, response: zList(zOrganization) },
  { method: 'POST', path: `${P}/organizations`, summary: 'Create an organization (organization initiator or above; name checks rate limited per user)', tag: 'organizations', auth: true, body: zCreateOrganizationBody, response: zOrganization, status: 201 },
  { method: 'GET', path: `${P}/organizations/:id`, summary: 'An organization I belong to', tag: 'organizations', auth: true, params: zIdParam, response: zOrganization },
  { method: 'PATCH', path: `${P}/organizations/:id`, summary: 'Update an organization (admin)', tag: 'organizations', auth: true, params: zIdParam, body: zUpdateOrganizationBody, response: zOrganization },
  { method: 'DELETE', path: `${P}/organizations/:id`, summary: 'Delete an organization (owner)', tag: 'organizations', auth: true, params: zIdParam, status: 204 },
  { method: 'DELETE', path: `${P}/organizations/:id/self`, summary: 'Leave an organization', tag: 'organizations', auth: true, params: zIdParam, status: 204 },
  { method: 'POST', path: `${P}/organizations/:id/users`, summary: 'Invite someone by email (default role 1): the invitation stays pending until they accept it; mails them (rate limited per inviter and per organization)', tag: 'organizations', auth: true, params: zIdParam, body: zInviteMemberBody, response: zOrganization, status: 201 },
  { method: 'PATCH', path: `${P}/organizations/:id/users`, summary: "Change a member's role", tag: 'organizations', auth: true, params: zIdParam, body: zUpdateMemberBody, response: zOrganization },
  { method: 'DELETE', path: `${P}/organizations/:id/users`, summary: 'Remove a member', tag: 'organizations', auth: true, params: zIdParam, body: zRemoveMemberBody, response: zOrganization },
  { method: 'DELETE', path: `${P}/organizations/:id/invitations`, summary: 'Cancel a pending invitation (one whose role the caller could give, or one they sent)', tag: 'organizations', auth: true, params: zIdParam, body: zCancelInvitationBody, response: zOrganization },
  { method: 'GET', path: `${P}/administration/organizations/:id/inviteMatchingMail`, summary: 'How many verified accounts match the organization domains and are neither members nor invited yet', tag: 'organizations', auth: true, params: zIdParam, response: zMatchingUsersCount },
  { method: 'POST', path: `${P}/administration/organizations/:id/inviteMatchingMail`, summary: 'Invite (pending, by mail) every verified account whose email matches the organization domains', tag: 'organizations', auth: true, params: zIdParam, response: zInviteMatchingResult },
  { method: 'GET', path: `${P}/users/self/invitations`, summary: "The signed-in user's pending invitations (verified address only; empty otherwise)", tag: 'organizations', auth: true, response: zList(zPendingInvitation) },
  { method: 'POST', path: `${P}/users/self/invitations/:id/accept`, summary: 'Accept the invitation to organization :id and join it (verified address only)', tag: 'organizations', auth: true, params: zIdParam, response: zOrganization },
  { method: 'POST', path: `${P}/users/self/invitations/:id/decline`, summary: 'Decline the invitation to organization :id (verified address only)', tag: 'organizations', auth: true, params: zIdParam, status: 204 },

  { method: 'POST', path: `${P}/organizations/:id/conversations/create`, summary: 'Create a media: multipart with one `file` part per track (one media, one channel per track; 1 GB per file), or the field `url` to import one (needs the organization upload permission)', tag: 'conversations', auth: true, params: zIdParam, multipart: zCreateConversationFields, response: zCreatedConversation, status: 201 },
  { method: 'GET', path: `${P}/organizations/:id/conversations`, summary: 'Media of an organization the caller may read, each with the caller\'s right (sorted by last_update, newest first, by default; `text` searches title, description and transcript, ranked, each item with a <mark> `highlight` and the transcript `matchTime`; `name` filters titles)', tag: 'conversations', auth: true, params: zIdParam, query: zLibraryListQuery, response: zList(zConversationListItem) },
  { method: 'DELETE', path: `${P}/organizations/:id/conversations`, summary: 'Delete several media (comma list `conversationsId`): if any cannot be deleted by the caller (missing, elsewhere, or without the delete right) none is (403, or 404 when none of those is visible)', tag: 'conversations', auth: true, params: zIdParam, query: zBulkDeleteConversationsQuery, response: z.object({ deleted: z.number().int() }) },
  { method: 'POST', path: `${P}/conversations/search`, summary: 'Full-text search of an organization\'s readable media in title, description or transcript text (`searchType`), ranked, with highlight and matchTime', tag: 'conversations', auth: true, body: zConversationSearchBody, response: zList(zConversationListItem) },
  { method: 'GET', path: `${P}/conversations/:id`, summary: 'A media with its processing state; `projection` (comma list) or `key=last_update` returns only those fields and _id; speakers and text once done', tag: 'conversations', auth: true, params: zIdParam, query: zConversationQuery, response: zConversation },
  { method: 'PATCH', path: `${P}/conversations/:id`, summary: "Rename or describe a media (write right); set the organization members' default right `membersRight` (share right)", tag: 'conversations', auth: true, params: zIdParam, body: zUpdateConversationBody, response: zConversation },
  { method: 'DELETE', path: `${P}/conversations/:id`, summary: 'Delete a media and its files (delete right)', tag: 'conversations', auth: true, params: zIdParam, status: 204 },
  { method: 'GET', path: `${P}/conversations/:id/media`, summary: 'The audio (web rendition, else the original) with HTTP Range; `mediatype=json`: the waveform peaks (404 until computed). The authToken cookie authenticates it', tag: 'conversations', auth: true, params: zIdParam, query: z.object({ mediatype: z.enum(['json', 'audio']).optional() }) },
  { method: 'GET', path: `${P}/conversations/:id/child`, summary: 'Child media (projection as for a media)', tag: 'conversations', auth: true, params: zIdParam, query: zConversationQuery, response: zList(zConversation) },
  { method: 'POST', path: `${P}/conversations/:id/retry`, summary: 'Process again a media whose processing failed (write right), optionally with another `language` and `transcriberProfileId` (an available profile of its organization supporting that language)', tag: 'conversations', auth: true, params: zIdParam, body: zRetryConversationBody, response: zConversation },
  { method: 'GET', path: `${P}/conversations/shared`, summary: 'Media shared with the caller (a per-user right they hold with read), with the filters of the organization list; `organizationId` narrows to one organization', tag: 'library', auth: true, query: zPersonalListQuery, response: zList(zConversationListItem) },
  { method: 'GET', path: `${P}/users/self/favorites`, summary: 'The caller\'s favorite media they can still read, with the filters of the organization list', tag: 'library', auth: true, query: zPersonalListQuery, response: zList(zConversationListItem) },
  { method: 'PUT', path: `${P}/users/self/favorites/:id`, summary: 'Star a media (read right)', tag: 'library', auth: true, params: zIdParam, response: zFavorites },
  { method: 'DELETE', path: `${P}/users/self/favorites/:id`, summary: 'Unstar a media', tag: 'library', auth: true, params: zIdParam, response: zFavorites },
  { method: 'GET', path: `${P}/conversations/:id/rights`, summary: 'The caller\'s effective right on a media (404 without read)', tag: 'rights', auth: true, params: zIdParam, response: zRightResponse },
  { method: 'GET', path: `${P}/conversations/:id/users`, summary: 'Who has access to a media: organization members (default or custom right) and users it is shared with (share right; 403 for other readers)', tag: 'rights', auth: true, params: zIdParam, response: zConversationUsers },
  { method: 'PUT', path: `${P}/conversations/:id/users/:userId`, summary: "Give a user a right on a media (share right; at most the caller's own right, and never to someone holding more; notifies by mail)", tag: 'rights', auth: true, params: zConversationUserParams, body: zSetUserRightBody, response: zConversationUsers },
  { method: 'DELETE', path: `${P}/conversations/:id/users/:userId`, summary: "Remove a user's custom right on a media: a member falls back to the members' default right, an outside user loses access (share right; notifies by mail)", tag: 'rights', auth: true, params: zConversationUserParams, response: zConversationUsers },
  { method: 'POST', path: `${P}/conversations/shared/access`, summary: 'Share several media of an organization with several users (share right on every media, else none is shared)', tag: 'rights', auth: true, body: zShareAccessBody, response: zShareAccessResult },
  { method: 'GET', path: `${P}/conversations/:id/tags`, summary: "The tags on a media, in their categories (name and color), for anyone who reads the media", tag: 'tags', auth: true, params: zIdParam, response: zList(zCategory) },
  { method: 'POST', path: `${P}/conversations/:id/tags/:tagId`, summary: "Put a tag of the media's organization on it (write right)", tag: 'tags', auth: true, params: zTagParams, response: zConversation },
  { method: 'DELETE', path: `${P}/conversations/:id/tags/:tagId`, summary: 'Take a tag off a media (write right)', tag: 'tags', auth: true, params: zTagParams, response: zConversation },
  { method: 'GET', path: `${P}/organizations/:id/categories`, summary: 'Tag categories of an organization with their tags (members)', tag: 'tags', auth: true, params: zIdParam, response: zList(zCategory) },
  { method: 'POST', path: `${P}/organizations/:id/categories`, summary: 'Create a tag category (maintainers and above; names unique in the organization)', tag: 'tags', auth: true, params: zIdParam, body: zCategoryBody, response: zCategory, status: 201 },
  { method: 'PATCH', path: `${P}/organizations/:id/categories/:categoryId`, summary: 'Rename or recolor a category (maintainers and above)', tag: 'tags', auth: true, params: zCategoryParams, body: zUpdateCategoryBody, response: zCategory },
  { method: 'DELETE', path: `${P}/organizations/:id/categories/:categoryId`, summary: 'Delete a category, its tags and their use on media (maintainers and above)', tag: 'tags', auth: true, params: zCategoryParams, status: 204 },
  { method: 'POST', path: `${P}/organizations/:id/tags`, summary: 'Create a tag in a category (members; names unique in the category)', tag: 'tags', auth: true, params: zIdParam, body: zTagBody, response: zTag, status: 201 },
  { method: 'PATCH', path: `${P}/organizations/:id/tags/:tagId`, summary: 'Rename a tag or move it to another category (maintainers and above)', tag: 'tags', auth: true, params: zTagParams, body: zUpdateTagBody, response: zTag },
  { method: 'DELETE', path: `${P}/organizations/:id/tags/:tagId`, summary: 'Delete a tag and its use on media (maintainers and above)', tag: 'tags', auth: true, params: zTagParams, status: 204 },

  { method: 'GET', path: `${P}/transcriber_profiles`, summary: 'Global transcriber profiles (userScope=backoffice: every profile, for platform administrators)', tag: 'transcriber profiles', auth: true, query: z.object({ userScope: z.string().optional() }), response: zList(zTranscriberProfile) },
  { method: 'GET', path: `${P}/organizations/:id/transcriber_profiles`, summary: "Transcriber profiles usable in an organization: global ones and the organization's own", tag: 'transcriber profiles', auth: true, params: zIdParam, response: zList(zTranscriberProfile) },
  { method: 'POST', path: `${P}/transcriber_profiles`, summary: "Create a transcriber profile (global: platform administrators; an organization's: its admins)", tag: 'transcriber profiles', auth: true, body: zTranscriberProfileBody, response: zTranscriberProfile, status: 201 },
  { method: 'GET', path: `${P}/transcriber_profiles/:id`, summary: 'A transcriber profile (the API key is never returned: hasApiKey)', tag: 'transcriber profiles', auth: true, params: zIdParam, response: zTranscriberProfile },
  { method: 'PUT', path: `${P}/transcriber_profiles/:id`, summary: 'Replace a transcriber profile (an absent apiKey keeps the stored one; "" removes it)', tag: 'transcriber profiles', auth: true, params: zIdParam, body: zTranscriberProfileBody, response: zTranscriberProfile },
  { method: 'DELETE', path: `${P}/transcriber_profiles/:id`, summary: 'Delete a transcriber profile', tag: 'transcriber profiles', auth: true, params: zIdParam, status: 204 },

  { method: 'GET', path: `${P}/administration/users`, summary: 'Backoffice: users', tag: 'backoffice', auth: true, query: zBackofficeQuery, response: zList(zUser) },
  { method: 'POST', path: `${P}/administration/users`, summary: 'Backoffice: create a user', tag: 'backoffice', auth: true, body: zAdminCreateUserBody, response: zUser, status: 201 },
  { method: 'GET', path: `${P}/administration/users/:id`, summary: 'Backoffice: a user with their organizations', tag: 'backoffice', auth: true, params: zIdParam },
  { method: 'PATCH', path: `${P}/administration/users/:id`, summary: 'Backoffice: change platform role or status', tag: 'backoffice', auth: true, params: zIdParam, body: zAdminUpdateUserBody, response: zUser },
  { method: 'DELETE', path: `${P}/administration/users/:id`, summary: 'Backoffice: delete a user', tag: 'backoffice', auth: true, params: zIdParam, status: 204 },
  { method: 'GET', path: `${P}/administration/organizations`, summary: 'Backoffice: organizations', tag: 'backoffice', auth: true, query: zBackofficeQuery, response: zList(zOrganization) },
  { method: 'POST', path: `${P}/administration/organizations`, summary: 'Backoffice: create an organization', tag: 'backoffice', auth: true, body: zAdminCreateOrganizationBody, response: zOrganization, status: 201 },
  { method: 'GET', path: `${P}/administration/organizations/:id`, summary: 'Backoffice: an organization', tag: 'backoffice', auth: true, params: zIdParam, response: zOrganization },
  { method: 'PATCH', path: `${P}/administration/organizations/:id`, summary: 'Backoffice: update an organization', tag: 'backoffice', auth: true, params: zIdParam, body: zUpdateOrganizationBody, response: zOrganization },
  { method: 'DELETE', path: `${P}/administration/organizations/:id`, summary: 'Backoffice: delete an organization', tag: 'backoffice', auth: true, params: zIdParam, status: 204 },
  { method: 'GET', path: `${P}/administration/speech_models`, summary: "Backoffice: the installed whisper models and the default model's download", tag: 'backoffice', auth: true, response: zSpeechModels },
  { method: 'POST', path: `${P}/administration/speech_models/retry`, summary: "Backoffice: download the default model again after a failure", tag: 'backoffice', auth: true, response: zSpeechModels },
];

export const endpointKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
