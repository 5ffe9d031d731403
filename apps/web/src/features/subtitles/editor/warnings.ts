/** The editor's live warnings: each screen's broken rules (rules.ts), their count, and the way from one problem to the next. */
import type { Screen, ScreenRule, SubtitleSettings } from '@palabre/shared';
import { checkScreens } from '@palabre/shared/subtitles';

export type WarningMap = ReadonlyMap<string, readonly ScreenRule[]>;

export function warningsByScreen(screens: readonly Screen[], settings: SubtitleSettings): WarningMap {
  const map = new Map<string, ScreenRule[]>();
  for (const { screenId, rule } of checkScreens(screens, settings)) {
    const rules = map.get(screenId);
    if (rules) rules.push(rule);
    else map.set(screenId, [rule]);
  }
  return map;
}

/** The next screen with a problem after `from` (or before it, going back), wrapping around; -1 when none has one. */
export function nextProblem(screens: readonly Screen[], warnings: WarningMap, from: number, direction: 1 | -1 = 1): number {
  const n = screens.length;
  if (n === 0 || warnings.size === 0) return -1;
  for (let step = 1; step <= n; step += 1) {
    const index = (((from + direction * step) % n) + n) % n;
    if (warnings.has(screens[index]!.id)) return index;
  }
  return -1;
}
