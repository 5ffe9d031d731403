/**
 * What a first screen is known to need from the server, asked by the entry script (main.tsx) before
 * the application's code runs (api/earlyAnswers.ts): the public configuration everywhere; on the
 * interface's pages the signed-in user, their organizations and the meeting in progress (the layout
 * and the navigation guard); on a media's pages the caller's right on it (the guard), and on its
 * editor the fields the editor shows. Each answer is taken by the request that would have asked it.
 */
import { FIRST_SCREEN_PATHS } from '@palabre/shared/constants';
import { isAuthenticated } from '../api/cookies.ts';
import { askEarly, requestPath } from '../api/earlyAnswers.ts';
import { isQuickSessionPath, mediaPageOf, paths } from './paths.ts';

/** How the navigation guard reads the caller's right on a media (rule 7). */
export const RIGHT_QUERY = { projection: 'right' } as const;
/** The media's fields the editor shows (never its transcript: the live document carries it). */
export const EDITOR_MEDIA_QUERY = { projection: ['name', 'duration', 'media', 'right', 'organizationId', 'channels', 'status'].join(',') } as const;

export function askFirstScreen(pathname: string): void {
  askEarly(FIRST_SCREEN_PATHS.config);
  if (!isAuthenticated() || !pathname.startsWith(`${paths.interface}/`)) return;
  askEarly(FIRST_SCREEN_PATHS.self);
  askEarly(FIRST_SCREEN_PATHS.organizations);
  // The guard asks it everywhere but on the quick session page (rule 5).
  if (!isQuickSessionPath(pathname)) askEarly(FIRST_SCREEN_PATHS.recoverableMeeting);
  const media = mediaPageOf(pathname);
  if (!media) return;
  const path = FIRST_SCREEN_PATHS.conversation.replace(':id', media.conversationId);
  // The editor's fields hold the right: on its page the guard reads it from them (guardLoader.ts).
  askEarly(requestPath(path, media.page === 'transcription' ? EDITOR_MEDIA_QUERY : RIGHT_QUERY));
}
