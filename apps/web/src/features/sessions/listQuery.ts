/**
 * The sessions page's filters as list queries (docs/sessions-api.md, The list): each tab's statuses,
 * the week selector's range (Monday 00:00 to the next Monday 00:00, local time) and the page.
 */
import { SESSION_LIMITS, type SessionStatusFilter } from '@palabre/shared';

export const SESSION_TABS = ['ongoing', 'scheduled', 'past', 'all'] as const;
export type SessionTab = (typeof SESSION_TABS)[number];

const TAB_STATUSES: Record<SessionTab, SessionStatusFilter[] | null> = {
  ongoing: ['active', 'pending'],
  scheduled: ['scheduled'],
  past: ['terminated'],
  all: null,
};

/** The week selector applies to planned sessions: the scheduled and all tabs. */
export const tabHasWeek = (tab: SessionTab) => tab === 'scheduled' || tab === 'all';

export interface ListFilter {
  tab: SessionTab;
  /** Weeks from this one (0 this week, -1 the previous, 1 the next); null: every week. */
  week: number | null;
  page: number;
}

/** Monday 00:00 of the week `offset` weeks from the one holding `now`, and the Monday after. */
export function weekRange(now: Date, offset: number): { start: Date; end: Date } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const fromMonday = (start.getDay() + 6) % 7;
  start.setDate(start.getDate() - fromMonday + offset * 7);
  const end = new Date(start);
  end.setDate(start.getDate() + 7);
  return { start, end };
}

export function listQuery(filter: ListFilter, now = new Date()) {
  const statuses = TAB_STATUSES[filter.tab];
  const range = filter.week !== null && tabHasWeek(filter.tab) ? weekRange(now, filter.week) : null;
  return {
    limit: SESSION_LIMITS.list,
    page: filter.page,
    ...(statuses ? { statusList: statuses.join(',') } : {}),
    ...(range ? { 'scheduleOn[after]': range.start.toISOString(), 'scheduleOn[before]': range.end.toISOString() } : {}),
  };
}

/** The filters kept in the page address (`?tab=scheduled&week=1&page=2`), so reloads and links keep them. */
export function filterFromSearch(search: URLSearchParams): ListFilter {
  const tab = search.get('tab');
  const week = Number(search.get('week'));
  const page = Number(search.get('page'));
  return {
    tab: (SESSION_TABS as readonly string[]).includes(tab ?? '') ? (tab as SessionTab) : 'ongoing',
    week: search.has('week') && [-1, 0, 1].includes(week) ? week : null,
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

export function searchFromFilter(filter: ListFilter): Record<string, string> {
  return { tab: filter.tab, ...(filter.week !== null ? { week: String(filter.week) } : {}), ...(filter.page > 0 ? { page: String(filter.page) } : {}) };
}
