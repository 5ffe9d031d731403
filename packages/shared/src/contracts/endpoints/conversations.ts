/** Media: creation, lists, search, reading, processing. */
import { z } from 'zod';
import { zIdParam, zList } from '../common.ts';
import {
  zBulkDeleteConversationsQuery,
  zConversation,
  zConversationPage,
  zConversationQuery,
  zConversationSearchBody,
  zConversationView,
  zCreateConversationFields,
  zRetryConversationBody,
  zUpdateConversationBody,
} from '../conversations.ts';
import { zLibraryListQuery } from '../library.ts';
import { P, endpoint } from './define.ts';
import { FIRST_SCREEN_PATHS } from '../../constants.ts';

const zCreatedConversation = z.object({ message: z.string(), conversationId: z.string() });

export const conversationEndpoints = {
  create: endpoint({
    method: 'POST',
    path: `${P}/organizations/:id/conversations/create`,
    summary:
      'Create a media: multipart with one `file` part per track (one media, one channel per track; 1 GB per file), or the field `url` to import one (needs the organization upload permission)',
    tag: 'conversations',
    auth: true,
    params: zIdParam,
    multipart: zCreateConversationFields,
    response: zCreatedConversation,
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: `${P}/organizations/:id/conversations`,
    summary:
      "Media of an organization the caller may read, each with the caller's right (sorted by last_update, newest first, by default; `text` searches title, description and transcript, ranked, each item with a <mark> `highlight` and the transcript `matchTime`; `name` filters titles)",
    tag: 'conversations',
    auth: true,
    params: zIdParam,
    query: zLibraryListQuery,
    response: zConversationPage,
  }),
  bulkDelete: endpoint({
    method: 'DELETE',
    path: `${P}/organizations/:id/conversations`,
    summary:
      'Delete several media (comma list `conversationsId`): if any cannot be deleted by the caller (missing, elsewhere, or without the delete right) none is (403, or 404 when none of those is visible)',
    tag: 'conversations',
    auth: true,
    params: zIdParam,
    query: zBulkDeleteConversationsQuery,
    response: z.object({ deleted: z.number().int() }),
  }),
  search: endpoint({
    method: 'POST',
    path: `${P}/conversations/search`,
    summary: "Full-text search of an organization's readable media in title, description or transcript text (`searchType`), ranked, with highlight and matchTime",
    tag: 'conversations',
    auth: true,
    body: zConversationSearchBody,
    response: zConversationPage,
  }),
  get: endpoint({
    method: 'GET',
    path: FIRST_SCREEN_PATHS.conversation,
    summary: 'A media with its processing state; `projection` (comma list) or `key=last_update` returns only those fields and _id; speakers and text once done',
    tag: 'conversations',
    auth: true,
    params: zIdParam,
    query: zConversationQuery,
    response: zConversationView,
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${P}/conversations/:id`,
    summary: "Rename or describe a media (write right); set the organization members' default right `membersRight` (share right)",
    tag: 'conversations',
    auth: true,
    params: zIdParam,
    body: zUpdateConversationBody,
    response: zConversation,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${P}/conversations/:id`,
    summary: 'Delete a media and its files (delete right)',
    tag: 'conversations',
    auth: true,
    params: zIdParam,
    status: 204,
  }),
  media: endpoint({
    method: 'GET',
    path: `${P}/conversations/:id/media`,
    summary:
      'The audio (web rendition, else the original) with HTTP Range; `mediatype=json`: the waveform peaks (404 until computed); `mediatype=video`: the video (404 when the media has none). The authToken cookie authenticates it',
    tag: 'conversations',
    auth: true,
    cookieAuth: true,
    params: zIdParam,
    query: z.object({ mediatype: z.enum(['json', 'audio', 'video']).optional() }),
  }),
  children: endpoint({
    method: 'GET',
    path: `${P}/conversations/:id/child`,
    summary: 'Child media (projection as for a media)',
    tag: 'conversations',
    auth: true,
    params: zIdParam,
    query: zConversationQuery,
    response: zList(zConversationView),
  }),
  retry: endpoint({
    method: 'POST',
    path: `${P}/conversations/:id/retry`,
    summary:
      'Process again a media whose processing failed (write right), optionally with another `language` and `transcriberProfileId` (an available profile of its organization supporting that language)',
    tag: 'conversations',
    auth: true,
    params: zIdParam,
    body: zRetryConversationBody,
    response: zConversation,
  }),
};
