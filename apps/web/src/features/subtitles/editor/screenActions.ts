/**
 * The screen editor's edits, each through the shared operations (@palabre/shared/subtitles) in one
 * transaction with the editor's own origin, so Y.UndoManager undoes only the user's changes. Typing
 * is grouped into undo steps by the manager's pause; every other edit is an undo step of its own. A
 * refusal changes nothing and is handed to `refused` with its error code (said in words by the page).
 */
import type { ErrorCode } from '@palabre/shared';
import {
  addScreen,
  deleteScreen,
  mergeScreens,
  minGapSeconds,
  readScreens,
  readSettings,
  retimeScreen,
  screenIndex,
  screensOf,
  setScreenText,
  splitScreen,
} from '@palabre/shared/subtitles';
import type * as Y from 'yjs';
import { roomAfter, screenBefore } from './timeline.ts';

export type ScreenAction = 'text' | 'split' | 'merge' | 'add' | 'delete' | 'retime';

export interface ScreenActions {
  setText(screenId: string, text: string): void;
  /** The new screen's id, or null when refused. */
  split(screenId: string, at: number): string | null;
  /** Merges a screen with the next one; false when refused. */
  mergeNext(screenId: string): boolean;
  /** A new empty screen in the gap after a screen (null: before the first); its id, or null when refused. */
  addAfter(screenId: string | null): string | null;
  /** A new empty screen at a moment, in the gap there; its id, or null when refused. */
  addAt(time: number): string | null;
  remove(screenId: string): void;
  /** Moves a screen's edges, pushing its neighbours; false when refused. */
  retime(screenId: string, times: { start?: number; end?: number }): boolean;
}

/** How long a new screen lasts at most (seconds), within the version's longest. */
const NEW_SCREEN_SECONDS = 2;

export function createScreenActions(options: {
  doc: Y.Doc;
  origin: object;
  undo: Y.UndoManager;
  duration: () => number;
  refused(error: ErrorCode, action: ScreenAction): void;
}): ScreenActions {
  const { doc, origin, undo, refused } = options;
  /** An edit that is an undo step of its own, never merged with typing before or after it. */
  const step = <T>(edit: () => T): T => {
    undo.stopCapturing();
    const result = edit();
    undo.stopCapturing();
    return result;
  };
  const outcome = (result: { ok: true; screen?: { id: string } } | { ok: false; error: ErrorCode }, action: ScreenAction) => {
    if (result.ok) return result.screen?.id ?? '';
    refused(result.error, action);
    return null;
  };
  const addIn = (index: number, from: number): string | null => {
    const screens = readScreens(doc);
    const settings = readSettings(doc);
    const room = roomAfter(screens, index, minGapSeconds(settings), Math.min(NEW_SCREEN_SECONDS, settings.maxScreenDuration), options.duration(), from);
    if (!room) {
      refused('subtitle_no_room', 'add');
      return null;
    }
    return step(() => outcome(addScreen(doc, screens[index]?.id ?? null, { ...room, text: '' }, origin), 'add'));
  };
  return {
    setText: (screenId, text) => void setScreenText(doc, screenId, text, origin),
    split: (screenId, at) => step(() => outcome(splitScreen(doc, screenId, at, origin), 'split')),
    mergeNext: (screenId) => {
      const index = screenIndex(doc, screenId);
      const next =
        index >= 0 && index + 1 < screensOf(doc).length
          ? (screensOf(doc)
              .get(index + 1)
              .get('id') as string)
          : null;
      if (!next) {
        refused('subtitle_merge_not_consecutive', 'merge');
        return false;
      }
      return step(() => outcome(mergeScreens(doc, [screenId, next], origin), 'merge')) !== null;
    },
    addAfter: (screenId) => addIn(screenId === null ? -1 : screenIndex(doc, screenId), 0),
    addAt: (time) => addIn(screenBefore(readScreens(doc), time), time),
    remove: (screenId) => void step(() => deleteScreen(doc, screenId, origin)),
    retime: (screenId, times) => step(() => outcome(retimeScreen(doc, screenId, times, 'push', origin), 'retime')) !== null,
  };
}
