/** Media (conversations), their creation form, processing state and transcriber profiles (docs/PRODUCT.md, Entities, States and API). */
import { z } from 'zod';
import { FULL_RIGHTS, RIGHT } from '../roles.ts';
import { TEXT_LIMITS } from '../constants.ts';
import { zLanguageCode, zList, zPagination, zText } from './common.ts';
import { zConversationTranscriptPatch } from './transcript-edit.ts';
import { zSpeaker, zTurn } from '../transcript/schema.ts';

/*
 * Processing status (docs/PRODUCT.md, States). Every list of statuses in the server and the web is
 * one of the constants below: a new step is added to PIPELINE_STEPS and nowhere else.
 */
/** The steps that carry progress, in the order a media goes through them. */
export const PIPELINE_STEPS = ['preprocessing', 'transcription', 'diarization', 'punctuation', 'postprocessing'] as const;
export type PipelineStep = (typeof PIPELINE_STEPS)[number];
/** A media still being processed: waiting for its first step, or in one. A job is due to move it on. */
export const ACTIVE_MEDIA_STATUSES = ['pending', ...PIPELINE_STEPS] as const;
export type ActiveMediaStatus = (typeof ACTIVE_MEDIA_STATUSES)[number];
/** Where processing ends: nothing moves a media on from these. */
export const FINAL_MEDIA_STATUSES = ['done', 'error'] as const;
/** Every processing status, in order. */
export const MEDIA_STATUSES = [...ACTIVE_MEDIA_STATUSES, ...FINAL_MEDIA_STATUSES] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** Whether a media is still being processed (its status is not final). */
export function isActiveMediaStatus(status: MediaStatus): status is ActiveMediaStatus {
  return (ACTIVE_MEDIA_STATUSES as readonly MediaStatus[]).includes(status);
}

export const MEDIA_LANGUAGES = ['en', 'fr', 'auto'] as const;
export type MediaLanguage = (typeof MEDIA_LANGUAGES)[number];

/**
 * The stored language of a media from the tag a client sends: `en`, `fr` and `auto` as they are, a
 * language tag of English or French in any case with `-` or `_` (`en-US`, `fr_FR`, `FR-ca`), and `*`
 * or `auto` for automatic detection. Null for any other tag.
 */
export function normalizeMediaLanguage(tag: string): MediaLanguage | null {
  if (tag.length > 35) return null;
  const lowered = tag.toLowerCase().replaceAll('_', '-');
  if (lowered === '*' || lowered === 'auto') return 'auto';
  const primary = /^([a-z]{2,3})(?:-[a-z0-9]{1,8})*$/.exec(lowered)?.[1];
  return primary === 'en' || primary === 'fr' ? primary : null;
}

/** A media language as clients send it (see normalizeMediaLanguage), parsed to the stored value. */
export const zMediaLanguageTag = z.string().transform((tag, ctx) => {
  const language = normalizeMediaLanguage(tag);
  if (language === null) {
    ctx.addIssue({ code: 'custom', message: 'error.invalid' });
    return z.NEVER;
  }
  return language;
});
/** The languages a transcript can be in (what "auto" resolves to). */
export const TRANSCRIPT_LANGUAGES = ['en', 'fr'] as const;
export type TranscriptLanguage = (typeof TRANSCRIPT_LANGUAGES)[number];
export const ACOUSTIC_MODELS = ['generic', 'phone'] as const;
export const MODEL_QUALITIES = ['low', 'medium', 'high'] as const;
export const CONVERSATION_SOURCES = ['upload', 'url', 'microphone', 'session'] as const;

export const MAX_SPEAKERS = 20;

export const zTranscriptionConfig = z
  .object({
    diarization: z
      .object({ enabled: z.boolean().default(true), numberOfSpeakers: z.number().int().min(1).max(MAX_SPEAKERS).nullable().default(null) })
      .strict()
      .default({ enabled: true, numberOfSpeakers: null }),
    punctuation: z.enum(['disabled', 'automatic']).default('automatic'),
    normalization: z.boolean().default(true),
  })
  .strict();
export type TranscriptionConfig = z.output<typeof zTranscriptionConfig>;
export const DEFAULT_TRANSCRIPTION_CONFIG: TranscriptionConfig = zTranscriptionConfig.parse({});

/** A multipart field holding JSON. */
const jsonField = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'error.invalid_json' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/**
 * The levels a user can be given on a media, each including the lower ones (docs/PRODUCT.md, Roles and
 * permissions: none, read, comment, write, delete, share, full rights). "Can share" is every right but
 * deletion; full rights add deletion (the right label checks delete first).
 */
export const RIGHT_LEVELS = {
  none: RIGHT.UNDEFINED,
  read: RIGHT.READ,
  comment: RIGHT.READ | RIGHT.COMMENT,
  write: RIGHT.READ | RIGHT.COMMENT | RIGHT.WRITE,
  delete: RIGHT.READ | RIGHT.COMMENT | RIGHT.WRITE | RIGHT.DELETE,
  share: RIGHT.READ | RIGHT.COMMENT | RIGHT.WRITE | RIGHT.SHARE,
  full: FULL_RIGHTS,
} as const;
export type RightLevelName = keyof typeof RIGHT_LEVELS;
export const RIGHT_LEVEL_VALUES: number[] = [...new Set(Object.values(RIGHT_LEVELS))];

/** A right given to a user or to the members: one of the levels. */
export const zRightLevel = z
  .number()
  .int()
  .refine((n) => RIGHT_LEVEL_VALUES.includes(n), { message: 'error.invalid_right' });

/** The organization members' default right on a media: the same rule at creation and on PATCH. */
export const zMembersRight = zRightLevel;

/**
 * Text fields of POST /organizations/{id}/conversations/create (multipart). The file parts are
 * `file` (one per track); or `url` imports a remote media instead.
 */
export const zCreateConversationFields = z
  .object({
    name: zText({ required: true, max: TEXT_LIMITS.mediaName }),
    description: zText({ max: TEXT_LIMITS.mediaDescription, multiline: true }).default(''),
    membersRight: z.coerce
      .number()
      .pipe(zMembersRight)
      .default(RIGHT.READ | RIGHT.COMMENT),
    /** A transcriber profile id; the organization's default profile when absent. */
    serviceName: z.string().uuid().optional(),
    transcriptionConfig: jsonField(zTranscriptionConfig).optional(),
    segmentCharSize: z.coerce.number().int().min(50).max(2000).optional(),
    lang: zMediaLanguageTag.default('auto'),
    acoustic: z.enum(ACOUSTIC_MODELS).optional(),
    modelQuality: z.enum(MODEL_QUALITIES).optional(),
    endpoint: z.string().max(200).optional(),
    url: z.string().url().max(2000).optional(),
    /** Track names, one per file part, in order (JSON array of strings). */
    channelNames: jsonField(z.array(zText({ required: true, max: 100 })).max(16)).optional(),
  })
  .strict();
export type CreateConversationFields = z.output<typeof zCreateConversationFields>;

export const zStepProgress = z.object({ name: z.enum(PIPELINE_STEPS), state: z.enum(['waiting', 'running', 'done', 'error', 'skipped']), progress: z.number().min(0).max(1) });
export const zProcessingJob = z.object({
  state: z.enum(MEDIA_STATUSES),
  progress: z.number().min(0).max(1),
  steps: z.array(zStepProgress),
  log: z.string().optional(),
});
export type ProcessingJob = z.infer<typeof zProcessingJob>;

export const zChannel = z.object({ index: z.number().int(), name: z.string() });

export const zConversation = z.object({
  _id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  description: z.string(),
  owner: z.string().nullable(),
  created: z.string(),
  last_update: z.string(),
  duration: z.number().nullable(),
  language: z.string().nullable(),
  requestedLanguage: z.enum(MEDIA_LANGUAGES),
  acoustic: z.enum(ACOUSTIC_MODELS).nullable(),
  modelQuality: z.enum(MODEL_QUALITIES).nullable(),
  source: z.enum(CONVERSATION_SOURCES),
  status: z.enum(MEDIA_STATUSES),
  transcriberProfileId: z.string().nullable(),
  transcriptionConfig: zTranscriptionConfig,
  membersRight: z.number().int(),
  channels: z.array(zChannel),
  media: z.object({
    mimeType: z.string().nullable(),
    size: z.number().nullable(),
    playable: z.boolean(),
    peaks: z.boolean(),
    /** The media has a video track (served by GET …/media?mediatype=video; subtitles can be burned into it). */
    video: z.boolean(),
  }),
  jobs: z.object({ transcription: zProcessingJob }),
  parent: z.string().nullable(),
  /** The caller's effective right on this media (bitmask). */
  right: z.number().int(),
  /** Ids of the tags on this media. */
  tags: z.array(z.string()),
  /** Whether the caller starred it. */
  favorite: z.boolean(),
});
export type Conversation = z.infer<typeof zConversation>;

/** A media as it is read: its speakers and transcript come along once it is processed. */
export const zConversationDetail = zConversation.extend({ speakers: z.array(zSpeaker).optional(), text: z.array(zTurn).optional() });
export type ConversationDetail = z.infer<typeof zConversationDetail>;
/** With `projection` or `key`: only the fields asked for, and _id. */
export const zConversationProjection = zConversationDetail.partial().required({ _id: true });
export type ConversationProjection = z.infer<typeof zConversationProjection>;
/** GET /conversations/:id and its children: the whole media, or the projection asked for. */
export const zConversationView = z.union([zConversationDetail, zConversationProjection]);

/** Where a search looks: title, description or transcript text (all three when absent). */
export const CONVERSATION_SEARCH_TYPES = ['title', 'description', 'text'] as const;
export type ConversationSearchType = (typeof CONVERSATION_SEARCH_TYPES)[number];

/** GET /organizations/{id}/conversations: page (0-based), size, sort, and the search filters. */
export const zConversationListQuery = zPagination.extend({
  sortField: z.enum(['last_update', 'created', 'name']).default('last_update'),
  sortCriteria: z.enum(['-1', '1', 'desc', 'asc']).default('-1'),
  /** Full-text search in title, description and transcript (prefix on the last word), ranked. */
  text: z.string().trim().max(200).optional(),
  /** Title filter (contains, case and accents ignored). */
  name: z.string().trim().max(200).optional(),
  /** Keywords the media's extracted keywords must all include (comma-joined; case and accents ignored). */
  keyword: z
    .string()
    .max(200)
    .optional()
    .transform((raw) => [
      ...new Set(
        (raw ?? '')
          .split(',')
          .map((keyword) => keyword.trim())
          .filter(Boolean),
      ),
    ]),
});

export const zConversationSearchBody = zPagination.extend({
  text: z.string().trim().min(1).max(200),
  organizationId: z.string().uuid(),
  searchType: z.enum(CONVERSATION_SEARCH_TYPES).optional(),
});

/** A listed media; when searching, where it matched: an HTML snippet (escaped text, <mark> only) and the transcript time. */
export const zConversationListItem = zConversation.extend({
  highlight: z.string().optional(),
  matchTime: z.number().nullable().optional(),
});
export type ConversationListItem = z.infer<typeof zConversationListItem>;

/**
 * A page of a media list. Counting stops `LIBRARY_COUNT_AHEAD` media past the page: beyond that,
 * `countExact` is false and `count` is a lower bound (there are more).
 */
export const zConversationPage = zList(zConversationListItem).extend({ countExact: z.boolean() });

/** DELETE /organizations/{id}/conversations?conversationsId=a,b,c */
export const zBulkDeleteConversationsQuery = z.object({ conversationsId: z.string().max(20_000).default('') });

/** PATCH /conversations/{id}: name and description (write right); membersRight, the members' default right (share right). */
export const zUpdateConversationBody = z
  .object({
    name: zText({ required: true, max: TEXT_LIMITS.mediaName }),
    description: zText({ max: TEXT_LIMITS.mediaDescription, multiline: true }),
    membersRight: zMembersRight,
    /** Speaker renames and/or a whole new text (write right), applied through the live document. */
    speakers: zConversationTranscriptPatch.shape.speakers,
    text: zConversationTranscriptPatch.shape.text,
  })
  .partial()
  .strict();

/**
 * POST /conversations/{id}/retry (write right, media in error): optionally with another language
 * and transcriber profile, one of the organization's available profiles that supports it.
 */
export const zRetryConversationBody = z
  .object({
    language: zMediaLanguageTag.optional(),
    transcriberProfileId: z.string().uuid().optional(),
  })
  .strict()
  .default({});

export const zConversationQuery = z.object({
  /** Comma-separated fields to return; `key=last_update` is a shorthand for `projection=last_update`. */
  projection: z.string().max(500).optional(),
  key: z.string().max(50).optional(),
});

export const ENGINE_TYPES = ['pocketsphinx', 'whisper', 'openai'] as const;
export type EngineType = (typeof ENGINE_TYPES)[number];

export const zTranscriberProfileConfig = z.object({
  /** whisper: model name (e.g. "base.en"); openai: model id on the server. */
  model: zText({ max: 200 }).optional(),
  /** openai: base URL of an OpenAI-compatible server. */
  endpoint: z.string().url().optional(),
  /** openai: API key (never returned by the API). */
  apiKey: z.string().max(500).optional(),
});

export const zTranscriberProfile = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(ENGINE_TYPES),
  languages: z.array(z.string()),
  /** Languages its live session channels can translate to. */
  translations: z.array(z.string()),
  organizationId: z.string().nullable(),
  /** Global profiles are visible in every organization; an organization's only there. */
  scope: z.enum(['global', 'organization']),
  /** Offered for quick meetings. */
  quickMeeting: z.boolean(),
  diarization: z.boolean(),
  isDefault: z.boolean(),
  config: zTranscriberProfileConfig.omit({ apiKey: true }).extend({ hasApiKey: z.boolean() }),
  /** Whether the engine can run here now; when not, why (e.g. model not installed). */
  availability: z.object({ ok: z.boolean(), reason: z.string().optional() }),
});
export type TranscriberProfile = z.infer<typeof zTranscriberProfile>;

/** The languages a profile transcribes: those it lists, within what its engine knows. */
export function profileLanguages(profile: { type: EngineType; languages: readonly string[]; config?: { model?: string | undefined } }): Array<'en' | 'fr'> {
  // PocketSphinx ships an English model only; an English-only whisper model ("base.en") likewise.
  const englishOnly = profile.type === 'pocketsphinx' || (profile.type === 'whisper' && /\.en$/.test(profile.config?.model ?? ''));
  return (['en', 'fr'] as const).filter((language) => profile.languages.includes(language) && (!englishOnly || language === 'en'));
}

/** Whether a profile can tell the spoken language itself ("automatic"): an engine that detects it, and a choice to make. */
export function profileDetectsLanguage(profile: Parameters<typeof profileLanguages>[0]): boolean {
  return profile.type !== 'pocketsphinx' && profileLanguages(profile).length > 1;
}

/**
 * Whether a media in `language` can go to this profile. "auto" needs a profile that detects the
 * language, or one with a single language (which it then transcribes).
 */
export function profileSupportsLanguage(profile: Parameters<typeof profileLanguages>[0], language: MediaLanguage): boolean {
  const languages = profileLanguages(profile);
  return language === 'auto' ? languages.length > 0 : languages.includes(language);
}

export const zTranscriberProfileBody = z
  .object({
    name: zText({ required: true, max: TEXT_LIMITS.profileName }),
    description: zText({ max: TEXT_LIMITS.profileDescription, multiline: true }).default(''),
    type: z.enum(ENGINE_TYPES),
    languages: z.array(z.enum(['en', 'fr'])).min(1),
    /** Absent on a replacement: the stored translations stay. */
    translations: z.array(zLanguageCode).max(50).optional(),
    organizationId: z.string().uuid().nullable().default(null),
    quickMeeting: z.boolean().default(false),
    diarization: z.boolean().default(true),
    isDefault: z.boolean().default(false),
    config: zTranscriberProfileConfig.default({}),
  })
  .strict();
