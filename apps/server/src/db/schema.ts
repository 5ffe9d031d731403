/** The relational schema. One history of migrations (drizzle/) serves PGlite and PostgreSQL. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, doublePrecision, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  AI_METHODS,
  KEYWORD_STATES,
  REPORT_KINDS,
  REPORT_LANGUAGES,
  REPORT_STATES,
  REPORT_VERSION_ORIGINS,
  type AiFailure,
  type Citation,
  BOT_ERRORS,
  BOT_SERVICES,
  BOT_STATUSES,
  BURN_STATES,
  MEDIA_STATUSES,
  QUICK_MEETING_SOURCES,
  SESSION_KINDS,
  SESSION_STATUSES,
  SESSION_VISIBILITIES,
  STREAM_STATUSES,
  TRANSCRIBER_STATUSES,
  WEBHOOK_DELIVERY_EVENTS,
  WEBHOOK_DELIVERY_STATES,
  type WebhookEvent,
  type MetadataPair,
  type SessionSettings,
  type Watermark,
  type EmailNotifications,
  type SnapshotReason,
  type OrganizationPermissions,
  type SubtitleSettings,
  type Transcript,
  type TranscriptionConfig,
} from '@palabre/shared';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    passwordHash: text('password_hash'),
    picture: text('picture'),
    private: boolean('private').notNull().default(false),
    role: integer('role').notNull().default(1),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    locale: text('locale', { enum: ['en-US', 'fr-FR'] }),
    emailNotifications: jsonb('email_notifications').$type<Partial<EmailNotifications>>().notNull().default({}),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** External identities (OpenID Connect subjects) linked to a user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/** One sign-in: the refresh token's hash and its revocation. Access tokens name their session. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text('refresh_hash').notNull(),
    /** The secret this one replaced, still accepted shortly after rotation (tabs refreshing at once). */
    previousRefreshHash: text('previous_refresh_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    method: text('method', { enum: ['password', 'magic_link', 'oidc', 'signup'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Single-use secrets sent by mail or through redirects; only their hash is stored. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['magic_link', 'password_reset', 'oidc_exchange', 'email_verification'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId)],
);

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    visibility: text('visibility', { enum: ['private', 'public'] })
      .notNull()
      .default('private'),
    permissions: jsonb('permissions').$type<OrganizationPermissions>().notNull(),
    matchingEmails: jsonb('matching_emails').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex('organizations_name_key').using('btree', sql`lower(${t.name})`)],
);

export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: integer('role').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

/**
 * API keys (docs/api-keys.md): an organization's (organization_id set) or the platform's (null). A key
 * acts as its creator, capped by its role; only the SHA-256 of its secret is kept, `prefix` is the
 * visible start that names it in the `plb_<prefix>_<secret>` value.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_prefix_key').on(t.prefix), index('api_keys_organization_idx').on(t.organizationId)],
);

/** Invitations of addresses that have no account yet: honoured when that address signs up. */
export const invitations = pgTable(
  'invitations',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: integer('role').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.email] }), index('invitations_email_idx').on(t.email)],
);

/** Engines configured for use: global (organization null) or per organization. */
export const transcriberProfiles = pgTable(
  'transcriber_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: ['pocketsphinx', 'whisper', 'openai'] }).notNull(),
    languages: jsonb('languages').$type<string[]>().notNull(),
    /** Languages the profile's live channels can translate to. */
    translations: jsonb('translations').$type<string[]>().notNull().default([]),
    quickMeeting: boolean('quick_meeting').notNull().default(false),
    diarization: boolean('diarization').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    config: jsonb('config').$type<{ model?: string; endpoint?: string; apiKey?: string }>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('transcriber_profiles_organization_idx').on(t.organizationId)],
);

/** PostgreSQL full-text document; read only through SQL (search, ranking). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export interface MediaFiles {
  /** Uploaded tracks as received, one per channel. */
  originals: Array<{ key: string; name: string; size: number; mimeType: string | null }>;
  /** 16 kHz mono WAV for engines, one per channel. */
  pcm?: string[];
  /** Web-playable rendition (all channels mixed). */
  web?: { key: string; mimeType: string; size: number };
  /** Waveform peaks (JSON). */
  peaks?: string;
  /** The video track, when the (single) original has one: the file the player and burned-in exports use. */
  video?: { key: string; mimeType: string; width: number; height: number };
  /**
   * A video rendition preprocessing asked for and the `media.video` job has not recorded yet: what
   * the job needs to make it, and the id that ties its result to this run of preprocessing (a
   * retry writes another, so a late result of the former run is dropped).
   */
  videoRendition?: VideoRenditionRequest;
}

export interface VideoRenditionRequest {
  id: string;
  videoStreamIndex: number;
  audioStreamIndex: number;
  /** The original's duration as probed (progress), and the duration its conversions may reach. */
  durationSeconds: number | null;
  allowedSeconds: number;
}

export interface ProcessingState {
  steps: Array<{ name: string; state: 'waiting' | 'running' | 'done' | 'error' | 'skipped'; progress: number }>;
  log?: string;
}

/** Media (a "conversation" in the API): what was uploaded, how it is processed, and its transcript. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    source: text('source', { enum: ['upload', 'url', 'microphone', 'session'] })
      .notNull()
      .default('upload'),
    status: text('status', { enum: MEDIA_STATUSES }).notNull().default('pending'),
    progress: real('progress').notNull().default(0),
    processing: jsonb('processing').$type<ProcessingState>().notNull().default({ steps: [] }),
    requestedLanguage: text('requested_language', { enum: ['en', 'fr', 'auto'] })
      .notNull()
      .default('auto'),
    language: text('language'),
    acoustic: text('acoustic', { enum: ['generic', 'phone'] }),
    modelQuality: text('model_quality', { enum: ['low', 'medium', 'high'] }),
    transcriberProfileId: uuid('transcriber_profile_id').references(() => transcriberProfiles.id, { onDelete: 'set null' }),
    transcriptionConfig: jsonb('transcription_config').$type<Partial<TranscriptionConfig>>().notNull().default({}),
    membersRight: integer('members_right').notNull().default(3),
    duration: real('duration'),
    channels: jsonb('channels').$type<Array<{ index: number; name: string }>>().notNull().default([]),
    files: jsonb('files').$type<MediaFiles>().notNull().default({ originals: [] }),
    transcript: jsonb('transcript').$type<Transcript>(),
    /**
     * The transcript's fingerprint (subtitles/fingerprint.ts), written with it: a subtitle version
     * generated from another one says the transcript changed, without anyone reading the transcript.
     */
    transcriptFingerprint: text('transcript_fingerprint'),
    /**
     * Full-text document: title (weight A), description (B), transcript text (C), in the media's
     * language ('english', 'french', else 'simple') with accents folded (palabre_* functions of
     * migration 0002). Generated, so renames and the stored transcript keep it current.
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`palabre_search_vector(coalesce("language", "requested_language"), "name", "description", "transcript")`),
    /**
     * Title (weight A) and description (B) alone, as in `search`: a search lists the media it finds
     * there before those it finds only in their transcript, and decides which by reading this small
     * document instead of the full one (palabre_title_vector, migration 0017).
     */
    titleSearch: tsvector('title_search')
      .notNull()
      .generatedAlwaysAs(sql`palabre_title_vector(coalesce("language", "requested_language"), "name", "description")`),
    /** The title folded as searches fold text (palabre_fold): the title filter compares it without folding every title again. */
    nameFolded: text('name_folded')
      .notNull()
      .generatedAlwaysAs(sql`palabre_fold("name")`),
    ...timestamps,
  },
  (t) => [
    // A listing reads one of these in its order (last update, name, creation; ties by id), with what the
    // scope and the right need after it: a page, however deep, is found without reading the wide rows
    // (an index-only scan where the visibility map is current).
    index('conversations_organization_idx').on(t.organizationId, t.updatedAt, t.id, t.parentId, t.ownerId, t.membersRight),
    index('conversations_organization_name_idx').on(t.organizationId, t.name, t.id, t.parentId, t.ownerId, t.membersRight),
    index('conversations_organization_created_idx').on(t.organizationId, t.createdAt, t.id, t.parentId, t.ownerId, t.membersRight),
    // Every column the reader's right and the listing scope depend on: the total of a listing (count
    // over the whole organization) reads this small index instead of the wide rows (index-only scan).
    index('conversations_organization_rights_idx').on(t.organizationId, t.parentId, t.ownerId, t.membersRight, t.id),
    index('conversations_parent_idx').on(t.parentId),
    index('conversations_search_idx').using('gin', t.search),
    index('conversations_title_search_idx').using('gin', t.titleSearch),
    // Trigrams of the folded title (pg_trgm): the title filter ("contains") finds its media through
    // this index instead of reading every title of the organization.
    index('conversations_name_folded_trgm_idx').using('gin', t.nameFolded.op('gin_trgm_ops')),
  ],
);

/** Tag categories of an organization (name and color; docs/PRODUCT.md, Entities). */
export const tagCategories = pgTable(
  'tag_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('tag_categories_name_key').using('btree', t.organizationId, sql`lower(${t.name})`)],
);

/** Tags, each in one category of the organization. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => tagCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('tags_name_key').using('btree', t.categoryId, sql`lower(${t.name})`), index('tags_organization_idx').on(t.organizationId)],
);

/** Tags on media. */
export const conversationTags = pgTable(
  'conversation_tags',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.tagId] }), index('conversation_tags_tag_idx').on(t.tagId, t.conversationId)],
);

/** Media a user starred. */
export const favorites = pgTable(
  'favorites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId] }), index('favorites_conversation_idx').on(t.conversationId)],
);

/**
 * Per-user rights on a media (docs/PRODUCT.md, Roles and permissions): a member's custom right, which replaces
 * the members' default right, or a right given to a user outside the organization by sharing.
 */
export const conversationRights = pgTable(
  'conversation_rights',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    right: integer('right').notNull(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_rights_user_idx').on(t.userId, t.conversationId)],
);

/** Binary columns (Yjs encodings) read and written as Uint8Array on both drivers. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The collaborative document of a media (docs/collaboration.md): its Yjs state compacted up to
 * `folded_update_id`; the updates after it are in transcript_updates.
 */
export const transcriptDocuments = pgTable('transcript_documents', {
  conversationId: uuid('conversation_id')
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  state: bytea('state').notNull(),
  foldedUpdateId: bigint('folded_update_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamps.updatedAt,
});

/**
 * The append-only log of document updates: an update is acknowledged only once its row is committed,
 * so nothing acknowledged is lost when the process dies. Compaction folds rows into the state.
 */
export const transcriptUpdates = pgTable(
  'transcript_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    update: bytea('update').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('transcript_updates_conversation_idx').on(t.conversationId, t.id)],
);

/** Snapshots of a media's transcript (the history panel): automatic, before rewrites and restores. */
export const transcriptSnapshots = pgTable(
  'transcript_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<SnapshotReason>().notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Everyone whose edits the snapshot covers since the previous one (user ids). */
    editors: jsonb('editors').$type<string[]>().notNull().default([]),
    transcript: jsonb('transcript').$type<Transcript>().notNull(),
    turns: integer('turns').notNull(),
    words: integer('words').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('transcript_snapshots_conversation_idx').on(t.conversationId, t.createdAt)],
);

/**
 * Subtitle versions of a media (docs/subtitles-api.md): generated once from the transcript, then
 * independent of it. `transcript_fingerprint` is the fingerprint of the transcript they were
 * generated from, so a listing can say when the transcript moved on. `screen_count` follows the
 * screen document (written whenever it changes) so listings never load documents.
 */
export const subtitleVersions = pgTable(
  'subtitle_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<SubtitleSettings>().notNull(),
    transcriptFingerprint: text('transcript_fingerprint').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    screenCount: integer('screen_count').notNull().default(0),
  },
  (t) => [index('subtitle_versions_conversation_idx').on(t.conversationId, t.createdAt)],
);

/** The screen document of a subtitle version, stored like a transcript document (state + update log). */
export const subtitleDocuments = pgTable('subtitle_documents', {
  subtitleId: uuid('subtitle_id')
    .primaryKey()
    .references(() => subtitleVersions.id, { onDelete: 'cascade' }),
  state: bytea('state').notNull(),
  foldedUpdateId: bigint('folded_update_id', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamps.updatedAt,
});

/** The append-only log of a screen document's updates after its folded state (acknowledged once committed). */
export const subtitleUpdates = pgTable(
  'subtitle_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subtitleId: uuid('subtitle_id')
      .notNull()
      .references(() => subtitleVersions.id, { onDelete: 'cascade' }),
    update: bytea('update').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('subtitle_updates_subtitle_idx').on(t.subtitleId, t.id)],
);

/**
 * Videos with a version's screens burned in, made by the `subtitles.burn` job. `screens_srt` keeps
 * the screens as they were when asked, so later edits do not change a burn under way.
 */
export const subtitleBurns = pgTable(
  'subtitle_burns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subtitleId: uuid('subtitle_id')
      .notNull()
      .references(() => subtitleVersions.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    state: text('state', { enum: BURN_STATES }).notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    error: text('error'),
    storageKey: text('storage_key'),
    screensSrt: text('screens_srt').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('subtitle_burns_subtitle_idx').on(t.subtitleId, t.createdAt), index('subtitle_burns_conversation_idx').on(t.conversationId)],
);

/**
 * Live sessions (docs/sessions-api.md). `status` moves only through sessions/status.ts; `schedule_on`
 * and `end_on` are the planned times (auto start and auto stop run as jobs at them), `start_time` and
 * `end_time` the real ones. `saved_conversation_id` is the media the transcript was saved as.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    templateId: uuid('template_id').references(() => sessionTemplates.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    status: text('status', { enum: SESSION_STATUSES }).notNull().default('scheduled'),
    visibility: text('visibility', { enum: SESSION_VISIBILITIES }).notNull().default('internal'),
    anonymousAccess: boolean('anonymous_access').notNull().default(false),
    diarization: boolean('diarization').notNull().default(false),
    keepAudio: boolean('keep_audio').notNull().default(true),
    liveTranscription: boolean('live_transcription').notNull().default(true),
    autoStart: boolean('auto_start').notNull().default(false),
    autoEnd: boolean('auto_end').notNull().default(false),
    scheduleOn: timestamp('schedule_on', { withTimezone: true }),
    endOn: timestamp('end_on', { withTimezone: true }),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    metadata: jsonb('metadata').$type<MetadataPair[]>().notNull().default([]),
    watermark: jsonb('watermark').$type<Watermark>().notNull(),
    /** The name the saved media takes (asked when stopping; default the session's). */
    saveAs: text('save_as'),
    savedConversationId: uuid('saved_conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    /** `quickMeeting`: a private one-channel session its owner started in one click (docs/meetings.md). */
    kind: text('kind', { enum: SESSION_KINDS }).notNull().default('session'),
    /** Quick meetings: where the audio comes from (the microphone or a videoconference bot). */
    source: text('source', { enum: QUICK_MEETING_SOURCES }),
    /** Quick meetings: the recording is transcribed again once the meeting is saved. */
    offlineTranscription: boolean('offline_transcription').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('sessions_organization_status_idx').on(t.organizationId, t.status),
    index('sessions_owner_kind_status_idx').on(t.ownerId, t.kind, t.status),
    index('sessions_organization_schedule_idx').on(t.organizationId, t.scheduleOn),
    index('sessions_organization_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** A session's channels, in order: each with its transcriber profile, languages and stream key. */
export const sessionChannels = pgTable(
  'session_channels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    transcriberProfileId: uuid('transcriber_profile_id').references(() => transcriberProfiles.id, { onDelete: 'set null' }),
    languages: jsonb('languages').$type<string[]>().notNull(),
    translations: jsonb('translations').$type<string[]>().notNull().default([]),
    diarization: boolean('diarization').notNull().default(false),
    streamStatus: text('stream_status', { enum: STREAM_STATUSES }).notNull().default('inactive'),
    transcriberStatus: text('transcriber_status', { enum: TRANSCRIBER_STATUSES }).notNull().default('idle'),
    /** Shown to those who operate the session (its settings page), never in lists or the public view. */
    streamKey: text('stream_key').notNull(),
  },
  (t) => [uniqueIndex('session_channels_position_key').on(t.sessionId, t.position), uniqueIndex('session_channels_stream_key').on(t.streamKey)],
);

/**
 * Which node decodes a channel's stream (live/lease.ts): renewed every few seconds by its node; once
 * expired (the node died), another node marks the stream lost and an encoder may reconnect anywhere.
 */
export const liveStreamLeases = pgTable(
  'live_stream_leases',
  {
    channelId: uuid('channel_id')
      .primaryKey()
      .references(() => sessionChannels.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('live_stream_leases_expires').on(t.expiresAt)],
);

/**
 * The finals of a session's channels as they were heard (docs/live.md): what viewers joining late
 * receive and what the library's media is made of when the session stops. Times are channel time:
 * seconds of audio the channel has received, across reconnections, so they match its recording.
 */
export const sessionCaptions = pgTable(
  'session_captions',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    channelIndex: integer('channel_index').notNull(),
    segmentId: integer('segment_id').notNull(),
    text: text('text').notNull(),
    start: doublePrecision('start').notNull(),
    end: doublePrecision('end').notNull(),
    language: text('language').notNull(),
    words: jsonb('words').$type<Array<{ word: string; start: number; end: number; confidence: number }>>().notNull(),
    /** Target language → translated text. */
    translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
    /**
     * The utterance in progress, stored now and then while the engine revises it (live/channel-run.ts):
     * its final replaces it. One whose stream died with its node is made final when found.
     */
    partial: boolean('partial').notNull().default(false),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.channelIndex, t.segmentId] })],
);

/** Videoconference bots: a headless browser in a call, streaming its audio into a session channel. */
export const bots = pgTable(
  'bots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => sessionChannels.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    serviceType: text('service_type', { enum: BOT_SERVICES }).notNull(),
    url: text('url').notNull(),
    subtitleLanguage: text('subtitle_language').notNull(),
    displaySubtitles: boolean('display_subtitles').notNull().default(false),
    displayName: text('display_name').notNull(),
    status: text('status', { enum: BOT_STATUSES }).notNull().default('joining'),
    error: text('error', { enum: BOT_ERRORS }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('bots_channel_idx').on(t.channelId, t.createdAt), index('bots_status_idx').on(t.status)],
);

/** An organization's aliases: short names for its sessions, unique in it without case. */
export const sessionAliases = pgTable(
  'session_aliases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('session_aliases_name_key').using('btree', t.organizationId, sql`lower(${t.name})`), index('session_aliases_session_idx').on(t.sessionId)],
);

/** Saved session settings, applied when creating a session. */
export const sessionTemplates = pgTable(
  'session_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<SessionSettings>().notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('session_templates_organization_idx').on(t.organizationId, t.createdAt)],
);

/** OpenAI-compatible chat endpoints for the AI features (docs/reports.md), global or an organization's. */
export const aiProfiles = pgTable(
  'ai_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    /** The API key is stored here and never returned. */
    config: jsonb('config').$type<{ endpoint: string; model: string; apiKey?: string; contextTokens: number }>().notNull(),
    ...timestamps,
  },
  (t) => [index('ai_profiles_organization_idx').on(t.organizationId)],
);

/**
 * One report per media and kind. Its text lives in `report_versions` (`current_version_id`);
 * `transcript_fingerprint` is the transcript's when it was generated: a different one on the media
 * makes the report outdated.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    /** queued, generating, up_to_date or error; `outdated` is read from the fingerprints. */
    state: text('state', { enum: REPORT_STATES }).notNull().default('queued'),
    progress: real('progress'),
    method: text('method', { enum: AI_METHODS }).notNull(),
    aiProfileId: uuid('ai_profile_id').references(() => aiProfiles.id, { onDelete: 'set null' }),
    /** The profile's name when asked (kept when the profile is deleted). */
    profileName: text('profile_name'),
    language: text('language', { enum: REPORT_LANGUAGES }).notNull(),
    error: jsonb('error').$type<AiFailure>(),
    currentVersionId: uuid('current_version_id'),
    transcriptFingerprint: text('transcript_fingerprint'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('reports_conversation_kind_key').on(t.conversationId, t.kind)],
);

/** Every text a report had: generated, edited or restored. */
export const reportVersions = pgTable(
  'report_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    origin: text('origin', { enum: REPORT_VERSION_ORIGINS }).notNull(),
    method: text('method', { enum: AI_METHODS }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    markdown: text('markdown').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('report_versions_report_idx').on(t.reportId, t.createdAt)],
);

/** A media's keywords (one row per media once asked for); `keywords_folded` serves the library's keyword filter. */
export const conversationKeywords = pgTable(
  'conversation_keywords',
  {
    conversationId: uuid('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    state: text('state', { enum: KEYWORD_STATES }).notNull().default('queued'),
    method: text('method', { enum: AI_METHODS }),
    aiProfileId: uuid('ai_profile_id').references(() => aiProfiles.id, { onDelete: 'set null' }),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    /** The keywords folded as searches fold text (lower case, no accents), for the library filter. */
    keywordsFolded: text('keywords_folded')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    error: jsonb('error').$type<AiFailure>(),
    transcriptFingerprint: text('transcript_fingerprint'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('conversation_keywords_folded_idx').using('gin', t.keywordsFolded)],
);

/**
 * A highlight of a transcript's word range (experimental). `anchor` holds Yjs relative positions
 * (base64) into the turns' texts of the media's collaborative document, so the mark follows edits.
 */
export const highlights = pgTable(
  'highlights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    anchor: jsonb('anchor').$type<{ startTurnId: string; start: string; endTurnId: string; end: string }>().notNull(),
    tagId: uuid('tag_id').references(() => tags.id, { onDelete: 'set null' }),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    comment: text('comment').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('highlights_conversation_idx').on(t.conversationId)],
);

/** A user's conversation with a media's transcript. */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    aiProfileId: uuid('ai_profile_id').references(() => aiProfiles.id, { onDelete: 'set null' }),
    profileName: text('profile_name'),
    title: text('title').notNull(),
    ...timestamps,
  },
  (t) => [index('chats_user_conversation_idx').on(t.userId, t.conversationId, t.updatedAt)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    citations: jsonb('citations').$type<Citation[]>().notNull().default([]),
    error: jsonb('error').$type<AiFailure>(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('chat_messages_chat_idx').on(t.chatId, t.createdAt)],
);

/**
 * An organization's webhooks (docs/webhooks.md). The signing secret is stored as profile API keys
 * are (a column the API never returns): it is shown once, on creation and rotation.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    secret: text('secret').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('webhooks_organization_idx').on(t.organizationId)],
);

/** Every delivery of a webhook (one event to one webhook), its attempts and its outcome; the log is bounded (webhooks/sweeper.ts). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event', { enum: WEBHOOK_DELIVERY_EVENTS }).notNull(),
    /** The event's id: the same for every webhook it went to and for replays. */
    eventId: uuid('event_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Asked for by an administrator (a test ping or a replay): sent even when the webhook is disabled. */
    manual: boolean('manual').notNull().default(false),
    state: text('state', { enum: WEBHOOK_DELIVERY_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    /** A short reason safe to show (an HTTP status, "timeout", "this address is not allowed"), never internals. */
    lastError: text('last_error'),
    durationMs: integer('duration_ms'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt), index('webhook_deliveries_pending_idx').on(t.state, t.nextAttemptAt)],
);
