/**
 * Quick meetings and videoconference bots (docs/meetings.md).
 *
 * A quick meeting is a private, one-channel session its creator starts in one click and feeds from
 * the browser's microphone (or a bot). It runs through the live path like any session — engine,
 * captions, saving — and is kept out of the organization's session list. A user has at most one
 * quick meeting in progress per organization: one left running (tab closed, crash, another device)
 * is found again (`GET /users/self/quickMeeting/`) and saved under a name, discarded or continued.
 *
 * A bot joins a videoconference (Jitsi Meet, BigBlueButton, or any other https page as `generic`)
 * in a headless browser, captures the call's audio and streams it into a session channel; where the
 * service allows it also posts the captions into the call.
 */
import { z } from 'zod';
import { zId, zLanguageCode, zText } from './common.ts';
import { BOT_ERRORS, BOT_STATUSES } from './bot-status.ts';
import { SESSION_LIMITS, zSession } from './sessions.ts';

export * from './bot-status.ts';

export const SESSION_KINDS = ['session', 'quickMeeting'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** Where a quick meeting's audio comes from. */
export const QUICK_MEETING_SOURCES = ['microphone', 'videoconference'] as const;
export type QuickMeetingSource = (typeof QUICK_MEETING_SOURCES)[number];

/**
 * POST /organizations/{id}/quickMeeting/ (docs/PRODUCT.md, Validation): a profile (one offered for
 * quick meetings) and live or offline transcription, or both; offline transcription forces keepAudio
 * on (the server stores it so whatever was sent).
 */
export const zQuickMeetingBody = z
  .object({
    transcriberProfileId: zId,
    /** One of the profile's languages (default: its first). */
    language: zLanguageCode.optional(),
    /** Captions while the meeting runs. */
    liveTranscription: z.boolean(),
    /** The recording transcribed again once the meeting is saved. */
    offlineTranscription: z.boolean(),
    keepAudio: z.boolean().default(true),
    /** Default: "Quick meeting" and the date, in the creator's language. */
    name: zText({ max: SESSION_LIMITS.name }).optional(),
    source: z.enum(QUICK_MEETING_SOURCES).default('microphone'),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.liveTranscription && !value.offlineTranscription) {
      ctx.addIssue({ code: 'custom', path: ['liveTranscription'], message: 'error.transcription_required' });
    }
  })
  .transform((value) => ({ ...value, keepAudio: value.offlineTranscription ? true : value.keepAudio }));
export type QuickMeetingBody = z.output<typeof zQuickMeetingBody>;

/** A quick meeting: its session (stream key and ingest endpoints included: its creator operates it). */
export const zQuickMeeting = zSession.extend({
  kind: z.literal('quickMeeting'),
  source: z.enum(QUICK_MEETING_SOURCES),
  offlineTranscription: z.boolean(),
  /**
   * Seconds of audio its channel has received so far, across reconnections (its channel time): where
   * the elapsed recording time of a meeting continued after a reload or on another device goes on from.
   */
  receivedSeconds: z.number().min(0),
});
export type QuickMeeting = z.infer<typeof zQuickMeeting>;

/** GET …/quickMeeting/: the caller's meeting in progress, or null when there is none (docs/PRODUCT.md, Screens and routes). */
export const zQuickMeetingLookup = z.object({ quickMeeting: zQuickMeeting.nullable() });
export type QuickMeetingLookup = z.infer<typeof zQuickMeetingLookup>;

export const zQuickMeetingParams = z.object({ id: zId, meetingId: zId });

const zFlag = z.enum(['true', 'false']).transform((value) => value === 'true');
/**
 * DELETE …/quickMeeting/{meetingId}: end the meeting. `trash=true` discards it (nothing is kept:
 * captions, recording and the session go); otherwise it is saved to the library under `name`.
 * `force=true` ends it even while the microphone or a bot still sends audio.
 */
export const zEndQuickMeetingQuery = z.object({
  name: zText({ max: SESSION_LIMITS.name }).optional(),
  trash: zFlag.default(false),
  force: zFlag.default(false),
});
export type EndQuickMeetingQuery = z.output<typeof zEndQuickMeetingQuery>;
/** What ending a meeting answers: the media it was saved as (null when discarded, or saved later by a job). */
export const zEndedQuickMeeting = z.object({ savedConversationId: z.string().nullable() });

// ---------------------------------------------------------------------------------------------
// Videoconference bots

export const BOT_SERVICES = ['jitsi', 'bigbluebutton', 'generic'] as const;
export type BotService = (typeof BOT_SERVICES)[number];

export const BOT_LIMITS = {
  url: 2000,
  displayName: 64,
} as const;

/**
 * The service a meeting address belongs to: Jitsi Meet (meet.jit.si, or any host whose path is a
 * single room name and whose host starts with `meet.` or `jitsi.`), BigBlueButton (`/bigbluebutton/`
 * or `/html5client/` paths, or `/b/` rooms), anything else `generic`. Null when the address is not an
 * https (or loopback http) URL.
 */
export function recogniseMeetingUrl(input: string): { url: URL; service: BotService } | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const path = url.pathname.toLowerCase();
  if (path.includes('/bigbluebutton/') || path.startsWith('/html5client/') || /^\/(b|rooms)\/[^/]+/.test(path)) return { url, service: 'bigbluebutton' };
  const room = /^\/[^/]+\/?$/.test(path);
  if (room && (host === 'meet.jit.si' || host.startsWith('meet.') || host.startsWith('jitsi.') || host.includes('.jitsi.'))) return { url, service: 'jitsi' };
  return { url, service: 'generic' };
}

/** A meeting address (docs/PRODUCT.md, Validation: valid; `error.invalid_videoconference_url` otherwise). */
export const zMeetingUrl = z
  .string()
  .trim()
  .min(1, 'error.required')
  .max(BOT_LIMITS.url)
  .refine((value) => recogniseMeetingUrl(value) !== null, 'error.invalid_videoconference_url');

/** POST /organizations/{id}/bots. */
export const zBotBody = z
  .object({
    channelId: zId,
    /** Default: recognised from the address. */
    serviceType: z.enum(BOT_SERVICES).optional(),
    url: zMeetingUrl,
    /** The captions' language in the call: the channel's language or one of its translations. */
    subtitleLanguage: zLanguageCode,
    /** Post the captions into the call (chat or the service's caption feature) where it allows. */
    displaySubtitles: z.boolean().default(false),
  })
  .strict();
export type BotBody = z.output<typeof zBotBody>;

export const zBot = z.object({
  _id: z.string(),
  organizationId: z.string(),
  sessionId: z.string(),
  channelId: z.string(),
  serviceType: z.enum(BOT_SERVICES),
  url: z.string(),
  subtitleLanguage: z.string(),
  displaySubtitles: z.boolean(),
  /** The name it joins under. */
  displayName: z.string(),
  status: z.enum(BOT_STATUSES),
  error: z.enum(BOT_ERRORS).nullable(),
  created: z.string(),
  /** When it joined the call and when it left. */
  joinedAt: z.string().nullable(),
  leftAt: z.string().nullable(),
});
export type Bot = z.infer<typeof zBot>;

export const zBotListQuery = z.object({ channelId: zId });
export const zBotList = z.object({ bots: z.array(zBot) });
export const zBotParams = z.object({ id: zId, botId: zId });
