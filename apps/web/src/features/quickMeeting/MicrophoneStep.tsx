/**
 * The microphone step (docs/PRODUCT.md, States; Screens and routes): the microphone is switched on (permission asked), its device
 * chosen and its level shown while it is tested; a muted or silent microphone shows "Microphone
 * muted or no permission" with "Continue anyway" and "Try again"; a refused permission says how to
 * allow it. Recording starts once sound is heard or the warning bypassed.
 */
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { QuickMeeting } from '@palabre/shared';
import { IconCircleCheck, IconPlayerRecord, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MicrophoneInput } from '../live/MicrophoneInput.tsx';
import type { Microphone } from '../live/useMicrophone.ts';
import { mayGoLive, type MuteCheck } from './muteCheck.ts';
import { StopDialog } from './StopDialog.tsx';
import { useMuteCheck } from './useMuteCheck.ts';

interface MicrophoneStepProps {
  meeting: QuickMeeting;
  microphone: Microphone;
  onReady: () => void;
  onEnded: (result: { discarded: boolean; savedConversationId: string | null }) => void;
}

function CheckStatus({ check }: { check: MuteCheck }) {
  const { t } = useTranslation('quickMeeting');
  if (check === 'starting') {
    return (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{t('microphone.starting')}</Text>
      </Group>
    );
  }
  if (check === 'working') {
    return (
      <Group gap="xs" c="green">
        <IconCircleCheck size={18} aria-hidden />
        <Text size="sm">{t('microphone.working')}</Text>
      </Group>
    );
  }
  if (check === 'testing' || check === 'bypassed') {
    return (
      <Text size="sm" c="dimmed">
        {t(`microphone.${check}`)}
      </Text>
    );
  }
  return null;
}

export function MicrophoneStep({ meeting, microphone, onReady, onEnded }: MicrophoneStepProps) {
  const { t } = useTranslation('quickMeeting');
  const { check, bypass, retry } = useMuteCheck(microphone);
  const [stopping, setStopping] = useState(false);
  const { status, start } = microphone;

  // The microphone is asked for as the step opens (and on again if switched off).
  useEffect(() => {
    if (status === 'off') void start(null);
  }, [status, start]);

  const failed = check === 'denied' || check === 'missing' || check === 'unsupported' || check === 'failed';
  const tryAgain = (
    <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={retry}>
      {t('microphone.tryAgain')}
    </Button>
  );

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('microphone.intro')}</Text>
      {status === 'on' && <MicrophoneInput microphone={microphone} />}
      <div role="status" aria-live="polite">
        <CheckStatus check={check} />
      </div>
      {(check === 'muted' || check === 'denied') && (
        <Alert color={check === 'denied' ? 'red' : 'orange'} title={t('microphone.mutedTitle')} role="alert">
          <Stack gap="sm">
            <Text size="sm">{check === 'denied' ? t('microphone.deniedMessage') : t('microphone.mutedMessage')}</Text>
            <Group gap="sm">
              {check === 'muted' && (
                <Button variant="light" color="orange" onClick={bypass}>
                  {t('microphone.continueAnyway')}
                </Button>
              )}
              {tryAgain}
            </Group>
          </Stack>
        </Alert>
      )}
      {failed && check !== 'denied' && (
        <Alert color="red" role="alert">
          <Stack gap="sm">
            <Text size="sm">{t(`live:microphone.${check}`)}</Text>
            <Group>{tryAgain}</Group>
          </Stack>
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Button variant="subtle" color="red" onClick={() => setStopping(true)}>
          {t('microphone.end')}
        </Button>
        <Button size="md" leftSection={<IconPlayerRecord size={18} aria-hidden />} disabled={!mayGoLive(check)} onClick={onReady}>
          {t('microphone.goLive')}
        </Button>
      </Group>
      <StopDialog opened={stopping} onClose={() => setStopping(false)} meeting={meeting} onEnded={onEnded} />
    </Stack>
  );
}
