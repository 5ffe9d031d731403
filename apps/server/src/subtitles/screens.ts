/**
 * Screen edits for API clients: each is one change of the version's live screen document (the one
 * open editors hold), stored and relayed before it answers. A refused operation changes nothing and
 * answers its error code (422: overlap, no room, merge refusals; 404: no such screen).
 */
import type * as Y from 'yjs';
import type { ErrorCode, Screen } from '@palabre/shared';
import { addScreen, deleteScreen, mergeScreens, retimeScreen, setScreenText, splitScreen, type ScreenOpResult } from '@palabre/shared/subtitles';
import type { AppContext } from '../context.ts';
import type { Actor } from '../http/auth.ts';
import { AppError } from '../http/errors.ts';
import { versionFor } from './service.ts';

export interface ScreenEditResult {
  screen?: Screen;
  screens: number;
}

const REFUSALS: Partial<Record<ErrorCode, string>> = {
  subtitle_overlap: 'The screen would overlap its neighbours',
  subtitle_no_room: 'There is no room for this screen',
  subtitle_merge_not_consecutive: 'Only consecutive screens can be merged',
  subtitle_merge_too_long: 'The merged text does not fit the line limits',
  not_found: 'Screen not found',
};

/** A refused operation: thrown inside the change, so whatever it did before is dropped too. */
function refused(error: ErrorCode): AppError {
  return new AppError(error, REFUSALS[error] ?? 'The screens do not allow this change');
}

async function edit(ctx: AppContext, actor: Actor, id: string, subtitleId: string, ops: (doc: Y.Doc) => ScreenOpResult): Promise<ScreenEditResult> {
  const { version } = await versionFor(ctx, actor, id, subtitleId, true);
  return ctx.subtitles.change(version.id, { userId: actor.user.id }, (doc) => {
    const result = ops(doc);
    if (!result.ok) throw refused(result.error);
    const screens = doc.getArray('screens').length;
    return result.screen ? { screen: result.screen, screens } : { screens };
  });
}

export function create(
  ctx: AppContext,
  actor: Actor,
  id: string,
  subtitleId: string,
  body: { after: string | null; start: number; end: number; text: string },
): Promise<ScreenEditResult> {
  return edit(ctx, actor, id, subtitleId, (doc) => addScreen(doc, body.after, { start: body.start, end: body.end, text: body.text }));
}

export function update(
  ctx: AppContext,
  actor: Actor,
  id: string,
  subtitleId: string,
  screenId: string,
  body: { text?: string | undefined; start?: number | undefined; end?: number | undefined },
): Promise<ScreenEditResult> {
  return edit(ctx, actor, id, subtitleId, (doc) => {
    let result: ScreenOpResult = { ok: true };
    if (body.start !== undefined || body.end !== undefined) {
      // Scripts get no surprises: a retime that would move a neighbour is refused, not pushed.
      const times = { ...(body.start !== undefined ? { start: body.start } : {}), ...(body.end !== undefined ? { end: body.end } : {}) };
      result = retimeScreen(doc, screenId, times, 'refuse');
      if (!result.ok) return result;
    }
    if (body.text !== undefined) result = setScreenText(doc, screenId, body.text);
    return result;
  });
}

export function remove(ctx: AppContext, actor: Actor, id: string, subtitleId: string, screenId: string): Promise<ScreenEditResult> {
  return edit(ctx, actor, id, subtitleId, (doc) => deleteScreen(doc, screenId));
}

export function split(ctx: AppContext, actor: Actor, id: string, subtitleId: string, screenId: string, at: number): Promise<ScreenEditResult> {
  return edit(ctx, actor, id, subtitleId, (doc) => splitScreen(doc, screenId, at));
}

export function merge(ctx: AppContext, actor: Actor, id: string, subtitleId: string, screenIds: string[]): Promise<ScreenEditResult> {
  return edit(ctx, actor, id, subtitleId, (doc) => mergeScreens(doc, screenIds));
}
