/** When a session started (or is planned for) and when it ended, in one dimmed line. */
import { Text } from '@mantine/core';
import type { PublicSession } from '@palabre/shared';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from './format.ts';

export function SessionTimes({ session }: { session: Pick<PublicSession, 'startTime' | 'scheduleOn' | 'endTime'> }) {
  const { t } = useTranslation('sessions');
  const formatDateTime = useFormatDateTime();
  return (
    <Text size="sm" c="dimmed">
      {session.startTime
        ? t('settings.startedAt', { time: formatDateTime(session.startTime) })
        : session.scheduleOn
          ? t('settings.plannedAt', { time: formatDateTime(session.scheduleOn) })
          : t('list.unplanned')}
      {session.endTime && ` · ${t('settings.endedAt', { time: formatDateTime(session.endTime) })}`}
    </Text>
  );
}
