/**
 * The recoverable meeting the navigation guard looks for (rule 5): the caller's most recent quick
 * meeting in progress, in any organization. Asked once per sign-in and page load, and again after a
 * meeting is created or ended (forgetRecoverable); a failed or empty lookup means none.
 */
import { API, COOKIE } from '@palabre/shared';
import { call } from '../../api/call.ts';
import { readCookie } from '../../api/cookies.ts';

export interface RecoveryLookup {
  /** The organization of the meeting in progress, or null: asked once per user until forgotten. */
  organization(): Promise<string | null>;
  /** The next call asks again. */
  forget(): void;
}

/** A lookup asking `ask` (the organization of the meeting in progress) for the user `currentUser` names. */
export function createRecoveryLookup(ask: () => Promise<string | null>, currentUser: () => string | null): RecoveryLookup {
  let known: { userId: string | null; organizationId: string | null } | null = null;
  let asking: { userId: string | null; answer: Promise<string | null> } | null = null;
  return {
    organization() {
      const userId = currentUser();
      if (known && known.userId === userId) return Promise.resolve(known.organizationId);
      if (asking && asking.userId === userId) return asking.answer;
      const pending = {
        userId,
        answer: ask()
          .catch(() => null)
          .then((organizationId) => {
            // Forgotten meanwhile (a meeting created or ended): the answer may be stale, so it is not kept.
            if (asking === pending) {
              known = { userId, organizationId };
              asking = null;
            }
            return organizationId;
          }),
      };
      asking = pending;
      return pending.answer;
    },
    forget() {
      known = null;
      asking = null;
    },
  };
}

const lookup = createRecoveryLookup(
  async () => (await call(API.meetings.recoverable)).quickMeeting?.organizationId ?? null,
  () => readCookie(COOKIE.userId),
);

/** The organization of the caller's meeting in progress, or null. */
export const recoverableOrganization = () => lookup.organization();

/** Makes the next navigation ask again. */
export const forgetRecoverable = () => lookup.forget();
