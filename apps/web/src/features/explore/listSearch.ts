/**
 * The state of a media list as it lives in the address bar, so a reload, the back button and a
 * shared link open the same list: search text, tag criteria, sort, page and page size. Values equal
 * to the defaults are left out of the URL; a missing or invalid value falls back to its default
 * (docs/PRODUCT.md, Limits: 10 a page, 100 at most, last update newest first, 20 tag criteria).
 *
 *   ?text=budget&tags=<id>,<id>&notags=1&keyword=budget,transport&sort=name&order=asc&page=2&size=25   (page counts from 1)
 *
 * `keyword`: keywords the media's extracted keywords must all include (comma-joined; keywords never
 * hold a comma), at most 200 characters as the API takes them.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, TEXT_LIMITS, zId } from '@palabre/shared';
import type { SortCriteria, SortField } from './api.ts';

export const SORT_FIELDS: readonly SortField[] = ['last_update', 'created', 'name'];
/** The page sizes offered; any other size in the URL falls back to the default. */
export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 25, 50, MAX_PAGE_SIZE] as const;
const MAX_TAG_CRITERIA = 20;
/** The API's limit on the comma-joined keyword criterion. */
export const MAX_KEYWORD_CRITERIA_CHARS = 200;

export interface ListState {
  text: string;
  tags: string[];
  noTags: boolean;
  /** Keywords the media must all have (their extracted keywords, case and accents ignored). */
  keywords: string[];
  sortField: SortField;
  sortCriteria: SortCriteria;
  /** From 0, as the API counts. */
  page: number;
  size: number;
}

export const DEFAULT_LIST_STATE: ListState = {
  text: '',
  tags: [],
  noTags: false,
  keywords: [],
  sortField: 'last_update',
  sortCriteria: -1,
  page: 0,
  size: DEFAULT_PAGE_SIZE,
};

/** The keys this module owns in the query string; any other key is left as it is. */
const KEYS = ['text', 'tags', 'notags', 'keyword', 'sort', 'order', 'page', 'size'] as const;

function positiveInteger(raw: string | null): number | null {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
}

export function parseListSearch(search: URLSearchParams): ListState {
  const text = (search.get('text') ?? '').trim();
  const tags = [
    ...new Set(
      (search.get('tags') ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => zId.safeParse(id).success),
    ),
  ];
  const noTags = search.get('notags') === '1';
  const keyword = search.get('keyword') ?? '';
  const keywords = [
    ...new Set(
      keyword
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
  const sort = search.get('sort');
  const order = search.get('order');
  const size = positiveInteger(search.get('size'));
  const page = positiveInteger(search.get('page'));
  return {
    text: text.length <= TEXT_LIMITS.search ? text : DEFAULT_LIST_STATE.text,
    tags: noTags || tags.length > MAX_TAG_CRITERIA ? [] : tags,
    noTags,
    keywords: keyword.length <= MAX_KEYWORD_CRITERIA_CHARS ? keywords : [],
    sortField: SORT_FIELDS.includes(sort as SortField) ? (sort as SortField) : DEFAULT_LIST_STATE.sortField,
    sortCriteria: order === 'asc' ? 1 : order === 'desc' ? -1 : DEFAULT_LIST_STATE.sortCriteria,
    page: page === null ? DEFAULT_LIST_STATE.page : page - 1,
    size: size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_LIST_STATE.size,
  };
}

/** The query string for a state: `current` with this module's keys replaced, defaults left out. */
export function listSearchParams(state: ListState, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of KEYS) next.delete(key);
  const text = state.text.trim();
  if (text) next.set('text', text);
  if (state.noTags) next.set('notags', '1');
  else if (state.tags.length > 0) next.set('tags', state.tags.join(','));
  if (state.keywords.length > 0) next.set('keyword', state.keywords.join(','));
  if (state.sortField !== DEFAULT_LIST_STATE.sortField) next.set('sort', state.sortField);
  if (state.sortCriteria !== DEFAULT_LIST_STATE.sortCriteria) next.set('order', state.sortCriteria === 1 ? 'asc' : 'desc');
  if (state.page > 0) next.set('page', String(state.page + 1));
  if (state.size !== DEFAULT_LIST_STATE.size) next.set('size', String(state.size));
  return next;
}

/**
 * A change of the list: a new search, sort, criteria or page size starts again from the first page;
 * only a page change keeps the others.
 */
export function changeList(state: ListState, patch: Partial<ListState>): ListState {
  const next = { ...state, ...patch };
  if (!('page' in patch)) next.page = 0;
  if (next.noTags) next.tags = [];
  return next;
}
