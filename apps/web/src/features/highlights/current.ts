/** The highlight last jumped to (drawn stronger; "previous/next" go from it), shared by the panel and the marks. */
import { useSyncExternalStore } from 'react';

let current: string | null = null;
const listeners = new Set<() => void>();

export function setCurrentHighlight(id: string | null): void {
  if (id === current) return;
  current = id;
  for (const listener of listeners) listener();
}

export function currentHighlight(): string | null {
  return current;
}

export function subscribeCurrentHighlight(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentHighlight(): string | null {
  return useSyncExternalStore(subscribeCurrentHighlight, currentHighlight);
}
