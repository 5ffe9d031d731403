/**
 * The operator's microphone (docs/live.md): switched on (permission asked), its device chosen, its
 * level shown and a warning when it seems muted; then its audio sent to the chosen channel through
 * the ingest WebSocket, with the server's refusals in words.
 */
import { Alert, Button, Fieldset, Group, Progress, Select, Stack, Text } from '@mantine/core';
import type { SessionChannel } from '@palabre/shared';
import { IconMicrophone, IconMicrophoneOff, IconPlayerStop, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Live.module.css';
import { useMicrophone } from './useMicrophone.ts';

/** The ingest's refusals the page explains; anything else reads as a generic failure. */
const KNOWN_FAILURES = ['not_found', 'session_status', 'conflict', 'validation_failed', 'engine_failed', 'network'] as const;

export function MicrophonePanel({ channel, running }: { channel: SessionChannel; running: boolean }) {
  const { t } = useTranslation('live');
  const microphone = useMicrophone();
  /** The channel the audio goes to (the page's channel may change meanwhile). */
  const [target, setTarget] = useState(channel.name);
  const { status, ingest } = microphone;
  const on = status === 'on';
  const sending = ingest !== null && (ingest.phase === 'connecting' || ingest.phase === 'ready');
  const failure = ingest?.phase === 'failed' ? ((KNOWN_FAILURES as readonly string[]).includes(ingest.code) ? ingest.code : 'other') : null;

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
            <Group align="flex-end" wrap="wrap">
              <Select
                label={t('microphone.device')}
                data={microphone.devices.map((device, index) => ({ value: device.deviceId, label: device.label || t('microphone.deviceNumber', { number: index + 1 }) }))}
                value={microphone.deviceId}
                onChange={(deviceId) => {
                  if (!deviceId || deviceId === microphone.deviceId) return;
                  microphone.stopSending();
                  void microphone.start(deviceId);
                }}
                allowDeselect={false}
                style={{ flex: 1, minWidth: 200 }}
              />
              <Button variant="default" leftSection={<IconMicrophoneOff size={16} aria-hidden />} onClick={microphone.stop}>
                {t('microphone.turnOff')}
              </Button>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" aria-hidden>
                {t('microphone.level')}
              </Text>
              <Progress.Root className={classes.meter}>
                <Progress.Section value={microphone.level} color={microphone.level > 90 ? 'red' : 'green'} aria-label={t('microphone.level')} />
              </Progress.Root>
            </Group>
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
