/**
 * Live sessions (docs/sessions-api.md): a session, its channels, aliases and templates, the bodies
 * that create and change them, the list's query and the public view anonymous viewers get.
 */
import { z } from 'zod';
import { FEATURES, LIST_LIMIT } from '../constants.ts';
import { zId, zLanguageCode, zText } from './common.ts';
import { zBotNotice } from './bot-status.ts';
import { zIngestEndpoints } from './live.ts';

/** scheduled (not started) → pending (waiting for audio) → active (receiving audio) → terminated. */
export const SESSION_STATUSES = ['scheduled', 'pending', 'active', 'terminated'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
/** `ready` is a filter only: a session set up and not yet receiving audio (scheduled or pending). */
export const READY_SESSION_STATUSES = ['scheduled', 'pending'] as const satisfies readonly SessionStatus[];
export const SESSION_STATUS_FILTERS = [...SESSION_STATUSES, 'ready'] as const;
export type SessionStatusFilter = (typeof SESSION_STATUS_FILTERS)[number];

export const SESSION_VISIBILITIES = ['private', 'internal', 'public'] as const;
export type SessionVisibility = (typeof SESSION_VISIBILITIES)[number];

/** Whether audio reaches a channel: `active` while a stream is being sent. */
export const STREAM_STATUSES = ['inactive', 'active', 'errored'] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];
/** The channel's transcriber: idle until audio comes, streaming while it transcribes, closed at the end. */
export const TRANSCRIBER_STATUSES = ['idle', 'streaming', 'closed', 'errored'] as const;
export type TranscriberStatus = (typeof TRANSCRIBER_STATUSES)[number];

export const SESSION_LIMITS = {
  name: 200,
  channelName: 100,
  channels: 20,
  languagesPerChannel: 10,
  translationsPerChannel: 20,
  metadataPairs: 50,
  metadataKey: 100,
  metadataValue: 1000,
  watermarkText: 200,
  /** A watermark shows at most once a day and stays at most an hour. */
  watermarkMaxFrequencySeconds: 24 * 60 * 60,
  watermarkMaxDurationSeconds: 60 * 60,
  aliasName: 64,
  templateName: 200,
  /** Template and session lists (spec: limit 100). */
  list: LIST_LIMIT,
} as const;

const zCount = (max: number) => z.number().int().min(1).max(max);

export const zWatermark = z
  .object({
    enabled: z.boolean().default(FEATURES.watermark.enabled),
    text: zText({ max: SESSION_LIMITS.watermarkText }).default(''),
    /** Seconds between two showings. */
    frequency: zCount(SESSION_LIMITS.watermarkMaxFrequencySeconds).default(FEATURES.watermark.frequencySeconds),
    /** Seconds each showing lasts. */
    duration: zCount(SESSION_LIMITS.watermarkMaxDurationSeconds).default(FEATURES.watermark.durationSeconds),
    /** Shown all the time instead of every `frequency` seconds. */
    pinned: z.boolean().default(false),
  })
  .strict();
export type Watermark = z.output<typeof zWatermark>;
export const DEFAULT_WATERMARK: Watermark = zWatermark.parse({});

export const zMetadataPair = z
  .object({
    key: zText({ required: true, max: SESSION_LIMITS.metadataKey }),
    value: zText({ max: SESSION_LIMITS.metadataValue }).default(''),
  })
  .strict();
export type MetadataPair = z.output<typeof zMetadataPair>;

export const zChannelBody = z
  .object({
    name: zText({ required: true, max: SESSION_LIMITS.channelName }),
    transcriberProfileId: zId,
    languages: z.array(zLanguageCode).min(1).max(SESSION_LIMITS.languagesPerChannel),
    translations: z.array(zLanguageCode).max(SESSION_LIMITS.translationsPerChannel).default([]),
    diarization: z.boolean().default(false),
  })
  .strict();
export type ChannelBody = z.output<typeof zChannelBody>;

/** Channel names are unique in a session (compared without case). */
const zChannels = z
  .array(zChannelBody)
  .min(1, 'error.channel_required')
  .max(SESSION_LIMITS.channels)
  .superRefine((channels, ctx) => {
    const seen = new Set<string>();
    channels.forEach((channel, index) => {
      const key = channel.name.toLocaleLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'error.name_exists' });
      seen.add(key);
    });
  });

const zMetadata = z
  .array(zMetadataPair)
  .max(SESSION_LIMITS.metadataPairs)
  .superRefine((pairs, ctx) => {
    const seen = new Set<string>();
    pairs.forEach((pair, index) => {
      if (seen.has(pair.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: 'error.name_exists' });
      seen.add(pair.key);
    });
  });

/** The settings as sent, every field optional (what a template fills when a creation leaves it out). */
const settingsFields = {
  channels: zChannels,
  visibility: z.enum(SESSION_VISIBILITIES),
  /** Public sessions only: viewers need no account. */
  anonymousAccess: z.boolean(),
  diarization: z.boolean(),
  keepAudio: z.boolean(),
  /** Off: audio is recorded and transcribed once the session ends. */
  liveTranscription: z.boolean(),
  autoStart: z.boolean(),
  autoEnd: z.boolean(),
  metadata: zMetadata,
  watermark: zWatermark,
};

export const SESSION_SETTINGS_DEFAULTS = {
  visibility: 'internal',
  anonymousAccess: false,
  diarization: false,
  keepAudio: true,
  liveTranscription: true,
  autoStart: false,
  autoEnd: false,
  metadata: [],
  watermark: DEFAULT_WATERMARK,
} as const satisfies Partial<{ [K in keyof typeof settingsFields]: z.output<(typeof settingsFields)[K]> }>;

/** What a template keeps and a session is configured with (everything but its name and schedule). */
export const zSessionSettings = z
  .object({
    ...settingsFields,
    visibility: settingsFields.visibility.default(SESSION_SETTINGS_DEFAULTS.visibility),
    anonymousAccess: settingsFields.anonymousAccess.default(false),
    diarization: settingsFields.diarization.default(false),
    keepAudio: settingsFields.keepAudio.default(true),
    liveTranscription: settingsFields.liveTranscription.default(true),
    autoStart: settingsFields.autoStart.default(false),
    autoEnd: settingsFields.autoEnd.default(false),
    metadata: settingsFields.metadata.default([]),
    watermark: settingsFields.watermark.default(DEFAULT_WATERMARK),
  })
  .strict();
export type SessionSettings = z.output<typeof zSessionSettings>;

const zDate = z.coerce.date();
const zSchedule = {
  /** When the session is planned to start (null: whenever it is started). */
  scheduleOn: zDate.nullable().default(null),
  /** When it is planned to end (null: when it is stopped). */
  endOn: zDate.nullable().default(null),
};

/**
 * The schedule rules (docs/PRODUCT.md, Validation): the end after the start; planned times in the future; an automatic
 * start needs a start time, an automatic stop an end time. `previous` is the stored schedule: a
 * time left as it was is not checked against now again.
 */
export function scheduleIssues(
  value: { scheduleOn: Date | null; endOn: Date | null; autoStart: boolean; autoEnd: boolean },
  now: Date,
  previous?: { scheduleOn: Date | null; endOn: Date | null },
): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  const changed = (key: 'scheduleOn' | 'endOn') => value[key] !== null && value[key].getTime() !== previous?.[key]?.getTime();
  if (changed('scheduleOn') && value.scheduleOn!.getTime() <= now.getTime()) issues.push({ path: 'scheduleOn', message: 'error.date_in_past' });
  if (changed('endOn') && value.endOn!.getTime() <= now.getTime()) issues.push({ path: 'endOn', message: 'error.date_in_past' });
  if (value.scheduleOn && value.endOn && value.endOn.getTime() <= value.scheduleOn.getTime()) issues.push({ path: 'endOn', message: 'error.end_before_start' });
  if (value.autoStart && !value.scheduleOn) issues.push({ path: 'scheduleOn', message: 'error.required' });
  if (value.autoEnd && !value.endOn) issues.push({ path: 'endOn', message: 'error.required' });
  return issues;
}

/** Aliases: an organization's short names for a session (unique in it, without case). */
export const zAliasName = z
  .string()
  .trim()
  .min(1, 'error.required')
  .max(SESSION_LIMITS.aliasName)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'error.invalid_alias');
/** PUT /organizations/{id}/sessions/{sid}: the whole session. */
export const zSessionBody = zSessionSettings
  .extend({
    name: zText({ required: true, max: SESSION_LIMITS.name }),
    ...zSchedule,
  })
  .strict();
export type SessionBody = z.output<typeof zSessionBody>;

/**
 * POST /organizations/{id}/sessions. With `templateId`, the template's settings fill what the body
 * leaves out (applying a template); an `alias` names the session at once.
 */
export const zCreateSessionBody = z
  .object(settingsFields)
  .partial()
  .extend({
    name: zText({ required: true, max: SESSION_LIMITS.name }),
    ...zSchedule,
    templateId: zId.optional(),
    alias: zAliasName.optional(),
  })
  .strict();
export type CreateSessionBody = z.output<typeof zCreateSessionBody>;

/** PATCH /organizations/{id}/sessions/{sid}: only the fields sent change. */
export const zPatchSessionBody = z
  .object(settingsFields)
  .extend({ name: zText({ required: true, max: SESSION_LIMITS.name }), scheduleOn: zDate.nullable(), endOn: zDate.nullable() })
  .partial()
  .strict();
export type PatchSessionBody = z.output<typeof zPatchSessionBody>;

export const zSessionChannel = z.object({
  _id: z.string(),
  index: z.number().int(),
  name: z.string(),
  transcriberProfileId: z.string().nullable(),
  profileName: z.string().nullable(),
  languages: z.array(z.string()),
  translations: z.array(z.string()),
  diarization: z.boolean(),
  streamStatus: z.enum(STREAM_STATUSES),
  transcriberStatus: z.enum(TRANSCRIBER_STATUSES),
  /** The key an encoder sends this channel's audio with: only in a single session's read, for those who operate it. */
  streamKey: z.string().optional(),
  /** Where encoders send this channel's audio: with `streamKey`, for those who operate it. */
  endpoints: zIngestEndpoints.optional(),
});
export type SessionChannel = z.infer<typeof zSessionChannel>;

export const zSession = z.object({
  _id: z.string(),
  organizationId: z.string(),
  owner: z.string().nullable(),
  name: z.string(),
  status: z.enum(SESSION_STATUSES),
  /** Active, or set up (scheduled or pending) with no schedule or one that has come (docs/PRODUCT.md, States). */
  usable: z.boolean(),
  visibility: z.enum(SESSION_VISIBILITIES),
  anonymousAccess: z.boolean(),
  /** Public sessions: the address of their live page. */
  publicLink: z.string().nullable(),
  alias: z.string().nullable(),
  diarization: z.boolean(),
  keepAudio: z.boolean(),
  liveTranscription: z.boolean(),
  scheduleOn: z.string().nullable(),
  endOn: z.string().nullable(),
  autoStart: z.boolean(),
  autoEnd: z.boolean(),
  /** When it was started and when it ended. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  metadata: z.array(z.object({ key: z.string(), value: z.string() })),
  watermark: z.object({ enabled: z.boolean(), text: z.string(), frequency: z.number(), duration: z.number(), pinned: z.boolean() }),
  channels: z.array(zSessionChannel),
  templateId: z.string().nullable(),
  /** The media the session's transcript was saved as, once saved. */
  savedConversationId: z.string().nullable(),
  created: z.string(),
  last_update: z.string(),
  /** What the caller may do with it. */
  abilities: z.object({ operate: z.boolean() }),
});
export type Session = z.infer<typeof zSession>;

export const zSessionList = z.object({ sessions: z.array(zSession), totalItems: z.number().int() });

const zFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** GET /sessions. */
/** The paging of session and template lists (spec: limit 100). */
const zListPaging = {
  limit: z.coerce.number().int().min(1).max(SESSION_LIMITS.list).default(SESSION_LIMITS.list),
  /** Items to skip; when absent, `page` × `limit`. */
  offset: z.coerce.number().int().min(0).optional(),
  page: z.coerce.number().int().min(0).default(0),
};

/** The items a paged list query skips. */
export const listOffset = (query: { limit: number; offset?: number | undefined; page: number }) => query.offset ?? query.page * query.limit;

export const zSessionListQuery = z.object({
  organizationId: zId,
  ...zListPaging,
  'scheduleOn[before]': zDate.optional(),
  'scheduleOn[after]': zDate.optional(),
  /** Comma-separated statuses (`ready` included). */
  statusList: z
    .string()
    .max(200)
    .transform((list, ctx) => {
      const values = list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = values.find((v) => !(SESSION_STATUS_FILTERS as readonly string[]).includes(v));
      if (bad !== undefined) {
        ctx.addIssue({ code: 'custom', message: 'error.invalid' });
        return z.NEVER;
      }
      return values as SessionStatusFilter[];
    })
    .optional(),
  status: z.enum(SESSION_STATUS_FILTERS).optional(),
});
export type SessionListQuery = z.output<typeof zSessionListQuery>;

export const zSessionParams = z.object({ id: zId, sessionId: zId });
export const zSessionReadQuery = z.object({ channel_index: z.coerce.number().int().min(0).max(SESSION_LIMITS.channels).optional() });
/** DELETE …/sessions/{sid}: stop the session (see docs/sessions-api.md). */
export const zStopSessionQuery = z.object({
  force: zFlag.default(false),
  /** The name the saved media will take (default: the session's). */
  name: zText({ max: SESSION_LIMITS.name }).optional(),
  /** Also remove the session itself once it is stopped. */
  remove: zFlag.default(false),
});

/** What anonymous and outside viewers of a public session see: nothing private. */
export const zPublicSession = z.object({
  _id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  status: z.enum(SESSION_STATUSES),
  usable: z.boolean(),
  scheduleOn: z.string().nullable(),
  endOn: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  channels: z.array(
    z.object({
      _id: z.string(),
      index: z.number().int(),
      name: z.string(),
      languages: z.array(z.string()),
      translations: z.array(z.string()),
      streamStatus: z.enum(STREAM_STATUSES),
    }),
  ),
  watermark: zSession.shape.watermark,
});
export type PublicSession = z.infer<typeof zPublicSession>;
export const zPublicSessionQuery = z.object({ transcriber_id: zId.optional() });

export const zAlias = z.object({ _id: z.string(), organizationId: z.string(), name: z.string(), sessionId: z.string() });
export type SessionAlias = z.infer<typeof zAlias>;
export const zAliasBody = z.object({ name: zAliasName, sessionId: zId }).strict();
export const zAliasUpdateBody = z.object({ name: zAliasName.optional(), sessionId: zId.optional() }).strict();
export const zAliasParams = z.object({ id: zId, alias: z.string().min(1).max(SESSION_LIMITS.aliasName) });
export const zAliasResolution = z.object({ sessionId: z.string(), organizationId: z.string() });

/** Templates: saved session settings, applied at creation (`templateId`). */
export const zTemplateBody = zSessionSettings.extend({ name: zText({ required: true, max: SESSION_LIMITS.templateName }) }).strict();
export const zTemplate = z.object({
  _id: z.string(),
  organizationId: z.string(),
  name: z.string(),
  owner: z.string().nullable(),
  settings: z.object({
    channels: z.array(zChannelBody.extend({ name: z.string() })),
    visibility: z.enum(SESSION_VISIBILITIES),
    anonymousAccess: z.boolean(),
    diarization: z.boolean(),
    keepAudio: z.boolean(),
    liveTranscription: z.boolean(),
    autoStart: z.boolean(),
    autoEnd: z.boolean(),
    metadata: zSession.shape.metadata,
    watermark: zSession.shape.watermark,
  }),
  created: z.string(),
});
export type SessionTemplate = z.infer<typeof zTemplate>;
export const zTemplateList = z.object({ sessionTemplates: z.array(zTemplate), totalItems: z.number().int() });
export const zTemplateListQuery = z.object(zListPaging);
export const zTemplateParams = z.object({ id: zId, templateId: zId });

/** Pushed to an organization's room on `orga_{id}_session_update`, to those who may see the session. */
export const zSessionUpdate = z.object({
  sessionId: z.string().uuid(),
  kind: z.enum(['created', 'updated', 'status', 'deleted', 'bot']),
  status: z.enum(SESSION_STATUSES).optional(),
  /** kind `bot`: the bot whose status changed. */
  bot: zBotNotice.optional(),
});
export type SessionUpdate = z.infer<typeof zSessionUpdate>;
export type SessionUpdateEvent = `orga_${string}_session_update`;
export const sessionUpdateEvent = (organizationId: string): SessionUpdateEvent => `orga_${organizationId}_session_update`;
