/**
 * The endpoint table, one file per domain: every HTTP endpoint with its request and response
 * contracts. The server registers its routes from these entries, serves them as an OpenAPI document
 * and refuses to start when a route is missing here; the web calls them through the same entries.
 */
import { aiProfileEndpoints, chatEndpoints, highlightEndpoints, keywordEndpoints, reportEndpoints } from './ai.ts';
import { apiKeyEndpoints } from './api-keys.ts';
import { authEndpoints } from './auth.ts';
import { backofficeEndpoints } from './backoffice.ts';
import { conversationEndpoints } from './conversations.ts';
import { exportEndpoints } from './exports.ts';
import type { Endpoint } from './define.ts';
import { libraryEndpoints } from './library.ts';
import { meetingEndpoints } from './meetings.ts';
import { organizationEndpoints } from './organizations.ts';
import { rightEndpoints } from './rights.ts';
import { sessionEndpoints } from './sessions.ts';
import { subtitleEndpoints } from './subtitles.ts';
import { systemEndpoints } from './system.ts';
import { tagEndpoints } from './tags.ts';
import { transcriptEndpoints } from './transcript.ts';
import { transcriberProfileEndpoints } from './transcriber-profiles.ts';
import { userEndpoints } from './users.ts';
import { webhookEndpoints } from './webhooks.ts';

export * from './define.ts';

/** Every endpoint by domain and name: `API.conversations.get`. */
export const API = {
  system: systemEndpoints,
  auth: authEndpoints,
  users: userEndpoints,
  organizations: organizationEndpoints,
  conversations: conversationEndpoints,
  transcript: transcriptEndpoints,
  subtitles: subtitleEndpoints,
  exports: exportEndpoints,
  library: libraryEndpoints,
  rights: rightEndpoints,
  tags: tagEndpoints,
  transcriberProfiles: transcriberProfileEndpoints,
  aiProfiles: aiProfileEndpoints,
  reports: reportEndpoints,
  keywords: keywordEndpoints,
  highlights: highlightEndpoints,
  chats: chatEndpoints,
  sessions: sessionEndpoints,
  meetings: meetingEndpoints,
  backoffice: backofficeEndpoints,
  apiKeys: apiKeyEndpoints,
  webhooks: webhookEndpoints,
} as const;

/** The same entries as a flat list (OpenAPI document, route checks). */
export const ENDPOINTS: Endpoint[] = Object.values(API).flatMap((domain) => Object.values(domain) as Endpoint[]);

export const endpointKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
