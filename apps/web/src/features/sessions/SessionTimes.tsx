/** When a session started (or is planned for) and when it ended, in one dimmed line. */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from './format.ts';
import { sessionTimesText, type SessionTimesFacts } from './sessionTimes.ts';

export function SessionTimes({ session }: { session: SessionTimesFacts }) {
  const { t } = useTranslation('sessions');
  const formatDateTime = useFormatDateTime();
  return (
    <Text size="sm" c="dimmed">
      {sessionTimesText(t, formatDateTime, session)}
    </Text>
  );
}
