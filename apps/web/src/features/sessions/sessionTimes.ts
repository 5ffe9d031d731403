/** The words of a session's times: when it started (or is planned for) and when it ended. */
import type { PublicSession } from '@palabre/shared';
import type { TFunction } from 'i18next';

export type SessionTimesFacts = Pick<PublicSession, 'startTime' | 'scheduleOn' | 'endTime'>;

/**
 * A session that ran says when it started and ended, whether or not it was planned; one that has
 * not run says when it is planned for, or that it is not planned.
 */
export function sessionTimesText(t: TFunction, formatDateTime: (iso: string) => string, session: SessionTimesFacts): string {
  const ended = session.endTime ? t('sessions:settings.endedAt', { time: formatDateTime(session.endTime) }) : null;
  if (session.startTime) return [t('sessions:settings.startedAt', { time: formatDateTime(session.startTime) }), ended].filter(Boolean).join(' · ');
  if (session.endTime && !session.scheduleOn) return t('sessions:list.endedAt', { time: formatDateTime(session.endTime) });
  const first = session.scheduleOn ? t('sessions:settings.plannedAt', { time: formatDateTime(session.scheduleOn) }) : t('sessions:list.unplanned');
  return [first, ended].filter(Boolean).join(' · ');
}
