/** Moving between the matches of a search (pure, so it is tested without a page). */
import type { TextMatch } from '@palabre/shared/collab';

export { stepMatch } from '../textMarks.ts';

/**
 * After the matches were computed again (the query or the document changed), the index to keep
 * showing: the same match if it is still there, else the first one after where it was, in
 * document order given by `turnOrder` (turn id → index). -1 when there is no match.
 */
export function followMatch(matches: TextMatch[], previous: TextMatch | null, turnOrder: (turnId: string) => number): number {
  if (matches.length === 0) return -1;
  if (!previous) return 0;
  const same = matches.findIndex((m) => m.turnId === previous.turnId && m.start === previous.start);
  if (same >= 0) return same;
  const at = turnOrder(previous.turnId);
  const after = matches.findIndex((m) => {
    const order = turnOrder(m.turnId);
    return order > at || (order === at && m.start >= previous.start);
  });
  return after >= 0 ? after : 0;
}
