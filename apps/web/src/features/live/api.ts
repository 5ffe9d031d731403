/**
 * The session a live page shows: the full read for those who may see it through their organization
 * (with `abilities.operate`, the stream keys and the saved media), else the public view (public
 * sessions; no account needed when anonymous access is on). Anonymous viewers get no session notices:
 * their view is refreshed every little while to follow its status.
 */
import { API, type PublicSession, type Session } from '@palabre/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { isMissing } from '../../api/client.ts';
import { isAuthenticated } from '../../api/cookies.ts';
import { sessionKeys } from '../sessions/api.ts';

export type LiveSession = { session: PublicSession; full: Session | null };

const PUBLIC_REFRESH_MS = 20_000;

async function fetchLiveSession(sessionId: string, signal: AbortSignal): Promise<LiveSession> {
  if (isAuthenticated()) {
    try {
      const full = await call(API.sessions.get, { params: { id: sessionId }, signal });
      return { session: full, full };
    } catch (error) {
      // Not one of the caller's organization's sessions: maybe a public one.
      if (!isMissing(error)) throw error;
    }
  }
  return { session: await call(API.sessions.getPublic, { params: { id: sessionId }, signal }), full: null };
}

export function useLiveSession(sessionId: string | undefined) {
  return useQuery({
    queryKey: [...sessionKeys.detail(sessionId ?? ''), 'live'],
    queryFn: ({ signal }) => fetchLiveSession(sessionId!, signal),
    enabled: Boolean(sessionId),
    retry: (count, error) => !isMissing(error) && count < 2,
    refetchInterval: (query) => (query.state.data?.full ? false : PUBLIC_REFRESH_MS),
  });
}
