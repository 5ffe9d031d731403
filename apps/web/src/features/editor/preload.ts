/**
 * The editor route's loader: while the navigation guard runs its checks and the page's code loads,
 * it starts what the editor waits for most — joining the live document (earlyDocument.ts) and
 * fetching the media's fields — so that the page finds them under way, or done, when it mounts.
 * Nothing is decided here: the guard still decides where the navigation goes, and the server checks
 * the caller's right on every request and on the join.
 */
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router';
import { isAuthenticated } from '../../api/cookies.ts';
import { queryClient } from '../../app/queryClient.ts';
import { malformedIdParam } from '../../routes/guard.ts';
import { prefetchEditorMedia } from './mediaQuery.ts';

export function preloadEditor({ params }: LoaderFunctionArgs): null {
  const conversationId = params.conversationId;
  if (!conversationId || !isAuthenticated() || malformedIdParam(params)) return null;
  void prefetchEditorMedia(queryClient, conversationId);
  void import('./earlyDocument.ts').then((document) => document.openEarly({ conversationId }));
  return null;
}

/** Only a navigation to another media's editor preloads again (the mounted page holds its document). */
export const preloadAgain = ({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) => currentParams.conversationId !== nextParams.conversationId;
