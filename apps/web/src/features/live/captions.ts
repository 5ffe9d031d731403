/**
 * The captions a viewer holds for a live session (docs/live.md): finals upserted by channel and
 * segment (a later final with the same key replaces the earlier one: translations arrive that way),
 * kept in segment order, and each channel's partial, dropped once its final is in.
 */
import { LIVE_LIMITS, type LiveFinal, type LivePartial } from '@palabre/shared';

export interface CaptionState {
  /** Per channel index, its finals in increasing segment order. */
  finals: ReadonlyMap<number, readonly LiveFinal[]>;
  /** Per channel index, the utterance in progress. */
  partials: ReadonlyMap<number, LivePartial>;
}

export const EMPTY_CAPTIONS: CaptionState = { finals: new Map(), partials: new Map() };

/** Index of the first final whose segment is at or after `segmentId` (binary search). */
function positionOf(list: readonly LiveFinal[], segmentId: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (list[mid]!.segmentId < segmentId) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The state with `final` in its place; the channel keeps at most the backlog's worth of the most recent finals. */
export function upsertFinal(state: CaptionState, final: LiveFinal, keep: number = LIVE_LIMITS.backlog): CaptionState {
  const list = state.finals.get(final.channelIndex) ?? [];
  const at = positionOf(list, final.segmentId);
  const replaces = list[at]?.segmentId === final.segmentId;
  const next = [...list.slice(0, at), final, ...list.slice(replaces ? at + 1 : at)];
  const finals = new Map(state.finals);
  finals.set(final.channelIndex, next.length > keep ? next.slice(next.length - keep) : next);
  const partial = state.partials.get(final.channelIndex);
  if (!partial || partial.segmentId > final.segmentId) return { finals, partials: state.partials };
  const partials = new Map(state.partials);
  partials.delete(final.channelIndex);
  return { finals, partials };
}

/** The state with `partial` as its channel's utterance in progress (ignored when its final is already in). */
export function setPartial(state: CaptionState, partial: LivePartial): CaptionState {
  const last = state.finals.get(partial.channelIndex)?.at(-1);
  if (last && last.segmentId >= partial.segmentId) return state;
  const partials = new Map(state.partials);
  partials.set(partial.channelIndex, partial);
  return { finals: state.finals, partials };
}

/** A caption line as shown in one language. */
export interface CaptionLine {
  key: string;
  text: string;
  /** The language of `text`. */
  language: string;
  /** The wanted translation is not there yet: `text` is the original. */
  untranslated: boolean;
}

/**
 * A channel's finals in `language`: the original when it is the spoken one (`null`), otherwise the
 * translation, or the original marked untranslated while the translation has not come.
 */
export function linesIn(finals: readonly LiveFinal[], language: string | null): CaptionLine[] {
  return finals
    .filter((final) => final.text.trim() !== '')
    .map((final) => {
      const translated = language === null ? undefined : final.translations[language];
      return {
        key: `${final.channelIndex}:${final.segmentId}`,
        text: translated ?? final.text,
        language: translated === undefined ? final.language : language!,
        untranslated: language !== null && translated === undefined,
      };
    });
}
