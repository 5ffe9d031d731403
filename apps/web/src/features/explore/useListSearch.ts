/**
 * The list state read from and written to the query string (see listSearch.ts). A change shows at
 * once (a checkbox is checked as it is clicked) while the navigation that writes it to the address
 * completes; changes made in a row build on each other rather than on the address not yet updated.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { changeList, listSearchParams, parseListSearch, type ListState } from './listSearch.ts';

export type ChangeList = (patch: Partial<ListState>, options?: { replace?: boolean }) => void;

export function useListSearch(): [ListState, ChangeList] {
  const [params, setParams] = useSearchParams();
  const fromUrl = useMemo(() => parseListSearch(params), [params]);
  const [pending, setPending] = useState<{ state: ListState; search: string } | null>(null);
  const latest = useRef(fromUrl);
  latest.current = pending?.state ?? fromUrl;

  // The address has changed: either the last change arrived, or it came from elsewhere (back
  // button, a link); in both cases the address is the state again. An earlier change of a quick
  // series arriving keeps the series' state shown.
  const asked = useRef(new Set<string>());
  useEffect(() => {
    const search = params.toString();
    setPending((current) => (current && current.search !== search && asked.current.has(search) ? current : null));
    if (!asked.current.has(search) || pending?.search === search) asked.current.clear();
  }, [params]); // the address alone decides; `pending` is read as of this render

  // Each change is a history entry (the back button undoes it) unless told to replace the current one.
  const change = useCallback<ChangeList>(
    (patch, options) => {
      const state = changeList(latest.current, patch);
      latest.current = state;
      const next = listSearchParams(state, new URLSearchParams(window.location.search));
      asked.current.add(next.toString());
      setPending({ state, search: next.toString() });
      setParams(next, { replace: options?.replace ?? false });
    },
    [setParams],
  );
  return [pending?.state ?? fromUrl, change];
}
