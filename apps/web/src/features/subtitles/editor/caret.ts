/** Where a caret goes when a screen's text changes under it (another editor typed, or undo): it stays beside the same characters. */
import { changedStretch } from '@palabre/shared/collab/text-diff';

export function movedOffset(prev: string, next: string, offset: number): number {
  if (prev === next) return offset;
  const { start, prevEnd, nextEnd } = changedStretch(prev, next);
  if (offset <= start) return offset;
  if (offset >= prevEnd) return offset + (nextEnd - prevEnd);
  return nextEnd;
}
