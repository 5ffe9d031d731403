/**
 * The operator's microphone (docs/live.md): switched on (permission asked), its device chosen, its
 * level shown and a warning when it seems muted; then its audio sent to the chosen channel through
 * the ingest WebSocket, with the server's refusals in words.
 */
import { Alert, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import type { SessionChannel } from '@palabre/shared';
import { IconMicrophone, IconMicrophoneOff, IconPlayerStop, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ingestFailure } from './ingest.ts';
import { MicrophoneInput } from './MicrophoneInput.tsx';
import { useMicrophone } from './useMicrophone.ts';

export function MicrophonePanel({ channel, running }: { channel: SessionChannel; running: boolean }) {
  const { t } = useTranslation('live');
  const microphone = useMicrophone();
  /** The channel the audio goes to (the page's channel may change meanwhile). */
  const [target, setTarget] = useState(channel.name);
  const { status, ingest } = microphone;
  const on = status === 'on';
  const sending = ingest !== null && (ingest.phase === 'connecting' || ingest.phase === 'ready');
  const failure = ingestFailure(ingest);

  return (
    <Fieldset legend={t('microphone.title')}>
      <Stack gap="sm">
        {!on && (
          <Group>
            <Button leftSection={<IconMicrophone size={16} aria-hidden />} loading={status === 'asking'} onClick={() => void microphone.start(microphone.deviceId)}>
              {t('microphone.turnOn')}
            </Button>
          </Group>
        )}
        {status === 'denied' && <Alert color="red">{t('microphone.denied')}</Alert>}
        {status === 'missing' && <Alert color="red">{t('microphone.missing')}</Alert>}
        {status === 'unsupported' && <Alert color="red">{t('microphone.unsupported')}</Alert>}
        {status === 'failed' && <Alert color="red">{t('microphone.failed')}</Alert>}
        {on && (
          <>
            <MicrophoneInput
              microphone={microphone}
              onDeviceChange={microphone.stopSending}
              actions={
                <Button variant="default" leftSection={<IconMicrophoneOff size={16} aria-hidden />} onClick={microphone.stop}>
                  {t('microphone.turnOff')}
                </Button>
              }
            />
            {microphone.muted && (
              <Alert color="orange" role="alert">
                {t('microphone.muted')}
              </Alert>
            )}
            <Group>
              {sending ? (
                <Button color="orange" leftSection={<IconPlayerStop size={16} aria-hidden />} onClick={microphone.stopSending}>
                  {t('microphone.stopSending')}
                </Button>
              ) : (
                <Button
                  leftSection={<IconSend size={16} aria-hidden />}
                  disabled={!running || !channel.streamKey}
                  onClick={() => {
                    if (!channel.streamKey) return;
                    setTarget(channel.name);
                    microphone.send(channel.streamKey, channel.endpoints?.websocket);
                  }}
                >
                  {t('microphone.send', { name: channel.name })}
                </Button>
              )}
              <Text size="sm" c="dimmed" role="status">
                {ingest?.phase === 'connecting' && t('microphone.connecting')}
                {ingest?.phase === 'ready' && t('microphone.sending', { name: target })}
                {!running && t('microphone.notRunning')}
              </Text>
            </Group>
            {failure && (
              <Alert color="red" role="alert">
                {t(`microphone.failure.${failure}`)}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
