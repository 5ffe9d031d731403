/**
 * The recoverable meeting the navigation guard looks for (rule 5): the caller's most recent quick
 * meeting in progress, in any organization. Asked once per sign-in and page load, and again after a
 * meeting is created or ended (forgetRecoverable); a failed or empty lookup means none. Each meeting
 * is offered once per page load: the user, sent to it or already on it, may then go elsewhere.
 */
import { API, COOKIE } from '@palabre/shared';
import { call } from '../../api/call.ts';
import { readCookie } from '../../api/cookies.ts';

/** A meeting in progress, as the lookup knows it. */
export interface InProgress {
  meetingId: string;
  organizationId: string;
}

export interface RecoveryLookup {
  /**
   * The organization of a meeting in progress not yet offered on this page, or null. Asked once per
   * user until forgotten; a meeting is offered once: answering it marks it offered, so that the user,
   * once sent to it, may go elsewhere while it stays in progress.
   */
  organization(): Promise<string | null>;
  /** Starts asking (or reuses the answer) without offering anything: `organization()` then finds it under way. */
  askAhead(): void;
  /** The next call asks again. */
  forget(): void;
  /** The user is on this meeting already (created it, or opened its page): it is not offered again. */
  offered(meetingId: string): void;
}

/** A lookup asking `ask` (the meeting in progress) for the user `currentUser` names. */
export function createRecoveryLookup(ask: () => Promise<InProgress | null>, currentUser: () => string | null): RecoveryLookup {
  let known: { userId: string | null; meeting: InProgress | null } | null = null;
  let asking: { userId: string | null; answer: Promise<InProgress | null> } | null = null;
  const offered = new Set<string>();
  const question = (userId: string | null): Promise<InProgress | null> => {
    if (known && known.userId === userId) return Promise.resolve(known.meeting);
    if (asking && asking.userId === userId) return asking.answer;
    const pending = {
      userId,
      answer: ask()
        .catch(() => null)
        .then((meeting) => {
          // Forgotten meanwhile (a meeting created or ended): the answer may be stale, so it is not kept.
          if (asking === pending) {
            known = { userId, meeting };
            asking = null;
          }
          return meeting;
        }),
    };
    asking = pending;
    return pending.answer;
  };
  return {
    async organization() {
      const meeting = await question(currentUser());
      if (!meeting || offered.has(meeting.meetingId)) return null;
      offered.add(meeting.meetingId);
      return meeting.organizationId;
    },
    askAhead() {
      void question(currentUser());
    },
    forget() {
      known = null;
      asking = null;
    },
    offered(meetingId) {
      offered.add(meetingId);
    },
  };
}

const lookup = createRecoveryLookup(
  async () => {
    const meeting = (await call(API.meetings.recoverable)).quickMeeting;
    return meeting ? { meetingId: meeting._id, organizationId: meeting.organizationId } : null;
  },
  () => readCookie(COOKIE.userId),
);

/** The organization of the caller's meeting in progress not yet offered on this page, or null. */
export const recoverableOrganization = () => lookup.organization();

/** The guard may need the meeting in progress: asked beside its other checks (nothing is offered yet). */
export const askRecoverableAhead = () => lookup.askAhead();

/** Makes the next navigation ask again. */
export const forgetRecoverable = () => lookup.forget();

/** The user is on this meeting: navigating elsewhere does not bring them back to it. */
export const meetingOffered = (meetingId: string) => lookup.offered(meetingId);
