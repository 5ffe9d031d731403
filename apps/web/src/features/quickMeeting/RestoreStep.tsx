/**
 * The restore step (docs/PRODUCT.md, States): a meeting left in progress (a closed tab, a crash, another device) is
 * continued (its microphone set up again, then live), saved to the library under a name, or discarded.
 */
import { Button, Divider, Stack, Text, Title } from '@mantine/core';
import type { QuickMeeting } from '@palabre/shared';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../conversations/format.ts';
import { useFormatDateTime } from '../sessions/format.ts';
import { EndMeetingForm } from './EndMeetingForm.tsx';

interface RestoreStepProps {
  meeting: QuickMeeting;
  onContinue: () => void;
  onEnded: (result: { discarded: boolean; savedConversationId: string | null }) => void;
}

export function RestoreStep({ meeting, onContinue, onEnded }: RestoreStepProps) {
  const { t } = useTranslation('quickMeeting');
  const formatDateTime = useFormatDateTime();
  const started = meeting.startTime ?? meeting.created;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('restore.title')}
      </Title>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {started ? t('restore.started', { name: meeting.name, time: formatDateTime(started) }) : t('restore.notStarted', { name: meeting.name })}
      </Text>
      {meeting.receivedSeconds > 0 && <Text>{t('restore.received', { time: formatTime(meeting.receivedSeconds) })}</Text>}
      <Text c="dimmed">{t('restore.message')}</Text>
      <div>
        <Button size="md" leftSection={<IconPlayerPlay size={18} aria-hidden />} onClick={onContinue}>
          {t('restore.continue')}
        </Button>
      </div>
      <Divider label={t('restore.orEnd')} labelPosition="left" />
      <EndMeetingForm meeting={meeting} onEnded={onEnded} />
    </Stack>
  );
}
