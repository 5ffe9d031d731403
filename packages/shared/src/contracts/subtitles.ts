/**
 * Subtitle versions of a media (docs/subtitles.md): settings, screens, REST bodies and answers. A
 * version is generated from the transcript once and then lives on its own (later transcript edits
 * do not change it; `transcriptChanged` says when the transcript moved on). Its screens are a
 * collaborative document like the transcript (docs/collaboration.md, subtitle documents), so the
 * REST calls and the editor see the same screens. Read right to read, write right to change; a
 * version of another media does not exist (404).
 */
import { z } from 'zod';
import { TEXT_LIMITS } from '../constants.ts';
import { zId, zText } from './common.ts';

/** How the generator lays a screen's text out: one line, up to two, up to three. */
export const SUBTITLE_SPLIT_MODES = ['none', 'two_lines', 'three_lines'] as const;
export type SubtitleSplitMode = (typeof SUBTITLE_SPLIT_MODES)[number];
/** Lines a screen may hold under each split mode. */
export const SPLIT_MODE_LINES: Record<SubtitleSplitMode, number> = { none: 1, two_lines: 2, three_lines: 3 };

/** Bounds of every settable limit, and the broadcast defaults (timed-text style guides for adults). */
export const SUBTITLE_LIMITS = {
  maxCharsPerLine: { min: 10, max: 80, default: 42 },
  maxLinesPerScreen: { min: 1, max: 3, default: 2 },
  /** Seconds. */
  maxScreenDuration: { min: 1, max: 20, default: 7 },
  /** Seconds (5/6 s by default: 20 frames at 24 fps). */
  minScreenDuration: { min: 0.2, max: 5, default: 5 / 6 },
  /** Reading speed limit, characters per second (spaces and line breaks count). */
  maxCharsPerSecond: { min: 5, max: 40, default: 20 },
  /** Minimum gap between two screens, in frames at `frameRate`. */
  minGapFrames: { min: 0, max: 12, default: 2 },
  frameRate: { min: 10, max: 60, default: 25 },
  /** Screens one version may hold (a three-hour media needs about 3,000). */
  maxScreens: 20_000,
  /** Characters one screen's text may hold, line breaks included. */
  maxScreenText: 400,
  /** Versions one media may hold. */
  maxVersions: 50,
} as const;

const bounded = (limit: { min: number; max: number; default: number }, int = false) => {
  const base = z.number().min(limit.min).max(limit.max);
  return (int ? base.int() : base).default(limit.default);
};

export const zSubtitleSettings = z
  .strictObject({
    maxCharsPerLine: bounded(SUBTITLE_LIMITS.maxCharsPerLine, true),
    maxLinesPerScreen: bounded(SUBTITLE_LIMITS.maxLinesPerScreen, true),
    maxScreenDuration: bounded(SUBTITLE_LIMITS.maxScreenDuration),
    minScreenDuration: bounded(SUBTITLE_LIMITS.minScreenDuration),
    maxCharsPerSecond: bounded(SUBTITLE_LIMITS.maxCharsPerSecond),
    minGapFrames: bounded(SUBTITLE_LIMITS.minGapFrames, true),
    frameRate: bounded(SUBTITLE_LIMITS.frameRate),
    splitMode: z.enum(SUBTITLE_SPLIT_MODES).default('two_lines'),
  })
  .refine((s) => s.minScreenDuration < s.maxScreenDuration, { path: ['minScreenDuration'], message: 'error.subtitle_min_duration' })
  .refine((s) => SPLIT_MODE_LINES[s.splitMode] <= s.maxLinesPerScreen, { path: ['splitMode'], message: 'error.subtitle_split_mode' });
export type SubtitleSettings = z.output<typeof zSubtitleSettings>;
export const DEFAULT_SUBTITLE_SETTINGS: SubtitleSettings = zSubtitleSettings.parse({});

/** A screen's text: its lines joined with "\n". */
export const zScreenText = z.string().max(SUBTITLE_LIMITS.maxScreenText);

export const zScreen = z.object({
  id: z.string(),
  /** Seconds from the start of the media. */
  start: z.number().min(0),
  end: z.number().min(0),
  text: z.string(),
  /** The speakers whose words the screen holds, in order (a dash line per speaker when two share it). */
  speakers: z.array(z.string()),
});
export type Screen = z.infer<typeof zScreen>;

/** The rules a screen can break; the editor warns about each, `palabre bench subtitles` counts them. */
export const SCREEN_RULES = ['line_too_long', 'too_many_lines', 'too_fast', 'too_short', 'too_long', 'gap_too_small', 'overlap', 'unbalanced_lines', 'empty'] as const;
export type ScreenRule = (typeof SCREEN_RULES)[number];
export const zScreenWarning = z.object({ screenId: z.string(), rule: z.enum(SCREEN_RULES) });
export type ScreenWarning = z.infer<typeof zScreenWarning>;

export const zSubtitleName = zText({ required: true, max: TEXT_LIMITS.mediaName });

/** One entry of the versions list. */
export const zSubtitleVersionSummary = z.object({
  _id: z.string(),
  conversationId: z.string(),
  name: z.string(),
  settings: zSubtitleSettings,
  screens: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The transcript changed after this version was generated (or copied from one that was). */
  transcriptChanged: z.boolean(),
});
export type SubtitleVersionSummary = z.infer<typeof zSubtitleVersionSummary>;

export const zSubtitleVersion = zSubtitleVersionSummary.extend({ screenList: z.array(zScreen) });
export type SubtitleVersion = z.infer<typeof zSubtitleVersion>;

export const zSubtitleParams = z.object({ id: zId, subtitleId: zId });
export const zScreenParams = zSubtitleParams.extend({ screenId: z.string().min(1).max(100) });

/** POST /conversations/{id}/subtitles: generate a version from the current transcript. */
export const zCreateSubtitleBody = z.strictObject({ name: zSubtitleName, settings: zSubtitleSettings.default(DEFAULT_SUBTITLE_SETTINGS) });
/** PATCH /conversations/{id}/subtitles/{subtitleId}: rename, or change the limits (screens are kept; warnings follow). */
export const zUpdateSubtitleBody = z
  .strictObject({ name: zSubtitleName.optional(), settings: zSubtitleSettings.optional() })
  .refine((b) => b.name !== undefined || b.settings !== undefined, { message: 'name or settings is required' });
/** POST /conversations/{id}/subtitles/{subtitleId}/copy. */
export const zCopySubtitleBody = z.strictObject({ name: zSubtitleName });
/** DELETE /conversations/{id}/subtitles?ids=a,b: several at once. */
export const zDeleteSubtitlesQuery = z.object({
  ids: z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(zId).min(1).max(SUBTITLE_LIMITS.maxVersions)),
});

/** POST …/screens: a new screen after `after` (null: first), timed in the gap it is given. */
export const zCreateScreenBody = z.strictObject({
  after: z.string().min(1).max(100).nullable(),
  start: z.number().min(0),
  end: z.number().min(0),
  text: zScreenText,
});
/** PATCH …/screens/{screenId}: text and/or times (neighbours are never overlapped: refused with `subtitle_overlap`). */
export const zUpdateScreenBody = z
  .strictObject({ text: zScreenText.optional(), start: z.number().min(0).optional(), end: z.number().min(0).optional() })
  .refine((b) => b.text !== undefined || b.start !== undefined || b.end !== undefined, { message: 'text, start or end is required' });
/** POST …/screens/{screenId}/split: split the text at a character offset; times follow the words. */
export const zSplitScreenBody = z.strictObject({ at: z.number().int().min(1) });
/** POST …/screens/merge: merge consecutive screens (refused with the merge error codes). */
export const zMergeScreensBody = z.strictObject({ screenIds: z.array(z.string().min(1).max(100)).min(2).max(20) });

/** The version's screens after a screen edit. */
export const zScreenEditResult = z.object({ screen: zScreen.optional(), screens: z.number().int() });

export const SUBTITLE_EXPORT_TYPES = ['srt', 'vtt'] as const;
export type SubtitleExportType = (typeof SUBTITLE_EXPORT_TYPES)[number];
export const zSubtitleExportQuery = z.object({ type: z.enum(SUBTITLE_EXPORT_TYPES).default('srt') });

/** A video with the version's screens burned in, made by a job. */
export const BURN_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type BurnState = (typeof BURN_STATES)[number];
export const zBurnStatus = z.object({
  state: z.enum(BURN_STATES).nullable(),
  /** 0..1 while running. */
  progress: z.number().min(0).max(1).nullable(),
  /** When done: the screens were those of this moment (later edits need a new burn). */
  finishedAt: z.string().nullable(),
  /** A stable error code when failed (never the tool's output). */
  error: z.string().nullable(),
});
export type BurnStatus = z.infer<typeof zBurnStatus>;
/**
 * Why a burn failed (`BurnStatus.error`): `burn_failed` the video could not be made from this
 * media's video, `video_missing` the media's video file is gone.
 */
export const BURN_ERRORS = ['burn_failed', 'video_missing'] as const;
export type BurnError = (typeof BURN_ERRORS)[number];
