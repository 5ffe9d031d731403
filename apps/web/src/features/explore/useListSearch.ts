/** The list state read from and written to the query string (see listSearch.ts). */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { changeList, listSearchParams, parseListSearch, type ListState } from './listSearch.ts';

export type ChangeList = (patch: Partial<ListState>, options?: { replace?: boolean }) => void;

export function useListSearch(): [ListState, ChangeList] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListSearch(params), [params]);
  // Each change is a history entry (the back button undoes it) unless told to replace the current one.
  const change = useCallback<ChangeList>(
    (patch, options) => setParams((current) => listSearchParams(changeList(parseListSearch(current), patch), current), { replace: options?.replace ?? false }),
    [setParams],
  );
  return [state, change];
}
