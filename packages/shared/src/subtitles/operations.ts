/**
 * Editing a screen document: each operation is one transaction (one undo step) and changes nothing
 * when refused. Refusals carry the API error code.
 */
import type * as Y from 'yjs';
import type { Screen, SubtitleSettings } from '../contracts/subtitles.ts';
import type { ErrorCode } from '../errors.ts';

export type ScreenOpResult = { ok: true; screen?: Screen } | { ok: false; error: ErrorCode };

/** Replace a screen's text (minimal diff, so concurrent typing merges). */
export function setScreenText(doc: Y.Doc, screenId: string, text: string, origin?: unknown): ScreenOpResult {
  (void doc, screenId, text, origin);
  throw new Error('not implemented');
}

/**
 * Move a screen's edges. `push`: neighbours are moved to keep the minimum gap, as long as they keep
 * the minimum duration, else refused (`subtitle_overlap`); `refuse`: any overlap or gap violation is refused.
 */
export function retimeScreen(doc: Y.Doc, screenId: string, times: { start?: number; end?: number }, mode: 'push' | 'refuse', origin?: unknown): ScreenOpResult {
  (void doc, screenId, times, mode, origin);
  throw new Error('not implemented');
}

/** Split at a character offset; times shared in proportion to the characters. */
export function splitScreen(doc: Y.Doc, screenId: string, at: number, origin?: unknown): ScreenOpResult {
  (void doc, screenId, at, origin);
  throw new Error('not implemented');
}

/**
 * Merge screens: refused when they are not consecutive (`subtitle_merge_not_consecutive`), when the
 * joined text cannot be laid out within the line limits (`subtitle_merge_too_long`), or when the
 * merged screen would outlast the maximum duration (`subtitle_no_room`).
 */
export function mergeScreens(doc: Y.Doc, screenIds: readonly string[], origin?: unknown): ScreenOpResult {
  (void doc, screenIds, origin);
  throw new Error('not implemented');
}

/** Add a screen after `after` (null: first) at the given times; refused when it would overlap (`subtitle_overlap`) or there is no room (`subtitle_no_room`). */
export function addScreen(doc: Y.Doc, after: string | null, screen: { start: number; end: number; text: string }, origin?: unknown): ScreenOpResult {
  (void doc, after, screen, origin);
  throw new Error('not implemented');
}

export function deleteScreen(doc: Y.Doc, screenId: string, origin?: unknown): ScreenOpResult {
  (void doc, screenId, origin);
  throw new Error('not implemented');
}

/** Settings changed by a PATCH: stored in the document so every editor's warnings follow. */
export function setSettings(doc: Y.Doc, settings: SubtitleSettings, origin?: unknown): void {
  (void doc, settings, origin);
  throw new Error('not implemented');
}
