/**
 * AI features (docs/reports.md): AI profiles (OpenAI-compatible chat endpoints, configured like
 * transcriber profiles), the publish page's reports, keywords, highlights and the conversation with
 * a transcript. Without an AI profile every feature but the conversation still works through labelled
 * extractive methods: `method` always says which produced a result.
 */
import { z } from 'zod';
import { TEXT_LIMITS } from '../constants.ts';
import { zId, zIdParam, zText } from './common.ts';

// ---------------------------------------------------------------------------------------------
// AI profiles

/** Context sizes an AI profile may declare (tokens). */
export const AI_CONTEXT_TOKENS = { min: 1024, max: 1_000_000, default: 8192 } as const;

export const zAiProfileConfig = z.strictObject({
  /** Base URL of an OpenAI-compatible server (its `/chat/completions` and `/models` are under it). */
  endpoint: z.string().url().max(500),
  /** The model id on that server. */
  model: zText({ required: true, max: 200 }),
  /** Written, never read back (`hasApiKey`). On a replacement: absent keeps the stored key, "" removes it. */
  apiKey: z.string().max(500).optional(),
  /** The model's context window in tokens: long transcripts are summarised by map-reduce over chunks that fit it. */
  contextTokens: z.number().int().min(AI_CONTEXT_TOKENS.min).max(AI_CONTEXT_TOKENS.max).default(AI_CONTEXT_TOKENS.default),
});

export const zAiProfileBody = z.strictObject({
  name: zText({ required: true, max: TEXT_LIMITS.profileName }),
  description: zText({ max: TEXT_LIMITS.profileDescription, multiline: true }).default(''),
  /** null: global (platform administrators); else the organization's own (its admins). */
  organizationId: z.string().uuid().nullable().default(null),
  /** The one used when a generation names no profile (an organization's default wins over the global one). */
  isDefault: z.boolean().default(false),
  config: zAiProfileConfig,
});
export type AiProfileBody = z.output<typeof zAiProfileBody>;

export const zAiProfile = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  organizationId: z.string().nullable(),
  scope: z.enum(['global', 'organization']),
  isDefault: z.boolean(),
  config: z.object({ endpoint: z.string(), model: z.string(), contextTokens: z.number().int(), hasApiKey: z.boolean() }),
  /** Whether its server answered its last check (`GET {endpoint}/models`, cached briefly); when not, why. */
  availability: z.object({ ok: z.boolean(), reason: z.string().optional() }),
});
export type AiProfile = z.infer<typeof zAiProfile>;

// ---------------------------------------------------------------------------------------------
// Reports

/** The generated report kinds of the publish page; the fifth tab, verbatim, is the transcript export. */
export const REPORT_KINDS = ['summary', 'cra', 'cred', 'cri'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * queued → generating → up_to_date | error; `outdated`: up to date once, but the transcript changed
 * since (its fingerprint differs). Any of them can be regenerated (not while queued or generating).
 */
export const REPORT_STATES = ['queued', 'generating', 'up_to_date', 'outdated', 'error'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** What produced a text: a language model (an AI profile) or the extractive methods that need none. */
export const AI_METHODS = ['model', 'extractive'] as const;
export type AiMethod = (typeof AI_METHODS)[number];

/**
 * Why a generation failed. `model_unavailable`: the model provider could not be reached or answered
 * a temporary error after the retries (try again later); `model_error`: it refused the request;
 * `empty_transcript`: nothing to work on; `stopped`: an answer its asker stopped (or left) before it
 * ended; `internal`: anything else.
 */
export const AI_ERRORS = ['model_unavailable', 'model_error', 'empty_transcript', 'stopped', 'internal'] as const;
export type AiError = (typeof AI_ERRORS)[number];

export const zAiFailure = z.object({ code: z.enum(AI_ERRORS), message: z.string().optional() });
export type AiFailure = z.infer<typeof zAiFailure>;

/** Report languages (its headings and the model's instructions). */
export const REPORT_LANGUAGES = ['en', 'fr'] as const;

export const zReportKindParams = zIdParam.extend({ kind: z.enum(REPORT_KINDS) });
export const zReportVersionParams = zReportKindParams.extend({ versionId: zId });

export const zGenerateReportBody = z.strictObject({
  kind: z.enum(REPORT_KINDS),
  /** An AI profile usable in the media's organization, or "extractive"; absent: the default profile, else extractive. */
  profileId: z.union([zId, z.literal('extractive')]).optional(),
  /** Absent: the media's language when it is en or fr, else the caller's interface language. */
  language: z.enum(REPORT_LANGUAGES).optional(),
});
export type GenerateReportBody = z.output<typeof zGenerateReportBody>;

export const zAuthorRef = z.object({ _id: z.string(), name: z.string() }).nullable();

export const zReport = z.object({
  _id: z.string(),
  conversationId: z.string(),
  kind: z.enum(REPORT_KINDS),
  state: z.enum(REPORT_STATES),
  /** 0–1 while generating (chunks done over chunks), else null. */
  progress: z.number().min(0).max(1).nullable(),
  /** Of the last generation asked for. */
  method: z.enum(AI_METHODS),
  profileName: z.string().nullable(),
  language: z.enum(REPORT_LANGUAGES),
  error: zAiFailure.nullable(),
  /** The current version's Markdown (null before the first generation ends). */
  markdown: z.string().nullable(),
  versionId: z.string().nullable(),
  /** When the current text was generated (edits keep it). */
  generatedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Report = z.infer<typeof zReport>;

/** Every report of a media that exists (a kind never generated is absent). */
export const zReportList = z.object({ reports: z.array(zReport) });

/** Saving an edited report makes a version; `baseVersionId` (the version edited) refuses a stale save with 409. */
export const REPORT_MAX_CHARS = 200_000;
export const zSaveReportBody = z.strictObject({
  markdown: z.string().max(REPORT_MAX_CHARS),
  baseVersionId: zId.optional(),
});

export const REPORT_VERSION_ORIGINS = ['generated', 'edited', 'restored'] as const;
export const zReportVersion = z.object({
  _id: z.string(),
  origin: z.enum(REPORT_VERSION_ORIGINS),
  method: z.enum(AI_METHODS),
  author: zAuthorRef,
  createdAt: z.string(),
  /** Characters of Markdown. */
  size: z.number().int(),
  current: z.boolean(),
});
export const zReportVersionList = z.object({ versions: z.array(zReportVersion) });
export const zReportVersionDetail = zReportVersion.extend({ markdown: z.string() });

// ---------------------------------------------------------------------------------------------
// Keywords

export const KEYWORD_STATES = ['none', 'queued', 'generating', 'up_to_date', 'outdated', 'error'] as const;
export const MAX_KEYWORDS = 20;

export const zKeywords = z.object({
  state: z.enum(KEYWORD_STATES),
  method: z.enum(AI_METHODS).nullable(),
  /** The AI profile of the last extraction asked for (null: extractive, or the profile was deleted since). */
  profileName: z.string().nullable(),
  /** Most relevant first. */
  keywords: z.array(z.string()),
  error: zAiFailure.nullable(),
  generatedAt: z.string().nullable(),
});
export type Keywords = z.infer<typeof zKeywords>;

export const zExtractKeywordsBody = z.strictObject({ profileId: z.union([zId, z.literal('extractive')]).optional() }).default({});

// ---------------------------------------------------------------------------------------------
// Highlights (experimental flag)

/**
 * A highlight marks a word range of the transcript. Its place lives in the collaborative document as
 * Yjs relative positions (base64 of `Y.encodeRelativePosition`) into the turns' texts, so the mark
 * follows edits; the server resolves them to the current `turnId`/offsets and text on every read.
 */
export const zHighlightAnchor = z.strictObject({
  startTurnId: z.string().max(100),
  /** Character offset in the start turn's text. */
  startOffset: z.number().int().min(0),
  endTurnId: z.string().max(100),
  /** Exclusive character offset in the end turn's text. */
  endOffset: z.number().int().min(0),
});

export const zHighlightBody = z.strictObject({
  anchor: zHighlightAnchor,
  /** A tag of the media's organization, or none. */
  tagId: zId.nullable().default(null),
  /** Free key/value pairs. */
  metadata: z
    .record(z.string().trim().min(1).max(50), z.string().max(500))
    .refine((m) => Object.keys(m).length <= 20, 'error.invalid')
    .default({}),
  comment: zText({ max: 2000, multiline: true }).default(''),
});
export const zHighlightUpdateBody = zHighlightBody.omit({ anchor: true }).partial().strict();

export const zHighlightParams = zIdParam.extend({ highlightId: zId });

export const zHighlight = z.object({
  _id: z.string(),
  /** Where the mark is now; null once its whole text was deleted. */
  anchor: zHighlightAnchor.nullable(),
  /**
   * The stored Yjs relative positions (base64 of `Y.encodeRelativePosition`, into the turn texts of the
   * media's document): an open editor resolves them against its live document, so marks follow edits
   * as they are typed.
   */
  relative: z.object({ start: z.string(), end: z.string() }),
  /** The marked text now. */
  text: z.string(),
  /** Seconds: the start of the first marked word (for "jump" and playing). */
  start: z.number().nullable(),
  tag: z.object({ _id: z.string(), name: z.string(), color: z.string() }).nullable(),
  metadata: z.record(z.string(), z.string()),
  comment: z.string(),
  author: zAuthorRef,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Highlight = z.infer<typeof zHighlight>;
export const zHighlightList = z.object({ highlights: z.array(zHighlight) });

// ---------------------------------------------------------------------------------------------
// Conversations with a transcript ("chats", per user)

export const CHAT_LIMITS = { title: 100, question: 4000, chatsPerMedia: 100, messagesPerChat: 200 } as const;

export const zChatParams = zIdParam.extend({ chatId: zId });

/** A moment an answer relies on: its turn and time (clicking it plays from there). */
export const zCitation = z.object({ turnId: z.string(), start: z.number(), end: z.number(), speaker: z.string(), excerpt: z.string() });
export type Citation = z.infer<typeof zCitation>;

export const zChatMessage = z.object({
  _id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  citations: z.array(zCitation),
  /** An assistant answer cut short (provider error or stopped): what came, and why it ended. */
  error: zAiFailure.nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof zChatMessage>;

export const zChat = z.object({
  _id: z.string(),
  conversationId: z.string(),
  title: z.string(),
  profileName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chat = z.infer<typeof zChat>;
export const zChatList = z.object({
  chats: z.array(zChat),
  /** Whether an AI profile is usable here; when not, the panel says what it needs. */
  available: z.boolean(),
});
export const zChatDetail = zChat.extend({ messages: z.array(zChatMessage) });

export const zCreateChatBody = z.strictObject({
  title: zText({ max: CHAT_LIMITS.title }).optional(),
  profileId: zId.optional(),
});
export const zRenameChatBody = z.strictObject({ title: zText({ required: true, max: CHAT_LIMITS.title }) });
export const zAskBody = z.strictObject({ question: z.string().trim().min(1).max(CHAT_LIMITS.question) });

/**
 * `POST …/chats/{chatId}/messages` answers `text/event-stream`: `event: delta` with `{ text }` as the
 * answer comes, then `event: done` with the saved assistant message (citations resolved), or
 * `event: error` with `{ code }` (the partial answer is saved with its error).
 */
export const zChatStreamDelta = z.object({ text: z.string() });
export const zChatStreamDone = z.object({ question: zChatMessage, answer: zChatMessage });
export const zChatStreamError = z.object({ code: z.string(), message: z.string().optional() });
