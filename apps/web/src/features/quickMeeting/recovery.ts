/**
 * The recoverable meeting the navigation guard looks for (rule 5): the caller's most recent quick
 * meeting in progress, in any organization. Asked once per sign-in and page load, and again after a
 * meeting is created or ended (forgetRecoverable); a failed or empty lookup means none.
 */
import { API, COOKIE } from '@palabre/shared';
import { call } from '../../api/call.ts';
import { readCookie } from '../../api/cookies.ts';

interface Known {
  /** The signed-in user it was asked for. */
  userId: string | null;
  /** The organization of the meeting in progress, or null. */
  organizationId: string | null;
}

let known: Known | null = null;
let asking: Promise<string | null> | null = null;

/** The organization of the caller's meeting in progress, or null. */
export async function recoverableOrganization(): Promise<string | null> {
  const userId = readCookie(COOKIE.userId);
  if (known && known.userId === userId) return known.organizationId;
  if (asking) return asking;
  const lookup = call(API.meetings.recoverable)
    .then((answer) => answer.quickMeeting?.organizationId ?? null)
    .catch(() => null)
    .then((organizationId) => {
      // Forgotten meanwhile (a meeting created or ended): the answer may be stale, so it is not kept.
      if (asking === lookup) known = { userId, organizationId };
      return organizationId;
    })
    .finally(() => {
      if (asking === lookup) asking = null;
    });
  asking = lookup;
  return lookup;
}

/** Makes the next navigation ask again. */
export function forgetRecoverable(): void {
  known = null;
  asking = null;
}
