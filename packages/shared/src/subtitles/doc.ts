/**
 * The screen document of a subtitle version (a Y.Doc): `meta` (Y.Map: `settings` as a JSON string)
 * and `screens` (Y.Array of Y.Map: id, start, end, text as Y.Text, speakers as a JSON string), in
 * time order. The server and every client read it through these functions only.
 */
import type * as Y from 'yjs';
import type { Screen, SubtitleSettings } from '../contracts/subtitles.ts';

/** The screens, in order. */
export function readScreens(doc: Y.Doc): Screen[] {
  void doc;
  throw new Error('not implemented');
}

export function readSettings(doc: Y.Doc): SubtitleSettings {
  void doc;
  throw new Error('not implemented');
}

/** Fills an empty document (generation, copy, restore), in one transaction. */
export function initScreenDocument(doc: Y.Doc, screens: readonly Screen[], settings: SubtitleSettings, origin?: unknown): void {
  void doc;
  void screens;
  void settings;
  void origin;
  throw new Error('not implemented');
}

/** Shape problems that make an update unacceptable (overlapping or unordered screens, bad times, oversized text). */
export function screenDocumentProblems(doc: Y.Doc): string[] {
  void doc;
  throw new Error('not implemented');
}
