/**
 * Consecutive groups of items whose token sum fits `budget`, in the items' order; an item larger
 * than the budget is alone in its group (the caller decides what to do with it). No group is empty.
 */
export function chunkByTokens<T>(items: readonly T[], tokensOf: (item: T) => number, budget: number): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let used = 0;
  for (const item of items) {
    const tokens = Math.max(0, tokensOf(item));
    if (group.length > 0 && used + tokens > budget) {
      groups.push(group);
      group = [];
      used = 0;
    }
    group.push(item);
    used += tokens;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}
